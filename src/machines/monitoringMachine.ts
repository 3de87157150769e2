import { assertEvent, assign, setup } from 'xstate';
import type { Category, MarketSymbol, SubMarket } from '../../contract/market/lists';
import type { LivePrice, LiveSnapshotItem } from '../../contract/market/live';

/**
 * What the trader is watching: the selected market's lists (`marketInfo`) and the live state of
 * its symbols (`liveData`), fed by that market's live_price socket (a `snapshot` first, then
 * `prices` batches of the symbols that changed). Frames of a market no longer selected (a socket
 * closing late) are ignored, so a switch of market never mixes two markets' prices.
 */

export interface MarketInfo {
  market: string;
  /** Signal subscriptions following this market (filled by the signals issue). */
  subscriptions: unknown[];
  symbols: MarketSymbol[];
  sub_markets: SubMarket[];
  categories: Category[];
}

/** One symbol's live state as the markets screen shows it. */
export interface LiveSymbol {
  price: number;
  /** The price before the last change, null until it has changed once. */
  previousPrice: number | null;
  /** Which way the last change went, and when it arrived (epoch ms): rows flash on it. */
  direction: 'up' | 'down' | null;
  changedAt: number | null;
  timestamp: number;
  open_24h: number;
  change_24h_pct: number;
  high_24h: number;
  low_24h: number;
  volume_24h: number;
  candle: LivePrice['candle'];
  /** Hourly closes of the last 24 h from the snapshot, oldest first. */
  sparkline: number[];
}

export interface LiveData {
  /** When the last snapshot or prices batch was applied (epoch ms). */
  lastLiveMarketPricesUpdated: number | null;
  /** When portfolio figures last changed (the portfolio issue feeds it). */
  lastPortfolioDataUpdated: number | null;
  symbols: Record<string, LiveSymbol>;
}

export interface MonitoringInput {
  now?: () => number;
}

export interface MonitoringContext {
  market: string | null;
  marketInfo: MarketInfo | null;
  liveData: LiveData;
  /** Symbol names per tag (the user's tags; filled by the portfolio-manager calls). */
  symbolsByTag: Record<string, string[]>;
  now: () => number;
}

export type MonitoringEvent =
  | { type: 'monitoring.select'; market: string }
  | { type: 'monitoring.marketInfoLoaded'; market: string; symbols: MarketSymbol[]; sub_markets: SubMarket[]; categories: Category[]; subscriptions?: unknown[] }
  | { type: 'monitoring.snapshot'; market: string; items: LiveSnapshotItem[] }
  | { type: 'monitoring.prices'; market: string; items: LivePrice[] }
  | { type: 'monitoring.disconnected'; market: string }
  | { type: 'monitoring.tagsLoaded'; symbolsByTag: Record<string, string[]> }
  | { type: 'monitoring.portfolioUpdated' }
  | { type: 'monitoring.clear' };

const emptyLive = (): LiveData => ({ lastLiveMarketPricesUpdated: null, lastPortfolioDataUpdated: null, symbols: {} });

function fromPrice(item: LivePrice, before: LiveSymbol | undefined, now: number, sparkline: number[]): LiveSymbol {
  const moved = before !== undefined && before.price !== item.price;
  return {
    price: item.price,
    previousPrice: moved ? before.price : (before?.previousPrice ?? null),
    direction: moved ? (item.price > before.price ? 'up' : 'down') : (before?.direction ?? null),
    changedAt: moved ? now : (before?.changedAt ?? null),
    timestamp: item.timestamp,
    open_24h: item.open_24h,
    change_24h_pct: item.change_24h_pct,
    high_24h: item.high_24h,
    low_24h: item.low_24h,
    volume_24h: item.volume_24h,
    candle: item.candle,
    sparkline,
  };
}

/** A snapshot replaces every symbol (a reconnect's snapshot still flashes what moved meanwhile). */
export function applySnapshot(symbols: Record<string, LiveSymbol>, items: readonly LiveSnapshotItem[], now: number): Record<string, LiveSymbol> {
  const next: Record<string, LiveSymbol> = {};
  for (const item of items) next[item.symbol] = fromPrice(item, symbols[item.symbol], now, item.sparkline);
  return next;
}

/**
 * A batch changes only the symbols in it; the others keep their object, so a row watching one
 * symbol re-renders only when that symbol moves.
 */
export function applyPrices(symbols: Record<string, LiveSymbol>, items: readonly LivePrice[], now: number): Record<string, LiveSymbol> {
  if (items.length === 0) return symbols;
  const next = { ...symbols };
  for (const item of items) {
    const before = symbols[item.symbol];
    next[item.symbol] = fromPrice(item, before, now, before?.sparkline ?? []);
  }
  return next;
}

export const monitoringMachine = setup({
  types: {
    input: {} as MonitoringInput | undefined,
    context: {} as MonitoringContext,
    events: {} as MonitoringEvent,
  },
  guards: {
    isOtherMarket: ({ context, event }) => {
      assertEvent(event, 'monitoring.select');
      return event.market !== context.market;
    },
    isCurrentMarket: ({ context, event }) => {
      assertEvent(event, ['monitoring.marketInfoLoaded', 'monitoring.snapshot', 'monitoring.prices', 'monitoring.disconnected']);
      return event.market === context.market;
    },
  },
  actions: {
    selectMarket: assign(({ event }) => {
      assertEvent(event, 'monitoring.select');
      return { market: event.market, marketInfo: null, liveData: emptyLive() };
    }),
    storeMarketInfo: assign(({ event }) => {
      assertEvent(event, 'monitoring.marketInfoLoaded');
      return {
        marketInfo: {
          market: event.market,
          subscriptions: event.subscriptions ?? [],
          symbols: event.symbols,
          sub_markets: event.sub_markets,
          categories: event.categories,
        },
      };
    }),
    storeSnapshot: assign(({ context, event }) => {
      assertEvent(event, 'monitoring.snapshot');
      const now = context.now();
      return {
        liveData: { ...context.liveData, lastLiveMarketPricesUpdated: now, symbols: applySnapshot(context.liveData.symbols, event.items, now) },
      };
    }),
    storePrices: assign(({ context, event }) => {
      assertEvent(event, 'monitoring.prices');
      const now = context.now();
      return {
        liveData: { ...context.liveData, lastLiveMarketPricesUpdated: now, symbols: applyPrices(context.liveData.symbols, event.items, now) },
      };
    }),
    storeTags: assign(({ event }) => {
      assertEvent(event, 'monitoring.tagsLoaded');
      return { symbolsByTag: event.symbolsByTag };
    }),
    markPortfolioUpdated: assign(({ context }) => ({ liveData: { ...context.liveData, lastPortfolioDataUpdated: context.now() } })),
    clearAll: assign({ market: null, marketInfo: null, liveData: emptyLive(), symbolsByTag: {} }),
  },
}).createMachine({
  id: 'monitoring',
  initial: 'idle',
  context: ({ input }) => ({
    market: null,
    marketInfo: null,
    liveData: emptyLive(),
    symbolsByTag: {},
    now: input?.now ?? Date.now,
  }),
  on: {
    // Re-selecting the market already watched (a screen mounting again) keeps what is live.
    'monitoring.select': { guard: 'isOtherMarket', target: '.waiting', actions: 'selectMarket' },
    'monitoring.tagsLoaded': { actions: 'storeTags' },
    'monitoring.portfolioUpdated': { actions: 'markPortfolioUpdated' },
    'monitoring.clear': { target: '.idle', actions: 'clearAll' },
  },
  states: {
    /** No market selected (signed out, or no screen watching one). */
    idle: {},
    /** A market is selected; its socket has not sent a snapshot yet. */
    waiting: {
      tags: ['loading'],
      on: {
        'monitoring.marketInfoLoaded': { guard: 'isCurrentMarket', actions: 'storeMarketInfo' },
        'monitoring.snapshot': { guard: 'isCurrentMarket', target: 'live', actions: 'storeSnapshot' },
        // A batch before the snapshot is kept: the snapshot that follows replaces it anyway.
        'monitoring.prices': { guard: 'isCurrentMarket', actions: 'storePrices' },
      },
    },
    /** Prices are arriving. */
    live: {
      tags: ['live'],
      on: {
        'monitoring.marketInfoLoaded': { guard: 'isCurrentMarket', actions: 'storeMarketInfo' },
        'monitoring.snapshot': { guard: 'isCurrentMarket', actions: 'storeSnapshot' },
        'monitoring.prices': { guard: 'isCurrentMarket', actions: 'storePrices' },
        'monitoring.disconnected': { guard: 'isCurrentMarket', target: 'interrupted' },
      },
    },
    /** The socket dropped: the last prices stay on screen, marked stale, until it is back. */
    interrupted: {
      tags: ['stale'],
      on: {
        'monitoring.marketInfoLoaded': { guard: 'isCurrentMarket', actions: 'storeMarketInfo' },
        'monitoring.snapshot': { guard: 'isCurrentMarket', target: 'live', actions: 'storeSnapshot' },
        'monitoring.prices': { guard: 'isCurrentMarket', target: 'live', actions: 'storePrices' },
      },
    },
  },
});
