import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Market } from '../../../contract/market/markets';

/** The market picker: one tab per market, named in the active language (the app's short names for the default markets). */
export function MarketTabs({ markets, active, iso }: { markets: readonly Market[]; active: string; iso: 'fa' | 'en' }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('marketsScreen.marketPicker')} className="flex flex-wrap gap-2">
      {markets.map((market) => (
        <Link
          key={market.name}
          to={`/markets/${encodeURIComponent(market.name)}`}
          aria-current={market.name === active ? 'page' : undefined}
          className={`rounded-full px-4 py-1.5 text-sm font-medium ring-1 transition-colors ${
            market.name === active
              ? 'bg-indigo-600 text-white ring-indigo-600'
              : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700'
          }`}
        >
          {t(`markets.${market.name}`, { defaultValue: market.title[iso] || market.name })}
        </Link>
      ))}
    </nav>
  );
}
