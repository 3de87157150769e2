import { COLOR_CONVENTIONS, NO_INDICATORS, type ColorConvention, type IndicatorToggles } from './chartOptions';

/** The ui machine's items (`ui.<id>` in storage) that remember the chart's look. */
export const UI_COLORS = 'chart.colors';
export const UI_INDICATORS = 'chart.indicators';

/** A stored value from an older version or another hand: fall back to the default. */
export function readColors(value: unknown): ColorConvention {
  return COLOR_CONVENTIONS.includes(value as ColorConvention) ? (value as ColorConvention) : 'greenUp';
}

export function readIndicators(value: unknown): IndicatorToggles {
  if (!value || typeof value !== 'object') return NO_INDICATORS;
  const v = value as Record<string, unknown>;
  return { ema: v.ema === true, bollinger: v.bollinger === true, rsi: v.rsi === true, macd: v.macd === true };
}
