import type { PortfolioDetail } from '../../../contract/portfolio/portfolios';
import { useQuery } from '../../actors/hooks';
import { portfolioApi, portfolioTags } from '../../actors/portfolioEndpoints';
import { Alert } from '../components/Alert';
import { errorMessage } from '../errorMessage';
import { formatAmount } from './money';
import { RulesEditor } from './RulesEditor';
import { usePortfolioT } from './usePortfolioT';

/** The ruleset's editor and what breaks it now; refetched whenever balances or orders change on the socket. */
export function RulesPanel({ portfolio, language }: { portfolio: PortfolioDetail; language: string }) {
  const { t } = usePortfolioT();
  const status = useQuery(portfolioApi.rulesetStatus, { query: { portfolio_id: portfolio.id } }, { tags: [portfolioTags.extras(portfolio.id), portfolioTags.balances(portfolio.id), portfolioTags.orders(portfolio.id)] });
  if (status.error) return <Alert tone="error">{errorMessage(status.error, t)}</Alert>;
  if (!status.data) return <p className="text-sm text-slate-500">{t('common.loading')}</p>;
  const { ruleset, violations, checked_at: checkedAt } = status.data;
  const time = new Intl.DateTimeFormat(language, { timeStyle: 'medium' });
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section>
        <h3 className="mb-2 font-semibold">{t('portfolios.rules.editor')}</h3>
        <RulesEditor key={ruleset ? 'set' : 'none'} portfolio={portfolio} ruleset={ruleset} />
      </section>
      <section data-testid="rule-status">
        <h3 className="mb-2 flex items-baseline justify-between gap-3 font-semibold">
          {t('portfolios.rules.status')}
          <span className="text-xs font-normal text-slate-500 tabular-nums">{t('portfolios.rules.checkedAt', { time: time.format(checkedAt) })}</span>
        </h3>
        {!ruleset ? <p className="mb-2 text-sm text-slate-500">{t('portfolios.rules.none')}</p> : null}
        {violations.length === 0 ? (
          <Alert tone="success">{t('portfolios.rules.ok')}</Alert>
        ) : (
          <ul className="space-y-2">
            {violations.map((v, i) => (
              <li key={i} data-rule={v.rule} className={`rounded-lg px-3 py-2 text-sm ring-1 ${v.action === 'refuse' ? 'bg-rose-50 text-rose-800 ring-rose-200 dark:bg-rose-950 dark:text-rose-200 dark:ring-rose-900' : 'bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-900'}`}>
                <p className="font-medium">
                  {t(`portfolios.rules.names.${v.rule}`)}
                  {v.action === 'flag' ? <span className="ms-2 text-xs font-normal">({t('portfolios.rules.flagOnly')})</span> : null}
                </p>
                <p className="tabular-nums">
                  {/* The server's figures in words of the UI's language; its English sentence stays as the tooltip. */}
                  <span title={v.message}>
                    {t(`portfolios.rules.breach.${v.rule}`, { symbol: v.symbol ?? '', actual: formatAmount(v.actual, language), limit: formatAmount(v.limit, language) })}
                  </span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
