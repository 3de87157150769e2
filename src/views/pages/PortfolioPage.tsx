import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from '../../actors/hooks';
import { portfolioApi, portfolioTags } from '../../actors/portfolioEndpoints';
import { portfolioLiveStatus, usePortfolioLiveRef, usePortfolioLiveSelector } from '../../actors/portfolioLive';
import { Alert } from '../components/Alert';
import { Card } from '../components/Card';
import { Spinner } from '../components/Spinner';
import { errorMessage } from '../errorMessage';
import { AllocationDonut, slicesOf } from '../portfolios/AllocationDonut';
import { BalancesTable } from '../portfolios/BalancesTable';
import { formatMoney, formatPct, toneOf } from '../portfolios/money';
import { OrdersPanel } from '../portfolios/OrdersPanel';
import { MarkersPanel } from '../portfolios/MarkersPanel';
import { RulesPanel } from '../portfolios/RulesPanel';
import { SettingsPanel } from '../portfolios/SettingsPanel';
import { TagsPanel } from '../portfolios/TagsPanel';
import { TransactionsPanel } from '../portfolios/TransactionsPanel';
import { usePortfolioT } from '../portfolios/usePortfolioT';
import { ValueHistory } from '../portfolios/ValueHistory';
import { PageHeader } from '../signals/controls';

const TABS = ['overview', 'balances', 'orders', 'transactions', 'rules', 'tags', 'markers', 'settings'] as const;

/** One portfolio: its figures, allocation, history, balances, orders, ledger, rules, tags, markers and settings, live from its socket. */
export default function PortfolioPage() {
  const { t, i18n } = usePortfolioT();
  const language = i18n.language;
  const id = Number(useParams().id);
  const live = usePortfolioLiveRef(id);
  const status = usePortfolioLiveSelector(live, portfolioLiveStatus);
  const pushed = usePortfolioLiveSelector(live, (s) => s.context.portfolio);
  const read = useQuery(portfolioApi.get, { params: { id } }, { tags: [portfolioTags.one(id)] });
  const holdings = useQuery(portfolioApi.lastBalances, { query: { portfolio_id: id } }, { tags: [portfolioTags.balances(id)] });
  // `?tab=orders` (a notification's link to an order) opens that tab.
  const asked = useSearchParams()[0].get('tab');
  const [tab, setTab] = useState<(typeof TABS)[number]>(TABS.includes(asked as (typeof TABS)[number]) ? (asked as (typeof TABS)[number]) : 'overview');
  // The newest of the read and the socket's push (a valuation moves the summary between reads).
  const portfolio = pushed && read.data && (pushed.summary?.valued_at ?? 0) >= (read.data.summary?.valued_at ?? 0) ? pushed : read.data;
  if (read.error) return <Alert tone="error">{errorMessage(read.error, t)}</Alert>;
  if (!portfolio) return <Spinner />;
  const s = portfolio.summary;
  const dot = status === 'live' ? 'bg-emerald-500' : status === 'stale' ? 'bg-amber-500' : 'bg-slate-400';
  return (
    <div className="space-y-5">
      <PageHeader
        title={portfolio.name}
        subtitle={`${t(`portfolios.accountTypes.${portfolio.account_type}`)} · ${portfolio.market} · ${t(`portfolios.statuses.${portfolio.status}`)}`}
        actions={
          <>
            <span className="inline-flex items-center gap-2 text-sm" data-testid="portfolio-live" data-status={status}>
              <span className={`h-2.5 w-2.5 rounded-full ${dot}`} />
              {t(`portfolios.live.${status}`)}
            </span>
            <Link to="/portfolios" className="text-sm text-emerald-700 hover:underline dark:text-emerald-400">
              {t('portfolios.title')}
            </Link>
          </>
        }
      />
      <div className="grid gap-4 md:grid-cols-4">
        {[
          ['value', formatMoney(s?.total_value, portfolio.currency, language), '', 'summary-value'],
          ['dayChange', `${formatMoney(s?.day_change_value, portfolio.currency, language)} (${formatPct(s?.day_change_pct, language, true)})`, toneOf(s?.day_change_value), 'summary-day'],
          ['cost', formatMoney(s?.cost_basis, portfolio.currency, language), '', 'summary-cost'],
          ['pnl', formatMoney(s?.unrealized_pnl, portfolio.currency, language), toneOf(s?.unrealized_pnl), 'summary-pnl'],
        ].map(([key, text, tone, testId]) => (
          <Card key={key}>
            <p className="text-sm text-slate-500">{t(`portfolios.${key}`)}</p>
            <p className={`mt-1 text-xl font-semibold tabular-nums ${tone}`} data-testid={testId}>
              {text}
            </p>
          </Card>
        ))}
      </div>
      <nav role="tablist" className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-700">
        {TABS.map((name) => (
          <button
            key={name}
            role="tab"
            type="button"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${tab === name ? 'border-emerald-600 text-emerald-800 dark:text-emerald-300' : 'border-transparent text-slate-500'}`}
          >
            {t(`portfolios.tabs.${name}`)}
            {name === 'orders' && s?.pending_orders_count ? <span className="ms-1 rounded-full bg-amber-100 px-1.5 text-xs text-amber-800">{new Intl.NumberFormat(language).format(s.pending_orders_count)}</span> : null}
          </button>
        ))}
      </nav>
      {tab === 'overview' ? (
        <div className="space-y-4">
          <Card title={t('portfolios.allocation')}>
            <AllocationDonut slices={slicesOf(holdings.data?.data ?? [])} language={language} />
          </Card>
          <ValueHistory portfolio={portfolio} language={language} />
        </div>
      ) : null}
      {tab === 'balances' ? <Card><BalancesTable portfolio={portfolio} language={language} /></Card> : null}
      {tab === 'orders' ? <Card><OrdersPanel portfolio={portfolio} language={language} /></Card> : null}
      {tab === 'transactions' ? <Card><TransactionsPanel portfolio={portfolio} language={language} /></Card> : null}
      {tab === 'rules' ? <Card><RulesPanel portfolio={portfolio} language={language} /></Card> : null}
      {tab === 'tags' ? <Card><TagsPanel portfolio={portfolio} /></Card> : null}
      {tab === 'markers' ? <Card><MarkersPanel portfolio={portfolio} language={language} /></Card> : null}
      {tab === 'settings' ? <Card><SettingsPanel portfolio={portfolio} /></Card> : null}
    </div>
  );
}
