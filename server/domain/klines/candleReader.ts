import type { Timeframe } from '../../../contract/codes';
import type { CandleColumns } from '../../../contract/market/klines';
import { TIMEFRAME_MS } from '../../../contract/market/primitives';
import type { KlinesRepository, SeriesKey } from '../../store/repositories/klines';
import { aggregateCandles, concatColumns, emptyColumns, formingOf, sliceColumns } from './aggregate';
import { ceilToBucket, createBucketer, type Bucketer } from './buckets';
import { buildableFrom } from './sourceTimeframes';

/** A window of candles of one series, in the terms of the klines call. */
export interface CandleWindow {
  market: string;
  symbol: string;
  source: string;
  timeframe: Timeframe;
  timeZone: string;
  /** Lower bound of candle open times; omitted: the beginning. */
  from?: number;
  fromInclusive: boolean;
  /** Upper bound of candle open times, inclusive; omitted: now. */
  to?: number;
  limit: number;
  /** Keep the newest `limit` candles of the window instead of the oldest. */
  fromLast: boolean;
  /** Include the candle still forming. */
  latest: boolean;
  now: number;
}

export interface CandleAnswer {
  candles: CandleColumns;
  hasMore: boolean;
  formingOpenTime: number | null;
  /** The stored timeframe the answer was built from; null when nothing is stored. */
  baseTimeframe: Timeframe | null;
  /** First open time (inclusive) of stored candles the window covers, for "what lies before". */
  lowerBound: number;
  bucketer: Bucketer;
}

/** Rows read per statement while aggregating: bounds memory and each blocking slice on huge windows. */
const MAX_CHUNK_ROWS = 100_000;
/** Window bounds past this are clamped: a Date (and so a time zone lookup) ends at 8.64e15 ms. */
const LAST_TIME = 8_000_000_000_000_000;

/**
 * Reads a window of candles in any timeframe from the finest stored one. Stored rows are read in
 * the reading direction in chunks sized so that one chunk holds at least `limit + 1` buckets
 * (a bucket holds at most `ratio` stored rows), and reading stops as soon as the answer and the
 * proof of "more" are in hand, so a narrow read of a long history touches only what it returns.
 */
export async function readCandles(repo: KlinesRepository, w: CandleWindow): Promise<CandleAnswer> {
  const bucketer = createBucketer(w.timeframe, w.timeZone);
  // Candle open times in [lower, highest]; stored rows in [lower, upper).
  let highest = Math.min(w.to ?? w.now, LAST_TIME);
  if (!w.latest) highest = Math.min(highest, bucketer.start(w.now) - 1);
  const lower = w.from === undefined ? 0 : ceilToBucket(bucketer, Math.min(w.fromInclusive ? w.from : w.from + 1, LAST_TIME));
  const upper = highest < 0 ? 0 : bucketer.end(bucketer.start(highest));
  const base = await baseTimeframe(repo, w, w.now);
  const empty = { candles: emptyColumns(), hasMore: false, formingOpenTime: null, lowerBound: lower, bucketer, baseTimeframe: base };
  if (!base || lower >= upper) return empty;
  const key: SeriesKey = { market: w.market, symbol: w.symbol, source: w.source, timeframe: base };
  const order = w.fromLast ? 'desc' : 'asc';

  if (base === w.timeframe) {
    const rows = await repo.readRange(key, { from: lower, to: upper, order, limit: w.limit + 1 });
    const hasMore = rows.open_time.length > w.limit;
    const candles = !hasMore ? rows : w.fromLast ? sliceColumns(rows, 1) : sliceColumns(rows, 0, w.limit);
    return { candles, hasMore, formingOpenTime: formingOf(candles, bucketer, w.now), baseTimeframe: base, lowerBound: lower, bucketer };
  }

  const ratio = Math.ceil(bucketer.maxLengthMs / TIMEFRAME_MS[base]);
  const chunkRows = Math.min((w.limit + 1) * ratio, MAX_CHUNK_ROWS);
  const chunks: CandleColumns[] = [];
  let buckets = 0;
  let lastBucket = Number.NaN;
  let from = lower;
  let to = upper;
  for (;;) {
    const rows = await repo.readRange(key, { from, to, order, limit: chunkRows });
    const n = rows.open_time.length;
    if (n === 0) break;
    // Count distinct buckets in reading order (rows come oldest first within a chunk).
    for (let k = 0; k < n; k += 1) {
      const t = rows.open_time[w.fromLast ? n - 1 - k : k]!;
      const b = bucketer.start(t);
      if (b !== lastBucket) {
        buckets += 1;
        lastBucket = b;
      }
    }
    if (w.fromLast) {
      chunks.unshift(rows);
      to = rows.open_time[0]!;
    } else {
      chunks.push(rows);
      from = rows.open_time[n - 1]! + 1;
    }
    if (n < chunkRows || buckets > w.limit) break;
    // SQLite reads block the event loop: let other requests in between chunks of a huge read.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const all = aggregateCandles(concatColumns(chunks.length ? chunks : [emptyColumns()]), bucketer, w.now);
  const count = all.candles.open_time.length;
  const hasMore = count > w.limit;
  const candles = !hasMore ? all.candles : w.fromLast ? sliceColumns(all.candles, count - w.limit) : sliceColumns(all.candles, 0, w.limit);
  // Only the newest bucket can be forming; it survives the cut unless reading oldest-first cut it.
  const formingOpenTime = hasMore && !w.fromLast ? null : all.formingOpenTime;
  return { candles, hasMore, formingOpenTime, baseTimeframe: base, lowerBound: lower, bucketer };
}

/** The finest stored timeframe the asked one can be built from (a source stores one; 1m by default). */
async function baseTimeframe(repo: KlinesRepository, w: CandleWindow, now: number): Promise<Timeframe | null> {
  for (const tf of buildableFrom(w.timeframe, w.timeZone, now)) {
    if (await repo.hasAny({ market: w.market, symbol: w.symbol, source: w.source, timeframe: tf })) return tf;
  }
  return null;
}
