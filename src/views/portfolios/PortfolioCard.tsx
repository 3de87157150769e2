import { Link } from 'react-router-dom';
import type { PortfolioDetail } from '../../../contract/portfolio/portfolios';
import { useMutation, useQuery } from '../../actors/hooks';
import { portfolioApi, portfolioTags } from '../../actors/portfolioEndpoints';
import { Button } from '../components/Button';
import { ConfirmButton } from '../signals/controls';
import { AllocationDonut, slicesOf } from './AllocationDonut';
import { formatMoney, formatPct, toneOf } from './money';
import { usePortfolioT } from './usePortfolioT';

/** One portfolio at a glance: value, day change, a small allocation donut; edit, archive or restore. */
export function PortfolioCard({ portfolio, onEdit }: { portfolio: PortfolioDetail; onEdit: () => void }) {
  const { t, i18n } = usePortfolioT();
  const language = i18n.language;
  const s = portfolio.summary;
  const holdings = useQuery(portfolioApi.lastBalances, { query: { portfolio_id: portfolio.id } }, { tags: [portfolioTags.balances(portfolio.id)] });
  const update = useMutation(portfolioApi.update, { invalidates: [portfolioTags.list, portfolioTags.one(portfolio.id)] });
  const archived = portfolio.status === 30;
  return (
    <article data-testid={`portfolio-${portfolio.id}`} className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700 ${archived ? 'opacity-70' : ''}`}>
      <header className="mb-3 flex items-start justify-between gap-2">
        <div>
          <Link to={`/portfolios/${portfolio.id}`} className="text-lg font-semibold text-emerald-800 hover:underline dark:text-emerald-300" dir="auto">
            {portfolio.name}
          </Link>
          <p className="text-xs text-slate-500">
            {t(`portfolios.accountTypes.${portfolio.account_type}`)} · <bdi dir="ltr">{portfolio.market}</bdi> · {t(`portfolios.statuses.${portfolio.status}`)}
          </p>
        </div>
        <AllocationDonut slices={slicesOf(holdings.data?.data ?? [])} size={56} legend={false} language={language} />
      </header>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-slate-500">{t('portfolios.value')}</dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="portfolio-value">
            {s?.total_value ? formatMoney(s.total_value, portfolio.currency, language) : t('portfolios.noPrice')}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('portfolios.dayChange')}</dt>
          <dd className={`tabular-nums ${toneOf(s?.day_change_value)}`}>
            {formatMoney(s?.day_change_value, portfolio.currency, language)} <span className="text-xs">({formatPct(s?.day_change_pct, language, true)})</span>
          </dd>
        </div>
      </dl>
      {s && s.pending_orders_count > 0 ? <p className="mt-2 text-xs text-amber-700 dark:text-amber-300">{t('portfolios.pending', { count: s.pending_orders_count })}</p> : null}
      <footer className="mt-4 flex flex-wrap gap-2">
        <Button kind="secondary" className="!px-3 !py-1.5" onClick={onEdit}>
          {t('portfolios.edit')}
        </Button>
        {archived ? (
          <Button kind="secondary" className="!px-3 !py-1.5" onClick={() => update.submit({ params: { id: portfolio.id }, body: { status: 10 } })}>
            {t('portfolios.unarchive')}
          </Button>
        ) : (
          <ConfirmButton label={t('portfolios.archive')} confirmLabel={t('portfolios.archiveConfirm')} onConfirm={() => update.submit({ params: { id: portfolio.id }, body: { status: 30 } })} />
        )}
      </footer>
    </article>
  );
}
