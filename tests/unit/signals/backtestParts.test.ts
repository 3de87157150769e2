/** The backtest's small pieces: decimals, downsampling, month attribution in a time zone, CAGR's cap. */
import { describe, expect, it } from 'vitest';
import { CAGR_CAP, runBacktest } from '../../../server/domain/signals/backtest';
import { toDecimal } from '../../../server/domain/signals/backtest/decimal';
import { downsampleIndices } from '../../../server/domain/signals/backtest/downsample';
import { monthlyReturns } from '../../../server/domain/signals/backtest/monthly';
import { toColumns } from './support/columns';
import { strategyOf } from './support/strategies';

describe('toDecimal', () => {
  it('writes fixed decimals, never a negative zero, and refuses what is not a number', () => {
    expect(toDecimal(12.5, 2)).toBe('12.50');
    expect(toDecimal(-3.14159, 3)).toBe('-3.142');
    expect(toDecimal(-1e-12, 8)).toBe('0.00000000');
    expect(toDecimal(-0, 2)).toBe('0.00');
    expect(() => toDecimal(Infinity, 2)).toThrow();
    expect(() => toDecimal(NaN, 2)).toThrow();
  });
});

describe('downsampleIndices', () => {
  it('keeps everything that fits', () => {
    expect(downsampleIndices(5, 10)).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the start and the last point of each bucket', () => {
    expect(downsampleIndices(11, 3)).toEqual([0, 5, 10]);
    const kept = downsampleIndices(1_000_001, 2000);
    expect(kept).toHaveLength(2000);
    expect(kept[0]).toBe(0);
    expect(kept.at(-1)).toBe(1_000_000);
    expect(kept.every((v, i) => i === 0 || v > kept[i - 1]!)).toBe(true);
  });
});

describe('monthlyReturns', () => {
  const HOUR = 3_600_000;
  it('puts a candle in the month it opened in, in the market’s time zone', () => {
    // The start (21:00 UTC on Jan 31), then hourly closes at 22:00, 23:00, 00:00 and 01:00 (Feb 1).
    const times = Float64Array.from([21, 22, 23, 24, 25].map((h) => Date.UTC(2024, 0, 31) + h * HOUR));
    const equity = Float64Array.from([100, 110, 121, 133.1, 146.41]);
    const curve = { times, equity, buyAndHold: equity };
    // UTC: the candles opening 21:00, 22:00 and 23:00 are January's (to 133.1, though the last
    // closes at midnight), the one opening at 00:00 February's.
    const utc = monthlyReturns(curve, () => 0);
    expect(utc[0]!.months[0]).toBeCloseTo(0.331, 12);
    expect(utc[0]!.months[1]).toBeCloseTo(0.1, 12);
    // Tehran (+3:30): Feb 1 starts at 20:30 UTC on Jan 31, so every candle here is February's.
    const tehran = monthlyReturns(curve, () => 3.5 * HOUR);
    expect(tehran[0]!.months[0]).toBeNull();
    expect(tehran[0]!.months[1]).toBeCloseTo(0.4641, 12);
    expect(tehran[0]!.total).toBeCloseTo(0.4641, 12);
  });

  it('closes a year and starts the next from its last equity', () => {
    const times = Float64Array.from([Date.UTC(2023, 11, 31), Date.UTC(2023, 11, 31, 12), Date.UTC(2024, 0, 1, 12)]);
    const equity = Float64Array.from([100, 120, 90]);
    const rows = monthlyReturns({ times, equity, buyAndHold: equity }, () => 0);
    expect(rows.map((r) => r.year)).toEqual([2023, 2024]);
    expect(rows[0]!.months[11]).toBeCloseTo(0.2, 12);
    expect(rows[0]!.total).toBeCloseTo(0.2, 12);
    expect(rows[1]!.months[0]).toBeCloseTo(-0.25, 12);
    expect(rows[1]!.total).toBeCloseTo(-0.25, 12);
  });
});

describe('CAGR', () => {
  it('is capped when an hour’s doubling would overflow a year', async () => {
    const start = Date.UTC(2024, 0, 1);
    const closes = [10, 20, 30, 40];
    const candles = toColumns(closes.map((close, i) => ({ openTime: start + i * 60_000, open: close, high: close, low: close, close, volume: 1 })));
    const strategy = strategyOf({}, [{ name: 'up', when: ['cross_above', 'close', 15], score: 60 }]);
    const { metrics } = await runBacktest({
      symbols: [{ market: 'crypto', symbol: 'X', candles }],
      strategy,
      initialBalance: 100,
      feeRate: 0,
      positionSize: 1,
      timeframeMs: 60_000,
    });
    expect(metrics.total_return).toBeCloseTo(1, 12); // bought at 20, closed at 40
    expect(metrics.cagr).toBe(CAGR_CAP);
  });
});
