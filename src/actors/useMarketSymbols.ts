import { useMemo } from 'react';
import { pick } from '../../contract/endpoint';
import { marketEndpoints } from '../../contract/market/endpoints';
import type { MarketSymbol } from '../../contract/market/lists';
import { useQuery } from './hooks';

const marketList = pick(marketEndpoints, 'market.getList');
const EMPTY: MarketSymbol[] = [];

/**
 * A market's symbols without its live prices (titles for labels, the watchlist's search). The
 * query is the one `useMarketLive` makes, so both share one cached answer.
 */
export function useMarketSymbols(market: string) {
  const query = useQuery(
    marketList,
    { params: { name: 'symbols' }, query: { market, limit: 5000 } },
    { retentionMs: 300_000 },
  );
  const symbols = query.data?.list === 'symbols' ? query.data.data : EMPTY;
  const byName = useMemo(() => new Map(symbols.map((s) => [s.name, s])), [symbols]);
  return { symbols, byName, isLoading: query.isLoading, error: query.error };
}
