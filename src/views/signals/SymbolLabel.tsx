import { useShellSelector } from '../../actors/hooks';
import { useMarketSymbols } from '../../actors/useMarketSymbols';

/** A symbol's title in the interface language with its code beside it; the code alone until the list loads. */
export function SymbolLabel({ market, symbol, compact = false }: { market: string; symbol: string; compact?: boolean }) {
  const iso = useShellSelector((s) => s.context.languageIso) as 'fa' | 'en';
  const { byName } = useMarketSymbols(market);
  const title = byName.get(symbol)?.title[iso];
  if (compact) {
    return (
      <span className="truncate" title={title ? `${title} (${symbol})` : symbol} dir="auto">
        {title || symbol}
      </span>
    );
  }
  return (
    <span className="flex min-w-0 items-baseline gap-2">
      <span className="truncate font-medium" dir="auto">
        {title || symbol}
      </span>
      {title && title !== symbol ? (
        <span dir="ltr" className="shrink-0 text-xs text-slate-500">
          {symbol}
        </span>
      ) : null}
    </span>
  );
}
