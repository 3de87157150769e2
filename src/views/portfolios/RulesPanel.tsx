import type { PortfolioDetail } from '../../../contract/portfolio/portfolios';
import { useQuery } from '../../actors/hooks';
import { portfolioApi, portfolioTags } from '../../actors/portfolioEndpoints';
import { Alert } from '../components/Alert';
import { errorMessage } from '../errorMessage';
import { usePortfolioT } from './usePortfolioT';

const RULES = ['max_position_pct', 'stop_loss_pct', 'take_profit_pct', 'max_open_orders', 'allowed_symbols'] as const;

/** The ruleset and what breaks it now; refetched whenever balances or orders change on the socket. */
export function RulesPanel({ portfolio }: { portfolio: PortfolioDetail }) {
  const { t } = usePortfolioT();
  const status = useQuery(portfolioApi.rulesetStatus, { query: { portfolio_id: portfolio.id } }, { tags: [portfolioTags.extras(portfolio.id), portfolioTags.balances(portfolio.id), portfolioTags.orders(portfolio.id)] });
  if (status.error) return <Alert tone="error">{errorMessage(status.error, t)}</Alert>;
  if (!status.data) return <p className="text-sm text-slate-500">{t('common.loading')}</p>;
  const { ruleset, violations } = status.data;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section>
        <h3 className="mb-2 font-semibold">{t('portfolios.rules.title')}</h3>
        {ruleset ? (
          <dl className="space-y-1 text-sm">
            {RULES.map((name) => {
              const rule = ruleset[name];
              return rule ? (
                <div key={name} className="flex justify-between gap-3">
                  <dt>{t(`portfolios.rules.names.${name}`)}</dt>
                  <dd className="tabular-nums">
                    <bdi dir="ltr">{Array.isArray(rule.value) ? rule.value.join(', ') : String(rule.value)}</bdi> · {t(`portfolios.rules.actions.${rule.action}`)}
                  </dd>
                </div>
              ) : null;
            })}
          </dl>
        ) : (
          <p className="text-sm text-slate-500">{t('portfolios.rules.none')}</p>
        )}
      </section>
      <section data-testid="rule-status">
        <h3 className="mb-2 font-semibold">{t('portfolios.rules.status')}</h3>
        {violations.length === 0 ? (
          <Alert tone="success">{t('portfolios.rules.ok')}</Alert>
        ) : (
          <ul className="space-y-2">
            {violations.map((v, i) => (
              <li key={i}>
                <Alert tone="error">
                  {t(`portfolios.rules.names.${v.rule}`)} {v.symbol ? <bdi dir="ltr">{v.symbol}</bdi> : null}: <span dir="ltr">{v.message}</span>
                </Alert>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
