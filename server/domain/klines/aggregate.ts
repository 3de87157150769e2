import type { CandleColumns } from '../../../contract/market/klines';
import type { Bucketer } from './buckets';

export const emptyColumns = (): CandleColumns => ({ open_time: [], open: [], high: [], low: [], close: [], volume: [] });

export interface Aggregated {
  candles: CandleColumns;
  /** Open time of the last candle when its bucket has not ended at `now` (it is still forming), else null. */
  formingOpenTime: number | null;
}

/**
 * Folds finer candles (oldest first, one timeframe) into the buckets of a coarser one: open of the
 * first, close of the last, highest high, lowest low, summed volume. A bucket holds only the
 * candles stored in it, so a gap (a closed market, a missed minute) never invents prices.
 * Columnar in and out: a year of 1m candles is half a million rows, and plain number arrays
 * keep this loop free of allocations per row.
 */
export function aggregateCandles(rows: CandleColumns, bucketer: Bucketer, now: number): Aggregated {
  const out = emptyColumns();
  const n = rows.open_time.length;
  let bucket = Number.NaN;
  let bucketEnd = Number.NaN;
  let last = -1;
  for (let i = 0; i < n; i += 1) {
    const t = rows.open_time[i]!;
    if (!(t >= bucket && t < bucketEnd)) {
      bucket = bucketer.start(t);
      bucketEnd = bucketer.end(bucket);
      last += 1;
      out.open_time.push(bucket);
      out.open.push(rows.open[i]!);
      out.high.push(rows.high[i]!);
      out.low.push(rows.low[i]!);
      out.close.push(rows.close[i]!);
      out.volume.push(rows.volume[i]!);
      continue;
    }
    if (rows.high[i]! > out.high[last]!) out.high[last] = rows.high[i]!;
    if (rows.low[i]! < out.low[last]!) out.low[last] = rows.low[i]!;
    out.close[last] = rows.close[i]!;
    out.volume[last] = out.volume[last]! + rows.volume[i]!;
  }
  // Sums of doubles carry noise in their last bits (0.1 + 0.2 → 0.30000000000000004); 14
  // significant digits keep real figures (a 9-digit volume with 4 decimals is 13) and drop the
  // noise (relative ~1e-16 per addition, so ~1e-13 after a day of minutes at worst).
  const volume = out.volume;
  for (let j = 0; j < volume.length; j += 1) volume[j] = Number(volume[j]!.toPrecision(14));
  const formingOpenTime = last >= 0 && bucketEnd > now ? out.open_time[last]! : null;
  return { candles: out, formingOpenTime };
}

/** The forming flag of candles served as stored (no aggregation): the same rule, on the last one. */
export function formingOf(candles: CandleColumns, bucketer: Bucketer, now: number): number | null {
  const n = candles.open_time.length;
  if (n === 0) return null;
  const open = candles.open_time[n - 1]!;
  return bucketer.end(open) > now ? open : null;
}

/** Rows [start, end) of columns, as new columns. */
export function sliceColumns(c: CandleColumns, start: number, end?: number): CandleColumns {
  return {
    open_time: c.open_time.slice(start, end),
    open: c.open.slice(start, end),
    high: c.high.slice(start, end),
    low: c.low.slice(start, end),
    close: c.close.slice(start, end),
    volume: c.volume.slice(start, end),
  };
}

/** Joins column chunks already in time order into one set of columns. */
export function concatColumns(chunks: CandleColumns[]): CandleColumns {
  if (chunks.length === 1) return chunks[0]!;
  const out = emptyColumns();
  for (const key of Object.keys(out) as (keyof CandleColumns)[]) {
    out[key] = ([] as number[]).concat(...chunks.map((chunk) => chunk[key]));
  }
  return out;
}
