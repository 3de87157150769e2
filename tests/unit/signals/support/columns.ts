import type { CandleColumns } from '../../../../server/domain/signals/backtest';
import type { Candle } from '../../../../server/domain/signals/indicators/candle';

export const DAY = 86_400_000;

export function toColumns(candles: readonly Candle[]): CandleColumns {
  return {
    open_time: candles.map((c) => c.openTime),
    open: Float64Array.from(candles, (c) => c.open),
    high: Float64Array.from(candles, (c) => c.high),
    low: Float64Array.from(candles, (c) => c.low),
    close: Float64Array.from(candles, (c) => c.close),
    volume: Float64Array.from(candles, (c) => c.volume),
  };
}

/** Daily candles from closes: open = previous close. */
export function dailyColumns(closes: readonly number[], start: number): CandleColumns {
  return toColumns(
    closes.map((close, i) => {
      const open = i === 0 ? close : closes[i - 1]!;
      return { openTime: start + i * DAY, open, high: Math.max(open, close), low: Math.min(open, close), close, volume: 1 };
    }),
  );
}
