import type { ScoreRow } from '../../store/schema';

export interface RankOptions {
  /** Score types asked for; undefined: all. Rows of other types (a total fetched for listing) are dropped. */
  wanted: readonly string[] | undefined;
  /** Keep only symbols whose |total| reaches their subscription's listing level. */
  listedOnly: boolean;
  /** Listing level of each subscription. */
  levels: ReadonlyMap<number, number>;
  sort: 'strength' | 'newest' | 'symbol';
}

const seriesKey = (row: ScoreRow) => `${row.subscription_id}\u0000${row.market}\u0000${row.symbol}`;
/** Code-point order: the same in both databases and every locale. */
const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const bySymbol = (a: ScoreRow, b: ScoreRow) =>
  text(a.market, b.market) || text(a.symbol, b.symbol) || a.subscription_id - b.subscription_id || text(a.score_type, b.score_type);
const ORDERS: Record<RankOptions['sort'], (a: ScoreRow, b: ScoreRow) => number> = {
  strength: (a, b) => Math.abs(b.value) - Math.abs(a.value) || b.timestamp - a.timestamp || bySymbol(a, b),
  newest: (a, b) => b.timestamp - a.timestamp || Math.abs(b.value) - Math.abs(a.value) || bySymbol(a, b),
  symbol: bySymbol,
};

/**
 * The signals board's rows from the newest stored rows: one per subscription, symbol and score
 * type (the newest over timeframes, when a finer close re-scored the forming candle), narrowed to
 * listed symbols when asked, in the asked order. Pure, so the ranking is tested without a server.
 */
export function rankLatest(rows: readonly ScoreRow[], options: RankOptions): ScoreRow[] {
  const newest = new Map<string, ScoreRow>();
  for (const row of rows) {
    const key = `${seriesKey(row)}\u0000${row.score_type}`;
    const seen = newest.get(key);
    if (!seen || seen.timestamp < row.timestamp) newest.set(key, row);
  }
  let kept = [...newest.values()];
  if (options.listedOnly) {
    const totals = new Map(kept.filter((row) => row.score_type === 'total').map((row) => [seriesKey(row), row.value]));
    kept = kept.filter((row) => {
      const total = totals.get(seriesKey(row));
      return total !== undefined && Math.abs(total) >= (options.levels.get(row.subscription_id) ?? 0);
    });
  }
  if (options.wanted) {
    const wanted = new Set(options.wanted);
    kept = kept.filter((row) => wanted.has(row.score_type));
  }
  return kept.sort(ORDERS[options.sort]);
}
