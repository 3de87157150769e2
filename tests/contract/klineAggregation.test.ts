import { describe, expect, it } from 'vitest';
import type { CandleColumns } from '../../contract/market/klines';
import { aggregateCandles } from '../../server/domain/klines/aggregate';
import { ceilToBucket, createBucketer } from '../../server/domain/klines/buckets';
import { buildableFrom } from '../../server/domain/klines/sourceTimeframes';
import { localDayStart } from '../../server/domain/klines/timeZones';

const MIN = 60_000;
const at = (iso: string) => Date.parse(iso);
type Row = [open_time: number, open: number, high: number, low: number, close: number, volume: number];
const columns = (rows: Row[]): CandleColumns => ({
  open_time: rows.map((r) => r[0]),
  open: rows.map((r) => r[1]),
  high: rows.map((r) => r[2]),
  low: rows.map((r) => r[3]),
  close: rows.map((r) => r[4]),
  volume: rows.map((r) => r[5]),
});
const rowsOf = (c: CandleColumns): Row[] => c.open_time.map((t, i) => [t, c.open[i]!, c.high[i]!, c.low[i]!, c.close[i]!, c.volume[i]!]);
const FAR_FUTURE = at('2100-01-01T00:00:00Z');

describe('aggregating 1m candles', () => {
  const t0 = at('2024-03-09T10:00:00Z');
  const minutes: Row[] = [
    [t0, 100, 105, 99, 104, 1],
    [t0 + MIN, 104, 110, 103, 108, 2],
    [t0 + 2 * MIN, 108, 109, 95, 96, 3],
    [t0 + 3 * MIN, 96, 97, 90, 91, 4],
    [t0 + 4 * MIN, 91, 100, 91, 99, 5],
    [t0 + 5 * MIN, 99, 120, 98, 119, 6],
    [t0 + 6 * MIN, 119, 121, 118, 120, 7],
  ];

  it('folds into 3m buckets: open of the first, close of the last, max high, min low, summed volume', () => {
    const { candles, formingOpenTime } = aggregateCandles(columns(minutes), createBucketer('3m', 'UTC'), FAR_FUTURE);
    expect(rowsOf(candles)).toEqual([
      [t0, 100, 110, 95, 96, 6],
      [t0 + 3 * MIN, 96, 120, 90, 119, 15],
      [t0 + 6 * MIN, 119, 121, 118, 120, 7],
    ]);
    expect(formingOpenTime).toBeNull();
  });

  it('sums volumes without the noise of adding doubles (0.1 + 0.2 is 0.3)', () => {
    const rows: Row[] = [
      [t0, 1, 1, 1, 1, 0.1],
      [t0 + MIN, 1, 1, 1, 1, 0.2],
      [t0 + 2 * MIN, 1, 1, 1, 1, 53.0702],
      [t0 + 3 * MIN, 1, 1, 1, 1, 123_456_789.125],
    ];
    const { candles } = aggregateCandles(columns(rows), createBucketer('1h', 'UTC'), FAR_FUTURE);
    expect(candles.volume).toEqual([123_456_842.4952]);
  });

  it('starts 5m buckets at UTC multiples of five minutes', () => {
    const { candles } = aggregateCandles(columns(minutes.slice(1)), createBucketer('5m', 'UTC'), FAR_FUTURE);
    expect(rowsOf(candles)).toEqual([
      [t0, 104, 110, 90, 99, 14],
      [t0 + 5 * MIN, 99, 121, 98, 120, 13],
    ]);
  });

  it('flags the last bucket as forming until its end has passed', () => {
    const bucketer = createBucketer('3m', 'UTC');
    expect(aggregateCandles(columns(minutes), bucketer, t0 + 8 * MIN + 59_999).formingOpenTime).toBe(t0 + 6 * MIN);
    expect(aggregateCandles(columns(minutes), bucketer, t0 + 9 * MIN).formingOpenTime).toBeNull();
  });

  it('leaves gaps as gaps and builds a bucket from the candles it holds', () => {
    const sparse: Row[] = [minutes[0]!, minutes[2]!, [t0 + 35 * MIN, 50, 55, 45, 52, 10]];
    const { candles } = aggregateCandles(columns(sparse), createBucketer('15m', 'UTC'), FAR_FUTURE);
    expect(rowsOf(candles)).toEqual([
      [t0, 100, 109, 95, 96, 4],
      [t0 + 30 * MIN, 50, 55, 45, 52, 10],
    ]);
  });

  it('cuts hours and 4h buckets on UTC boundaries whatever the market zone', () => {
    const rows: Row[] = [
      [at('2024-03-09T03:58:00Z'), 10, 11, 9, 10.5, 1],
      [at('2024-03-09T03:59:00Z'), 10.5, 12, 10, 11, 1],
      [at('2024-03-09T04:00:00Z'), 11, 11.5, 8, 9, 2],
      [at('2024-03-09T07:59:00Z'), 9, 9.5, 8.5, 9.2, 3],
      [at('2024-03-09T08:00:00Z'), 9.2, 9.3, 9.1, 9.25, 4],
    ];
    expect(rowsOf(aggregateCandles(columns(rows), createBucketer('1h', 'Asia/Tehran'), FAR_FUTURE).candles)).toEqual([
      [at('2024-03-09T03:00:00Z'), 10, 12, 9, 11, 2],
      [at('2024-03-09T04:00:00Z'), 11, 11.5, 8, 9, 2],
      [at('2024-03-09T07:00:00Z'), 9, 9.5, 8.5, 9.2, 3],
      [at('2024-03-09T08:00:00Z'), 9.2, 9.3, 9.1, 9.25, 4],
    ]);
    expect(rowsOf(aggregateCandles(columns(rows), createBucketer('4h', 'Asia/Tehran'), FAR_FUTURE).candles)).toEqual([
      [at('2024-03-09T00:00:00Z'), 10, 12, 9, 11, 2],
      [at('2024-03-09T04:00:00Z'), 11, 11.5, 8, 9.2, 5],
      [at('2024-03-09T08:00:00Z'), 9.2, 9.3, 9.1, 9.25, 4],
    ]);
    expect(rowsOf(aggregateCandles(columns(rows), createBucketer('12h', 'Asia/Tehran'), FAR_FUTURE).candles)).toEqual([
      [at('2024-03-09T00:00:00Z'), 10, 12, 8, 9.25, 11],
    ]);
  });
});

describe('daily candles follow the market time zone', () => {
  // Tehran is UTC+03:30 (no DST since 2022): its 10 March 2024 starts at 20:30 UTC on 9 March.
  const rows: Row[] = [
    [at('2024-03-09T20:28:00Z'), 1, 2, 0.5, 1.5, 1],
    [at('2024-03-09T20:29:00Z'), 1.5, 3, 1.4, 2.5, 2],
    [at('2024-03-09T20:30:00Z'), 2.5, 2.6, 2, 2.1, 4],
    [at('2024-03-09T23:59:00Z'), 2.1, 5, 2.1, 4, 8],
    [at('2024-03-10T00:00:00Z'), 4, 4.5, 3.5, 3.6, 16],
  ];

  it('cuts a Tehran day at 20:30 UTC', () => {
    const { candles } = aggregateCandles(columns(rows), createBucketer('1d', 'Asia/Tehran'), FAR_FUTURE);
    expect(rowsOf(candles)).toEqual([
      [at('2024-03-08T20:30:00Z'), 1, 3, 0.5, 2.5, 3],
      [at('2024-03-09T20:30:00Z'), 2.5, 5, 2, 3.6, 28],
    ]);
  });

  it('cuts a UTC day at midnight UTC', () => {
    const { candles } = aggregateCandles(columns(rows), createBucketer('1d', 'UTC'), FAR_FUTURE);
    expect(rowsOf(candles)).toEqual([
      [at('2024-03-09T00:00:00Z'), 1, 5, 0.5, 4, 15],
      [at('2024-03-10T00:00:00Z'), 4, 4.5, 3.5, 3.6, 16],
    ]);
  });

  it('flags the Tehran day as forming until 20:30 UTC the next day', () => {
    const bucketer = createBucketer('1d', 'Asia/Tehran');
    expect(aggregateCandles(columns(rows), bucketer, at('2024-03-10T20:29:59Z')).formingOpenTime).toBe(at('2024-03-09T20:30:00Z'));
    expect(aggregateCandles(columns(rows), bucketer, at('2024-03-10T20:30:00Z')).formingOpenTime).toBeNull();
  });

  it('keeps days of 23 and 25 hours when the clocks moved (Tehran DST in 2021)', () => {
    const bucketer = createBucketer('1d', 'Asia/Tehran');
    // 22 March 2021: clocks jumped from 00:00 to 01:00, so the day starts at the jump and lasts 23 h.
    const spring = bucketer.start(at('2021-03-22T12:00:00Z'));
    expect(spring).toBe(at('2021-03-21T20:30:00Z'));
    expect(bucketer.end(spring)).toBe(at('2021-03-22T19:30:00Z'));
    // 21 September 2021: 24:00 became 23:00, so the day before lasts 25 h.
    const autumn = bucketer.start(at('2021-09-21T12:00:00Z'));
    expect(autumn).toBe(at('2021-09-20T19:30:00Z'));
    expect(bucketer.end(autumn)).toBe(at('2021-09-21T20:30:00Z'));
    expect(localDayStart(at('2021-09-21T20:30:00Z'), 'Asia/Tehran')).toBe(at('2021-09-21T20:30:00Z'));
  });

  it('rounds a window start up to the next bucket unless it is one', () => {
    const bucketer = createBucketer('1d', 'Asia/Tehran');
    expect(ceilToBucket(bucketer, at('2024-03-09T20:30:00Z'))).toBe(at('2024-03-09T20:30:00Z'));
    expect(ceilToBucket(bucketer, at('2024-03-09T20:31:00Z'))).toBe(at('2024-03-10T20:30:00Z'));
    expect(ceilToBucket(createBucketer('15m', 'UTC'), at('2024-03-09T20:31:00Z'))).toBe(at('2024-03-09T20:45:00Z'));
  });
});

describe('which stored timeframes build a timeframe', () => {
  it('builds intraday timeframes from those dividing them', () => {
    expect(buildableFrom('4h', 'UTC', 0)).toEqual(['1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h']);
    expect(buildableFrom('3m', 'UTC', 0)).toEqual(['1m', '3m']);
  });

  it('builds a Tehran day only from 30m or finer, a UTC day from any', () => {
    const now = at('2024-03-09T00:00:00Z');
    expect(buildableFrom('1d', 'Asia/Tehran', now)).toEqual(['1m', '3m', '5m', '15m', '30m', '1d']);
    expect(buildableFrom('1d', 'UTC', now)).toEqual([...['1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '12h'], '1d']);
  });
});
