import type { MarketSymbol } from '../../../../contract/market/lists';
import type { MarketsService } from '../../markets/marketsService';
import { Dec, dec } from './money';

/**
 * What the ledger needs to know about a portfolio's market, read before any write transaction
 * (the markets service reads outside it, and SQLite has one connection).
 * - assets: every main and quote symbol of the market's active pairs; the ledger accepts no other.
 * - cash: the quote most pairs are priced in (USDT, IRR…). Values, costs and PnL are in it; the
 *   portfolio's currency is taken to be the cash symbol's (no FX conversion yet).
 * - pairOf: the pair that prices an asset in cash (BTC → BTCUSDT).
 */
export interface MarketInfo {
  market: string;
  cash: string;
  assets: Set<string>;
  pairs: Map<string, MarketSymbol>;
  pairOf: Map<string, string>;
  feeRate: Dec;
}

export async function loadMarketInfo(markets: MarketsService, market: string): Promise<MarketInfo> {
  const symbols = await markets.activeSymbols(market);
  const quotes = new Map<string, number>();
  for (const s of symbols) quotes.set(s.quote_symbol, (quotes.get(s.quote_symbol) ?? 0) + 1);
  const cash = [...quotes.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? 'CASH';
  const assets = new Set<string>([cash]);
  const pairs = new Map<string, MarketSymbol>();
  const pairOf = new Map<string, string>();
  for (const s of symbols) {
    assets.add(s.main_symbol);
    assets.add(s.quote_symbol);
    pairs.set(s.name, s);
    if (s.quote_symbol === cash && !pairOf.has(s.main_symbol)) pairOf.set(s.main_symbol, s.name);
  }
  const rawFee = await markets.getSetting<unknown>(market, 'fee_rate');
  let feeRate = dec(0);
  try {
    if (rawFee !== undefined && rawFee !== null) feeRate = dec(String(rawFee));
  } catch {
    // A malformed setting charges no fee rather than breaking every fill.
  }
  return { market, cash, assets, pairs, pairOf, feeRate };
}
