import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { SnapshotFrom } from 'xstate';
import { pick } from '../../contract/endpoint';
import { marketEndpoints } from '../../contract/market/endpoints';
import type { Category, MarketSymbol, SubMarket } from '../../contract/market/lists';
import type { Market } from '../../contract/market/markets';
import type { LiveSymbol, monitoringMachine } from '../machines/monitoringMachine';
import { MARKET_INFO_TAG } from './appSystem';
import { useAppSystem, useQuery } from './hooks';
import { marketFeedOf } from './marketFeed';

const marketList = pick(marketEndpoints, 'market.getList');
const marketsAll = pick(marketEndpoints, 'market.listMarkets');

/** Lists change rarely (admins edit them): keep them five minutes. */
const LIST_RETENTION_MS = 300_000;
const EMPTY: never[] = [];

function useMonitoringRef() {
  return marketFeedOf(useAppSystem()).monitoring;
}

export function useMonitoringSelector<T>(selector: (snapshot: SnapshotFrom<typeof monitoringMachine>) => T): T {
  return useSelector(useMonitoringRef(), selector);
}

/** One symbol's live state: the component re-renders only when that symbol moves. */
export function useLiveSymbol(symbol: string): LiveSymbol | undefined {
  return useMonitoringSelector((s) => s.context.liveData.symbols[symbol]);
}

/** Every market the server knows (titles, currency…). */
export function useMarkets(): { markets: Market[]; isLoading: boolean; error: unknown } {
  const query = useQuery(marketsAll, {}, { retentionMs: LIST_RETENTION_MS, tags: [MARKET_INFO_TAG] });
  return { markets: query.data?.data ?? EMPTY, isLoading: query.isLoading, error: query.error };
}

export interface MarketLive {
  symbols: MarketSymbol[];
  subMarkets: SubMarket[];
  categories: Category[];
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
}

/**
 * Watches a market while mounted: its lists (symbols up to 5000, sub-markets, categories) through
 * the query cache, and its live prices through the market's socket. The lists are handed to the
 * monitoring actor as its `marketInfo`. Callers pass a market the server knows (`useMarkets`).
 */
export function useMarketLive(market: string): MarketLive {
  const system = useAppSystem();
  const feed = marketFeedOf(system);
  const name = market;
  const symbols = useQuery(marketList, { params: { name: 'symbols' }, query: { market: name, limit: 5000 } }, { retentionMs: LIST_RETENTION_MS, tags: [MARKET_INFO_TAG] });
  const subMarkets = useQuery(marketList, { params: { name: 'sub_markets' }, query: { market: name, limit: 5000 } }, { retentionMs: LIST_RETENTION_MS, tags: [MARKET_INFO_TAG] });
  const categories = useQuery(marketList, { params: { name: 'categories' }, query: { market: name, limit: 5000 } }, { retentionMs: LIST_RETENTION_MS, tags: [MARKET_INFO_TAG] });

  useEffect(() => feed.watch(market), [feed, market]);

  const symbolList = symbols.data?.list === 'symbols' ? symbols.data.data : EMPTY;
  const subMarketList = subMarkets.data?.list === 'sub_markets' ? subMarkets.data.data : EMPTY;
  const categoryList = categories.data?.list === 'categories' ? categories.data.data : EMPTY;
  const loaded = !!symbols.data && !!subMarkets.data && !!categories.data;

  // Monitoring forgets the lists whenever it (re)selects the market (after a sign-in, a switch back).
  const needsInfo = useSelector(feed.monitoring, (s) => s.context.market === market && s.context.marketInfo?.symbols !== symbolList);
  useEffect(() => {
    if (!loaded || !needsInfo) return;
    feed.monitoring.send({ type: 'monitoring.marketInfoLoaded', market, symbols: symbolList, sub_markets: subMarketList, categories: categoryList });
  }, [feed, market, loaded, needsInfo, symbolList, subMarketList, categoryList]);

  return {
    symbols: symbolList,
    subMarkets: subMarketList,
    categories: categoryList,
    isLoading: symbols.isLoading || subMarkets.isLoading || categories.isLoading,
    error: symbols.error ?? subMarkets.error ?? categories.error ?? null,
    refetch: () => {
      symbols.refetch();
      subMarkets.refetch();
      categories.refetch();
    },
  };
}
