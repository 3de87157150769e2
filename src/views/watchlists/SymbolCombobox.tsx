import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useMemo, useState } from 'react';
import { useSignalsT } from '../signals/useSignalsT';
import type { MarketSymbol } from '../../../contract/market/lists';
import { useMarketSymbols } from '../../actors/useMarketSymbols';
import { filterSymbols } from '../markets/search';
import { inputClass } from '../signals/controls';

/** Options drawn at once; typing narrows the rest. */
const SHOWN = 50;

/**
 * Finds a symbol of `market` by its code or its Persian or English title (Arabic-keyboard letters
 * fold into Persian ones) and hands it over; symbols already in the list are left out.
 */
export function SymbolCombobox({ market, exclude, onPick, disabled, iso }: { market: string; exclude: ReadonlySet<string>; onPick: (symbol: MarketSymbol) => void; disabled?: boolean; iso: 'fa' | 'en' }) {
  const { t } = useSignalsT();
  const { symbols, isLoading } = useMarketSymbols(market);
  const [search, setSearch] = useState('');
  const options = useMemo(
    () => filterSymbols(symbols, { search, subMarket: null, category: null }).filter((s) => s.is_active && !exclude.has(s.name)),
    [symbols, search, exclude],
  );

  return (
    <Combobox<MarketSymbol | null>
      value={null}
      disabled={disabled}
      onChange={(symbol) => {
        if (!symbol) return;
        onPick(symbol);
        setSearch('');
      }}
      onClose={() => setSearch('')}
    >
      <div className="relative">
        <ComboboxInput
          aria-label={t('watchlists.addSymbol')}
          placeholder={isLoading ? t('common.loading') : t('watchlists.searchSymbols')}
          className={inputClass}
          displayValue={() => search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <ComboboxOptions className="absolute inset-x-0 z-20 mt-1 max-h-72 overflow-auto rounded-lg bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200 empty:invisible dark:bg-slate-800 dark:ring-slate-700">
          {options.length === 0 ? (
            <div className="px-3 py-2 text-slate-500">{search ? t('watchlists.noMatch') : t('watchlists.allAdded')}</div>
          ) : (
            options.slice(0, SHOWN).map((symbol) => (
              <ComboboxOption
                key={symbol.name}
                value={symbol}
                className="flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 data-[focus]:bg-emerald-50 dark:data-[focus]:bg-emerald-950"
              >
                <span className="truncate" dir="auto">
                  {symbol.title[iso] || symbol.name}
                </span>
                <span dir="ltr" className="shrink-0 text-xs text-slate-500">
                  {symbol.name}
                </span>
              </ComboboxOption>
            ))
          )}
        </ComboboxOptions>
      </div>
    </Combobox>
  );
}
