import type { SubscriptionSummary } from '../../../contract/signals/relations';
import type { LiveScore } from '../../machines/liveSignalsMachine';
import { normaliseSearch } from '../markets/search';

/**
 * The signals board's pure transforms: the live totals (subscription × symbol) as heatmap rows
 * and as a ranked list, filtered as the screen's controls say. Scores of subscriptions the user
 * no longer has are left out.
 */

export type BoardSubscription = Pick<SubscriptionSummary, 'id' | 'name' | 'timeframe' | 'listing_level' | 'is_active' | 'strategy_name'>;

export interface BoardFilter {
  /** One subscription, or all. */
  subscriptionId: number | null;
  /** Matched against the symbol's code and, through `titleOf`, its fa and en titles. */
  search: string;
  /** A level for every subscription instead of each one's own listing level. */
  levelOverride: number | null;
  side: 'all' | 'buy' | 'sell';
}

export const DEFAULT_FILTER: BoardFilter = { subscriptionId: null, search: '', levelOverride: null, side: 'all' };

export interface HeatmapRow {
  market: string;
  symbol: string;
  /** By subscription id. */
  cells: Record<number, LiveScore>;
  /** The largest |score| of the row: rows sort by it. */
  strength: number;
}

export interface RankedEntry {
  live: LiveScore;
  subscription: BoardSubscription;
}

type TitleOf = (market: string, symbol: string) => readonly string[];

function matcher(search: string, titleOf?: TitleOf) {
  const needle = normaliseSearch(search);
  if (!needle) return () => true;
  return (market: string, symbol: string) =>
    [symbol, ...(titleOf?.(market, symbol) ?? [])].some((text) => normaliseSearch(text).includes(needle));
}

const sides = {
  all: () => true,
  buy: (value: number) => value > 0,
  sell: (value: number) => value < 0,
} as const;

/** The subscriptions shown as columns: the chosen one, or all (active ones first, then by name). */
export function boardColumns(subscriptions: readonly BoardSubscription[], filter: BoardFilter): BoardSubscription[] {
  const shown = filter.subscriptionId === null ? [...subscriptions] : subscriptions.filter((s) => s.id === filter.subscriptionId);
  return shown.sort((a, b) => Number(b.is_active) - Number(a.is_active) || a.name.localeCompare(b.name) || a.id - b.id);
}

/** One row per symbol with a score under a shown subscription, strongest first. */
export function heatmapRows(
  totals: Readonly<Record<string, LiveScore>>,
  columns: readonly BoardSubscription[],
  filter: BoardFilter,
  titleOf?: TitleOf,
): HeatmapRow[] {
  const shown = new Set(columns.map((s) => s.id));
  const matches = matcher(filter.search, titleOf);
  const rows = new Map<string, HeatmapRow>();
  for (const live of Object.values(totals)) {
    const { score } = live;
    if (!shown.has(score.subscription_id) || !matches(score.market, score.symbol)) continue;
    const key = `${score.market}|${score.symbol}`;
    let row = rows.get(key);
    if (!row) {
      row = { market: score.market, symbol: score.symbol, cells: {}, strength: 0 };
      rows.set(key, row);
    }
    row.cells[score.subscription_id] = live;
    row.strength = Math.max(row.strength, Math.abs(score.value));
  }
  return [...rows.values()].sort(
    (a, b) => b.strength - a.strength || a.market.localeCompare(b.market) || a.symbol.localeCompare(b.symbol),
  );
}

/** The level a score must reach to be listed under `subscription`. */
export const levelFor = (subscription: BoardSubscription, filter: BoardFilter) => filter.levelOverride ?? subscription.listing_level;

/** Listed scores (|score| at or above the level), strongest first, then newest. */
export function rankedEntries(
  totals: Readonly<Record<string, LiveScore>>,
  columns: readonly BoardSubscription[],
  filter: BoardFilter,
  titleOf?: TitleOf,
): RankedEntry[] {
  const byId = new Map(columns.map((s) => [s.id, s]));
  const matches = matcher(filter.search, titleOf);
  const side = sides[filter.side];
  const entries: RankedEntry[] = [];
  for (const live of Object.values(totals)) {
    const { score } = live;
    const subscription = byId.get(score.subscription_id);
    if (!subscription || !side(score.value) || !matches(score.market, score.symbol)) continue;
    if (Math.abs(score.value) < levelFor(subscription, filter) || score.value === 0) continue;
    entries.push({ live, subscription });
  }
  return entries.sort(
    (a, b) =>
      Math.abs(b.live.score.value) - Math.abs(a.live.score.value) ||
      b.live.score.timestamp - a.live.score.timestamp ||
      a.live.score.symbol.localeCompare(b.live.score.symbol),
  );
}

/** The newest listed scores of every subscription (each at its own level), newest first: the dashboard's list. */
export function newestListed(
  totals: Readonly<Record<string, LiveScore>>,
  subscriptions: readonly BoardSubscription[],
  count: number,
): RankedEntry[] {
  return rankedEntries(totals, subscriptions, DEFAULT_FILTER)
    .sort((a, b) => b.live.score.timestamp - a.live.score.timestamp || Math.abs(b.live.score.value) - Math.abs(a.live.score.value))
    .slice(0, count);
}

/** Where a click on a score goes: the symbol's chart at the subscription's timeframe (the chart draws the signal marks). */
export function chartLink(market: string, symbol: string, timeframe: string): string {
  return `/markets/${encodeURIComponent(market)}/${encodeURIComponent(symbol)}?tf=${encodeURIComponent(timeframe)}`;
}
