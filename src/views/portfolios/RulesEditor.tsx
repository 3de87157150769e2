import { useState, type FormEvent } from 'react';
import type { PortfolioDetail } from '../../../contract/portfolio/portfolios';
import type { RuleAction, RuleName, Ruleset } from '../../../contract/portfolio/rules';
import { useMutation } from '../../actors/hooks';
import { portfolioApi, portfolioTags } from '../../actors/portfolioEndpoints';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { errorMessage } from '../errorMessage';
import { ConfirmButton, FieldMessages, inputClass } from '../signals/controls';
import { errorsUnder, serverFieldErrors } from '../signals/fieldErrors';
import { usePortfolioT } from './usePortfolioT';

const RULES: readonly RuleName[] = ['max_position_pct', 'stop_loss_pct', 'take_profit_pct', 'max_open_orders', 'allowed_symbols'];

type Draft = Record<RuleName, { on: boolean; value: string; action: RuleAction }>;

function draftOf(ruleset: Ruleset | null): Draft {
  const draft = {} as Draft;
  for (const name of RULES) {
    const rule = ruleset?.[name];
    draft[name] = rule
      ? { on: true, value: Array.isArray(rule.value) ? rule.value.join(', ') : String(rule.value), action: rule.action }
      : { on: false, value: '', action: 'refuse' };
  }
  return draft;
}

/** The draft as `set_portfolio_ruleset`'s body: rules switched off are sent as null (off). */
function bodyOf(portfolioId: number, draft: Draft) {
  const value = (name: RuleName) => {
    const text = draft[name].value.trim();
    if (name === 'max_open_orders') return Number(text);
    if (name === 'allowed_symbols') return text.split(/[,،\s]+/).filter(Boolean).map((s) => s.toUpperCase());
    return text;
  };
  const body: Record<string, unknown> = { portfolio_id: portfolioId };
  for (const name of RULES) body[name] = draft[name].on ? { value: value(name), action: draft[name].action } : null;
  return body;
}

/** One row per rule: on/off, its value and what a breach does; saves the whole ruleset at once. */
export function RulesEditor({ portfolio, ruleset }: { portfolio: PortfolioDetail; ruleset: Ruleset | null }) {
  const { t } = usePortfolioT();
  const invalidates = [portfolioTags.extras(portfolio.id), portfolioTags.one(portfolio.id)];
  const save = useMutation(portfolioApi.setRuleset, { invalidates });
  const clear = useMutation(portfolioApi.removeRuleset, { invalidates });
  const [draft, setDraft] = useState(() => draftOf(ruleset));
  const fields = serverFieldErrors(save.error, ['body']);
  const anyOn = RULES.some((name) => draft[name].on);
  const change = (name: RuleName, patch: Partial<Draft[RuleName]>) => setDraft((d) => ({ ...d, [name]: { ...d[name], ...patch } }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (anyOn) save.submit({ body: bodyOf(portfolio.id, draft) });
  };
  const shownInFields = RULES.some((name) => errorsUnder(fields, name).length > 0);
  return (
    <form onSubmit={submit} aria-label={t('portfolios.rules.editor')} className="space-y-3" data-testid="rules-editor">
      <table className="w-full text-sm">
        <thead className="text-slate-500">
          <tr>
            <th scope="col" className="px-1 py-1 text-start font-medium">{t('portfolios.rules.on')}</th>
            <th scope="col" className="px-1 py-1 text-start font-medium">{t('portfolios.rules.value')}</th>
            <th scope="col" className="px-1 py-1 text-start font-medium">{t('portfolios.rules.action')}</th>
          </tr>
        </thead>
        <tbody>
          {RULES.map((name) => {
            const rule = draft[name];
            const label = t(`portfolios.rules.names.${name}`);
            return (
              <tr key={name} className="border-t border-slate-100 align-top dark:border-slate-700">
                <td className="px-1 py-2">
                  <label className="inline-flex items-center gap-2">
                    <input type="checkbox" checked={rule.on} onChange={(e) => change(name, { on: e.target.checked })} />
                    {label}
                  </label>
                </td>
                <td className="px-1 py-1">
                  <input
                    className={`${inputClass} !mt-0`}
                    dir="ltr"
                    aria-label={`${label} — ${t('portfolios.rules.value')}`}
                    inputMode={name === 'allowed_symbols' ? 'text' : 'decimal'}
                    disabled={!rule.on}
                    required={rule.on}
                    value={rule.value}
                    onChange={(e) => change(name, { value: e.target.value })}
                    placeholder={name === 'allowed_symbols' ? 'BTCUSDT, ETHUSDT' : name === 'max_open_orders' ? '10' : '25'}
                  />
                  <FieldMessages messages={errorsUnder(fields, name).flatMap(([, m]) => m)} />
                </td>
                <td className="px-1 py-1">
                  <select
                    className={`${inputClass} !mt-0`}
                    aria-label={`${label} — ${t('portfolios.rules.action')}`}
                    disabled={!rule.on}
                    value={rule.action}
                    onChange={(e) => change(name, { action: e.target.value as RuleAction })}
                  >
                    <option value="refuse">{t('portfolios.rules.actions.refuse')}</option>
                    <option value="flag">{t('portfolios.rules.actions.flag')}</option>
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.submitting || !anyOn}>
          {t('portfolios.rules.save')}
        </Button>
        {ruleset ? (
          <ConfirmButton label={t('portfolios.rules.clear')} confirmLabel={t('portfolios.rules.clear')} disabled={clear.submitting} onConfirm={() => clear.submit({ query: { portfolio_id: portfolio.id } })} />
        ) : null}
        {!anyOn ? <span className="text-sm text-slate-500">{t('portfolios.rules.needOne')}</span> : null}
      </div>
      {save.error && !shownInFields ? <Alert tone="error">{errorMessage(save.error, t)}</Alert> : null}
      {clear.error ? <Alert tone="error">{errorMessage(clear.error, t)}</Alert> : null}
      {save.succeeded ? <Alert tone="success">{t('portfolios.rules.saved')}</Alert> : null}
    </form>
  );
}
