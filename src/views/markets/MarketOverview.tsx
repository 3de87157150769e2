import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MarketSymbol } from '../../../contract/market/lists';
import type { LiveSymbol } from '../../machines/monitoringMachine';
import { useShellSelector } from '../../actors/hooks';
import { useMarketLive, useMonitoringSelector } from '../../actors/useMarketLive';
import { Card } from '../components/Card';
import { changeClass } from './columns';
import { formatChange, formatPrice } from './numbers';

const TOP = 6;

/** The symbols that moved most in 24 hours, either way, biggest first. */
export function topMovers(symbols: readonly MarketSymbol[], live: Record<string, LiveSymbol>, count = TOP) {
  return symbols
    .flatMap((symbol) => {
      const state = live[symbol.name];
      return state ? [{ symbol, live: state }] : [];
    })
    .sort((a, b) => Math.abs(b.live.change_24h_pct) - Math.abs(a.live.change_24h_pct) || a.symbol.name.localeCompare(b.symbol.name))
    .slice(0, count);
}

/** Dashboard widget: a market's top movers, live. */
export default function MarketOverview({ market = 'crypto' }: { market?: string }) {
  const { t } = useTranslation();
  const language = useShellSelector((s) => s.context.language);
  const iso = useShellSelector((s) => s.context.languageIso) as 'fa' | 'en';
  const { symbols } = useMarketLive(market);
  const live = useMonitoringSelector((s) => (s.context.market === market ? s.context.liveData.symbols : undefined));
  const movers = useMemo(() => (live ? topMovers(symbols, live) : []), [symbols, live]);

  return (
    <Card title={t('marketsScreen.overview.title')}>
      <div className="-mt-2 mb-3 flex items-center justify-between gap-2">
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('marketsScreen.overview.subtitle')}</p>
        <Link to={`/markets/${encodeURIComponent(market)}`} className="text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-300">
          {t('marketsScreen.overview.viewAll')}
        </Link>
      </div>
      {movers.length === 0 ? (
        <p className="text-sm text-slate-400">{t('marketsScreen.overview.waiting')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-700" data-testid="top-movers">
          {movers.map(({ symbol, live: state }) => (
            <li key={symbol.name} className="flex items-center justify-between gap-3 py-2 text-sm">
              <Link to={`/markets/${encodeURIComponent(market)}/${encodeURIComponent(symbol.name)}`} className="min-w-0 truncate font-medium hover:text-indigo-600 dark:hover:text-indigo-300">
                {symbol.title[iso] || symbol.name}
              </Link>
              <span className="flex shrink-0 items-center gap-3 tabular-nums">
                <span>{formatPrice(state.price, symbol.price_precision, language)}</span>
                <span className={`w-20 text-end ${changeClass(state.change_24h_pct)}`}>{formatChange(state.change_24h_pct, language)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
