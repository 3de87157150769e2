import { INDICATOR_OUTPUTS, type IndicatorSpec, type PriceField, type PriceSource } from '../../../../contract/signals/strategy-body';
import { Adx } from './adx';
import { Atr } from './atr';
import { Bollinger } from './bollinger';
import type { Candle } from './candle';
import { ExpAverage, emaAlpha, settlingCandles, wilderAlpha } from './expAverage';
import { Macd } from './macd';
import { Obv } from './obv';
import { Rsi } from './rsi';
import { Sma } from './sma';
import { Stoch } from './stoch';
import { Vwap } from './vwap';
import { Wma } from './wma';

/**
 * A live instance of one declared indicator. Each update writes its outputs (NaN before they have
 * a value) into the scorer's value array at `offset`, in the plan's output order, so rules read
 * plain numbers instead of calling a getter per operand.
 */
export interface IndicatorNode {
  update(candle: Candle): void;
  /** Every output has a value. */
  isReady(): boolean;
}

/** Where a node writes its outputs. */
export interface NodeTarget {
  values: Float64Array;
  offset: number;
}

export interface NodeOptions {
  /** Offset of the market's time zone at an instant, for the session VWAP's daily restart. */
  utcOffsetMs?: (epochMs: number) => number;
}

/** What a strategy needs to know about an indicator before creating any. */
export interface IndicatorPlan {
  /** Output names; the first is what a bare reference means. */
  readonly outputs: readonly string[];
  /** Candles until every output has a value. */
  readonly lookback: number;
  /** Candles after that until the seeds of recursive averages weigh < 0.1 % (0 for windowed ones). */
  readonly settling: number;
  /** Depends on every candle since the local midnight (session VWAP). */
  readonly daily: boolean;
  create(options: NodeOptions, target: NodeTarget): IndicatorNode;
}

const single = ['value'] as const;
type Spec<T extends IndicatorSpec['type']> = Extract<IndicatorSpec, { type: T }>;

const plan = (
  outputs: readonly string[],
  lookback: number,
  settling: number,
  create: (options: NodeOptions, target: NodeTarget) => IndicatorNode,
  daily = false,
): IndicatorPlan => ({ outputs, lookback, settling, daily, create });

/** A kernel on a price source. */
interface SourceKernel {
  update(x: number): unknown;
  readonly ready: boolean;
}

/**
 * Feeds a kernel from a price source, then `write` copies its outputs into the value array. One
 * closure per source with the field read inline: a shared reader function would return a double
 * through a call V8 may not inline, which boxes it (an allocation per candle).
 */
const onSource = (source: PriceSource, k: SourceKernel, write: () => void): IndicatorNode => {
  const isReady = () => k.ready;
  switch (source) {
    case 'open':
      return { update: (c) => void (k.update(c.open), write()), isReady };
    case 'high':
      return { update: (c) => void (k.update(c.high), write()), isReady };
    case 'low':
      return { update: (c) => void (k.update(c.low), write()), isReady };
    case 'volume':
      return { update: (c) => void (k.update(c.volume), write()), isReady };
    case 'hl2':
      return { update: (c) => void (k.update((c.high + c.low) / 2), write()), isReady };
    case 'hlc3':
      return { update: (c) => void (k.update((c.high + c.low + c.close) / 3), write()), isReady };
    case 'ohlc4':
      return { update: (c) => void (k.update((c.open + c.high + c.low + c.close) / 4), write()), isReady };
    default:
      return { update: (c) => void (k.update(c.close), write()), isReady };
  }
};

/** A one-output kernel on a price source (the hot path): the value is copied inline, no `write` call. */
const singleOnSource = (
  source: PriceSource,
  k: SourceKernel & { readonly value: number },
  { values, offset }: NodeTarget,
): IndicatorNode => {
  const isReady = () => k.ready;
  switch (source) {
    case 'close':
      return { update: (c) => void (k.update(c.close), (values[offset] = k.value)), isReady };
    case 'open':
      return { update: (c) => void (k.update(c.open), (values[offset] = k.value)), isReady };
    case 'high':
      return { update: (c) => void (k.update(c.high), (values[offset] = k.value)), isReady };
    case 'low':
      return { update: (c) => void (k.update(c.low), (values[offset] = k.value)), isReady };
    default:
      return onSource(source, k, () => void (values[offset] = k.value));
  }
};

const ema = (s: Spec<'ema'>) =>
  plan(single, s.period, settlingCandles(emaAlpha(s.period)), (_, target) => singleOnSource(s.source, ExpAverage.ema(s.period), target));

const sma = (s: Spec<'sma'>) => plan(single, s.period, 0, (_, target) => singleOnSource(s.source, new Sma(s.period), target));

const wma = (s: Spec<'wma'>) => plan(single, s.period, 0, (_, target) => singleOnSource(s.source, new Wma(s.period), target));

const rsi = (s: Spec<'rsi'>) =>
  plan(single, s.period + 1, settlingCandles(wilderAlpha(s.period)), (_, target) => singleOnSource(s.source, new Rsi(s.period), target));

const macd = (s: Spec<'macd'>) =>
  plan(
    INDICATOR_OUTPUTS.macd,
    s.slow + s.signal - 1,
    settlingCandles(emaAlpha(s.slow)) + settlingCandles(emaAlpha(s.signal)),
    (_, { values, offset }) => {
      const k = new Macd(s.fast, s.slow, s.signal);
      return onSource(s.source, k, () => {
        values[offset] = k.line;
        values[offset + 1] = k.signal;
        values[offset + 2] = k.histogram;
      });
    },
  );

const bollinger = (s: Spec<'bollinger'>) =>
  plan(INDICATOR_OUTPUTS.bollinger, s.period, 0, (_, { values, offset }) => {
    const k = new Bollinger(s.period, s.stddev);
    return onSource(s.source, k, () => {
      values[offset] = k.middle;
      values[offset + 1] = k.upper;
      values[offset + 2] = k.lower;
    });
  });

const atr = (s: Spec<'atr'>) =>
  plan(single, s.period + 1, settlingCandles(wilderAlpha(s.period)), (_, { values, offset }) => {
    const k = new Atr(s.period);
    return { update: (c) => void (values[offset] = k.update(c.high, c.low, c.close)), isReady: () => k.ready };
  });

const stoch = (s: Spec<'stoch'>) =>
  plan(INDICATOR_OUTPUTS.stoch, s.k_period + s.k_smoothing + s.d_period - 2, 0, (_, { values, offset }) => {
    const k = new Stoch(s.k_period, s.k_smoothing, s.d_period);
    return {
      update: (c) => {
        k.update(c.high, c.low, c.close);
        values[offset] = k.k;
        values[offset + 1] = k.d;
      },
      isReady: () => k.ready,
    };
  });

const adx = (s: Spec<'adx'>) =>
  plan(INDICATOR_OUTPUTS.adx, 2 * s.period, 2 * settlingCandles(wilderAlpha(s.period)), (_, { values, offset }) => {
    const k = new Adx(s.period);
    return {
      update: (c) => {
        k.update(c.high, c.low, c.close);
        values[offset] = k.adx;
        values[offset + 1] = k.plusDi;
        values[offset + 2] = k.minusDi;
      },
      isReady: () => k.ready,
    };
  });

const obv = () =>
  plan(single, 1, 0, (_, { values, offset }) => {
    const k = new Obv();
    return { update: (c) => void (values[offset] = k.update(c.close, c.volume)), isReady: () => k.ready };
  });

const vwap = (s: Spec<'vwap'>) =>
  plan(
    single,
    s.period ?? 1,
    0,
    (options, { values, offset }) => {
      const k = new Vwap(s.period, options.utcOffsetMs);
      return {
        update: (c) => void (values[offset] = k.update(c.openTime, c.high, c.low, c.close, c.volume)),
        isReady: () => k.ready,
      };
    },
    s.period === undefined,
  );

/** A price field under a name of the author's choosing. */
const alias = (field: PriceField) =>
  plan(single, 1, 0, (_, { values, offset }) => {
    let seen = false;
    return {
      update: (c) => {
        values[offset] = c[field];
        seen = true;
      },
      isReady: () => seen,
    };
  });

/** The plan for one indicator of a validated strategy body (defaults filled in). */
export function planIndicator(spec: IndicatorSpec): IndicatorPlan {
  switch (spec.type) {
    case 'sma':
      return sma(spec);
    case 'ema':
      return ema(spec);
    case 'wma':
      return wma(spec);
    case 'rsi':
      return rsi(spec);
    case 'macd':
      return macd(spec);
    case 'bollinger':
      return bollinger(spec);
    case 'atr':
      return atr(spec);
    case 'stoch':
      return stoch(spec);
    case 'adx':
      return adx(spec);
    case 'obv':
      return obv();
    case 'vwap':
      return vwap(spec);
    default:
      return alias(spec.type);
  }
}
