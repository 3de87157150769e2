import type { MarketSymbol } from '../../../contract/market/lists';

/**
 * Lower case, with the Arabic forms of yeh and kaf folded into the Persian ones, as the server's
 * search does: a Persian name typed on an Arabic keyboard still matches.
 */
export function normaliseSearch(text: string): string {
  return text.trim().toLowerCase().replace(/ي/g, 'ی').replace(/ى/g, 'ی').replace(/ك/g, 'ک').replace(/\u200c/g, ' ');
}

export interface SymbolFilter {
  search: string;
  subMarket: string | null;
  category: string | null;
}

/** The symbols that pass the filters, in the order given: by sub-market, category, and a search on the name and both titles. */
export function filterSymbols(symbols: readonly MarketSymbol[], filter: SymbolFilter): MarketSymbol[] {
  const needle = normaliseSearch(filter.search);
  return symbols.filter((symbol) => {
    if (filter.subMarket && symbol.sub_market !== filter.subMarket) return false;
    if (filter.category && symbol.category !== filter.category) return false;
    if (!needle) return true;
    return [symbol.name, symbol.title.fa, symbol.title.en, symbol.main_symbol].some((text) => normaliseSearch(text).includes(needle));
  });
}
