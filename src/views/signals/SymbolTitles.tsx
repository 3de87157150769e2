import { useEffect } from 'react';
import { useMarketSymbols } from '../../actors/useMarketSymbols';

export type TitleIndex = Record<string, Record<string, readonly string[]>>;

/** Loads one market's symbol titles and reports them (fa and en) up, for searches over several markets. */
function MarketTitles({ market, onTitles }: { market: string; onTitles: (market: string, titles: Record<string, readonly string[]>) => void }) {
  const { symbols } = useMarketSymbols(market);
  useEffect(() => {
    if (symbols.length) onTitles(market, Object.fromEntries(symbols.map((s) => [s.name, [s.title.fa, s.title.en, s.main_symbol]])));
  }, [market, symbols, onTitles]);
  return null;
}

export function SymbolTitles({ markets, onTitles }: { markets: readonly string[]; onTitles: (market: string, titles: Record<string, readonly string[]>) => void }) {
  return (
    <>
      {markets.map((market) => (
        <MarketTitles key={market} market={market} onTitles={onTitles} />
      ))}
    </>
  );
}
