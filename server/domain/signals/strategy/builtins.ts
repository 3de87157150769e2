import type { Timeframe } from '../../../../contract/codes';
import type { StrategyBodyInput } from '../../../../contract/signals/strategy-body';

/** A strategy shipped with the product (owner null); the seed stores `body` after parsing it with StrategyBody. */
export interface BuiltinStrategy {
  /** Stable identity for the seed (names may be renamed by an admin). */
  readonly key: string;
  readonly name: string;
  readonly description: { readonly fa: string; readonly en: string };
  /** The timeframe the strategy was tuned for; a hint for new subscriptions. */
  readonly timeframe: Timeframe;
  readonly body: StrategyBodyInput;
}

/** DOMAIN.md's example: trend from an EMA crossing, RSI extremes for conviction. */
export const EMA_CROSS_RSI: BuiltinStrategy = {
  key: 'ema_cross_rsi',
  name: 'EMA cross + RSI',
  description: {
    en: 'Buys when the 12-period EMA crosses above the 26-period EMA, sells when it crosses below; RSI under 30 or over 70 adds conviction.',
    fa: 'وقتی میانگین متحرک نمایی ۱۲ دوره‌ای از میانگین ۲۶ دوره‌ای بالا می‌زند خرید و وقتی زیر آن می‌رود فروش؛ RSI زیر ۳۰ یا بالای ۷۰ به امتیاز وزن می‌دهد.',
  },
  timeframe: '1h',
  body: {
    version: 1,
    indicators: {
      fast: { type: 'ema', period: 12 },
      slow: { type: 'ema', period: 26 },
      rsi: { type: 'rsi', period: 14 },
    },
    rules: [
      { name: 'trend_up', when: ['cross_above', 'fast', 'slow'], score: 60 },
      { name: 'trend_down', when: ['cross_below', 'fast', 'slow'], score: -60 },
      { name: 'oversold', when: ['lt', 'rsi', 30], score: 40 },
      { name: 'overbought', when: ['gt', 'rsi', 70], score: -40 },
    ],
    entry: 50,
    exit: -50,
  },
};

/** Mean reversion: buy a sell-off, sell a rally. */
export const RSI_REVERSION: BuiltinStrategy = {
  key: 'rsi_reversion',
  name: 'RSI reversion',
  description: {
    en: 'Buys when the 14-period RSI falls under 30 (oversold) and sells when it rises over 70 (overbought); deeper extremes (20 / 80) score higher.',
    fa: 'وقتی RSI چهارده دوره‌ای زیر ۳۰ (اشباع فروش) می‌رود خرید و وقتی بالای ۷۰ (اشباع خرید) می‌رود فروش؛ افراط بیشتر (۲۰ / ۸۰) امتیاز بیشتری دارد.',
  },
  timeframe: '1h',
  body: {
    version: 1,
    indicators: { rsi: { type: 'rsi', period: 14 } },
    rules: [
      { name: 'oversold', when: ['lt', 'rsi', 30], score: 60 },
      { name: 'deeply_oversold', when: ['lt', 'rsi', 20], score: 30 },
      { name: 'overbought', when: ['gt', 'rsi', 70], score: -60 },
      { name: 'deeply_overbought', when: ['gt', 'rsi', 80], score: -30 },
    ],
    entry: 50,
    exit: -50,
  },
};

/** Momentum: the MACD line crossing its signal line, weighted by which side of zero it happens. */
export const MACD_CROSS: BuiltinStrategy = {
  key: 'macd',
  name: 'MACD',
  description: {
    en: 'Buys when the MACD line (12, 26) crosses above its 9-period signal line and sells when it crosses below; momentum on the same side of zero adds to the score.',
    fa: 'وقتی خط MACD (۱۲، ۲۶) از خط سیگنال ۹ دوره‌ای بالا می‌زند خرید و وقتی زیر آن می‌رود فروش؛ هم‌جهتی با سمت صفر امتیاز را بیشتر می‌کند.',
  },
  timeframe: '4h',
  body: {
    version: 1,
    indicators: { macd: { type: 'macd', fast: 12, slow: 26, signal: 9 } },
    rules: [
      { name: 'macd_cross_up', when: ['cross_above', 'macd.line', 'macd.signal'], score: 60 },
      { name: 'macd_cross_down', when: ['cross_below', 'macd.line', 'macd.signal'], score: -60 },
      { name: 'bullish_momentum', when: ['and', ['gt', 'macd.line', 0], ['gt', 'macd.histogram', 0]], score: 20 },
      { name: 'bearish_momentum', when: ['and', ['lt', 'macd.line', 0], ['lt', 'macd.histogram', 0]], score: -20 },
    ],
    entry: 50,
    exit: -50,
  },
};

/** Breakout: a close above the upper band, confirmed by volume; out when price falls back to the middle. */
export const BOLLINGER_BREAKOUT: BuiltinStrategy = {
  key: 'bollinger_breakout',
  name: 'Bollinger breakout',
  description: {
    en: 'Buys when the close breaks above the upper Bollinger band (20, 2σ), more so on above-average volume; sells when the close falls back below the middle band.',
    fa: 'وقتی قیمت پایانی از باند بالایی بولینگر (۲۰، ۲ انحراف معیار) عبور می‌کند خرید، با حجم بالاتر از میانگین قوی‌تر؛ وقتی قیمت به زیر باند میانی برمی‌گردد فروش.',
  },
  timeframe: '1h',
  body: {
    version: 1,
    indicators: {
      bb: { type: 'bollinger', period: 20, stddev: 2 },
      volume_avg: { type: 'sma', period: 20, source: 'volume' },
    },
    rules: [
      { name: 'breakout', when: ['cross_above', 'close', 'bb.upper'], score: 50 },
      { name: 'volume_confirms', when: ['and', ['gt', 'close', 'bb.upper'], ['gt', 'volume', 'volume_avg']], score: 20 },
      { name: 'back_inside', when: ['cross_below', 'close', 'bb.middle'], score: -60 },
      { name: 'breakdown', when: ['lt', 'close', 'bb.lower'], score: -40 },
    ],
    entry: 50,
    exit: -50,
  },
};

export const BUILTIN_STRATEGIES: readonly BuiltinStrategy[] = [EMA_CROSS_RSI, RSI_REVERSION, MACD_CROSS, BOLLINGER_BREAKOUT];
