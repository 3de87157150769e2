import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useMarketLive } from '../../actors/useMarketLive';
import { useShellSelector } from '../../actors/hooks';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Spinner } from '../components/Spinner';
import { errorMessage } from '../errorMessage';
import { ROW_GRID, ROW_HEIGHT } from './columns';
import { LiveStatus } from './LiveStatus';
import { MarketFilters } from './MarketFilters';
import { formatCount } from './numbers';
import { filterSymbols, type SymbolFilter } from './search';
import { SymbolRow } from './SymbolRow';
import { VirtualRows } from './VirtualRows';

/** The filters live in the address (`?q=…&sub=…&cat=…`): a filtered list can be shared and survives a reload. */
function useFilter(): [SymbolFilter, (change: Partial<SymbolFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const filter: SymbolFilter = { search: params.get('q') ?? '', subMarket: params.get('sub'), category: params.get('cat') };
  const update = (change: Partial<SymbolFilter>) => {
    const next = { ...filter, ...change };
    const query: Record<string, string> = {};
    if (next.search) query.q = next.search;
    if (next.subMarket) query.sub = next.subMarket;
    if (next.category) query.cat = next.category;
    setParams(query, { replace: true });
  };
  return [filter, update];
}

/** Every symbol of one market, filtered, with live prices, in a windowed list. */
export function MarketBoard({ market }: { market: string }) {
  const { t } = useTranslation();
  const language = useShellSelector((s) => s.context.language);
  const iso = useShellSelector((s) => s.context.languageIso) as 'fa' | 'en';
  const live = useMarketLive(market);
  const [filter, setFilter] = useFilter();
  const shown = useMemo(() => filterSymbols(live.symbols, filter), [live.symbols, filter.search, filter.subMarket, filter.category]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <MarketFilters filter={filter} subMarkets={live.subMarkets} categories={live.categories} iso={iso} onChange={setFilter} />
        <div className="flex items-center gap-4">
          <span className="text-sm text-slate-500 dark:text-slate-400" data-testid="shown-count">
            {t('marketsScreen.shown', { shown: formatCount(shown.length, language), total: formatCount(live.symbols.length, language) })}
          </span>
          <LiveStatus />
        </div>
      </div>
      {live.error ? (
        <Alert tone="error">
          <p>{t('marketsScreen.loadError')}</p>
          <p className="mt-1 opacity-80">{errorMessage(live.error, t)}</p>
          <Button kind="secondary" className="mt-2" onClick={live.refetch}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : null}
      <div role="table" aria-label={t('marketsScreen.title')} aria-rowcount={shown.length + 1} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
        <div role="rowgroup">
          <div role="row" className={`${ROW_GRID} border-b border-slate-200 py-2 text-xs font-semibold text-slate-500 dark:border-slate-700 dark:text-slate-400`}>
            <div role="columnheader">{t('marketsScreen.columns.symbol')}</div>
            <div role="columnheader" className="text-end">{t('marketsScreen.columns.price')}</div>
            <div role="columnheader" className="text-end">{t('marketsScreen.columns.change')}</div>
            <div role="columnheader" className="hidden text-end md:block">{t('marketsScreen.columns.range')}</div>
            <div role="columnheader" className="hidden text-end md:block">{t('marketsScreen.columns.volume')}</div>
            <div role="columnheader" className="hidden text-end md:block">{t('marketsScreen.columns.trend')}</div>
          </div>
        </div>
        {live.isLoading && live.symbols.length === 0 ? (
          <div className="p-8">
            <Spinner label={t('common.loading')} />
          </div>
        ) : shown.length === 0 && !live.error ? (
          <p className="p-8 text-center text-sm text-slate-500 dark:text-slate-400">{t('marketsScreen.noResults')}</p>
        ) : (
          <VirtualRows
            className="h-[calc(100vh-19rem)] min-h-[20rem]"
            items={shown}
            rowHeight={ROW_HEIGHT}
            getKey={(symbol) => symbol.name}
            renderRow={(symbol) => <SymbolRow symbol={symbol} language={language} iso={iso} />}
          />
        )}
      </div>
    </div>
  );
}
