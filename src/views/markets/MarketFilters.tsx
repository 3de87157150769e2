import { useTranslation } from 'react-i18next';
import type { Category, SubMarket } from '../../../contract/market/lists';
import type { SymbolFilter } from './search';

const selectClass =
  'rounded-lg border-0 bg-white py-1.5 pe-8 ps-3 text-sm ring-1 ring-slate-200 focus:ring-2 focus:ring-indigo-500 dark:bg-slate-800 dark:ring-slate-700';

/** Search on both names and the symbol, and the sub-market and category pickers. */
export function MarketFilters({
  filter,
  subMarkets,
  categories,
  iso,
  onChange,
}: {
  filter: SymbolFilter;
  subMarkets: readonly SubMarket[];
  categories: readonly Category[];
  iso: 'fa' | 'en';
  onChange: (change: Partial<SymbolFilter>) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="flex min-w-[14rem] flex-1 flex-col gap-1 text-xs text-slate-500 dark:text-slate-400">
        {t('marketsScreen.search')}
        <input
          type="search"
          value={filter.search}
          placeholder={t('marketsScreen.searchPlaceholder')}
          onChange={(event) => onChange({ search: event.target.value })}
          className="rounded-lg border-0 bg-white px-3 py-1.5 text-sm text-slate-800 ring-1 ring-slate-200 focus:ring-2 focus:ring-indigo-500 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700"
        />
      </label>
      <label className="flex flex-col gap-1 text-xs text-slate-500 dark:text-slate-400">
        {t('marketsScreen.subMarket')}
        <select value={filter.subMarket ?? ''} onChange={(event) => onChange({ subMarket: event.target.value || null })} className={selectClass}>
          <option value="">{t('marketsScreen.all')}</option>
          {subMarkets.map((item) => (
            <option key={item.name} value={item.name}>
              {item.title[iso] || item.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs text-slate-500 dark:text-slate-400">
        {t('marketsScreen.category')}
        <select value={filter.category ?? ''} onChange={(event) => onChange({ category: event.target.value || null })} className={selectClass}>
          <option value="">{t('marketsScreen.all')}</option>
          {categories.map((item) => (
            <option key={item.name} value={item.name}>
              {item.title[iso] || item.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
