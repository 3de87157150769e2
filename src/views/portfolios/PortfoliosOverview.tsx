import { Link } from 'react-router-dom';
import { useQuery } from '../../actors/hooks';
import { portfolioApi, portfolioTags } from '../../actors/portfolioEndpoints';
import { Card } from '../components/Card';
import { formatMoney, formatPct, toneOf } from './money';
import { usePortfolioT } from './usePortfolioT';

/**
 * The dashboard's panel: total value and day change across the user's active portfolios, per
 * currency (sums never mix currencies), and each portfolio's line.
 */
export default function PortfoliosOverview() {
  const { t, i18n } = usePortfolioT();
  const language = i18n.language;
  const list = useQuery(portfolioApi.list, { query: { limit: 200 } }, { tags: [portfolioTags.list] });
  const active = (list.data?.data ?? []).filter((p) => p.status !== 30);
  const byCurrency = new Map<number, { value: number; change: number; before: number; unknown: boolean }>();
  for (const p of active) {
    const sum = byCurrency.get(p.currency) ?? { value: 0, change: 0, before: 0, unknown: false };
    if (p.summary?.total_value == null) sum.unknown = true;
    else sum.value += Number(p.summary.total_value);
    sum.change += Number(p.summary?.day_change_value ?? 0);
    byCurrency.set(p.currency, sum);
  }
  return (
    <Card title={t('portfolios.dashboardTitle')}>
      {active.length === 0 ? (
        <p className="text-sm text-slate-500">{list.data ? t('portfolios.dashboardNone') : t('common.loading')}</p>
      ) : (
        <div className="space-y-3" data-testid="portfolios-overview">
          {[...byCurrency].map(([currency, sum]) => (
            <div key={currency}>
              <p className="text-xs text-slate-500">{t('portfolios.dashboardTotal')}</p>
              <p className="text-xl font-semibold tabular-nums">{formatMoney(String(sum.value), currency, language)}</p>
              <p className={`text-sm tabular-nums ${toneOf(sum.change)}`}>
                {formatMoney(String(sum.change), currency, language)} ({formatPct(sum.value - sum.change ? (sum.change / (sum.value - sum.change)) * 100 : 0, language, true)})
              </p>
            </div>
          ))}
          <ul className="space-y-1 text-sm">
            {active.slice(0, 5).map((p) => (
              <li key={p.id} className="flex justify-between gap-2">
                <Link to={`/portfolios/${p.id}`} className="truncate text-emerald-700 hover:underline dark:text-emerald-400" dir="auto">
                  {p.name}
                </Link>
                <span className={`tabular-nums ${toneOf(p.summary?.day_change_pct)}`}>{formatPct(p.summary?.day_change_pct, language, true)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
