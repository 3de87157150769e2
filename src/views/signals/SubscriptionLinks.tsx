import { useState } from 'react';
import { useSignalsT } from './useSignalsT';
import type { Portfolio } from '../../../contract/portfolio/portfolios';
import type { SubscriptionLink, SubscriptionWithLinks } from '../../../contract/signals/relations';
import { useMutation } from '../../actors/hooks';
import { signalsApi, signalsTags } from '../../actors/signalsEndpoints';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { errorMessage } from '../errorMessage';
import { ConfirmButton, inputClass, Toggle } from './controls';

const INVALIDATES = [signalsTags.subscriptions];

function LinkRow({ link, portfolio }: { link: SubscriptionLink; portfolio: Portfolio | undefined }) {
  const { t } = useSignalsT();
  const active = useMutation(signalsApi.setLinkActive, { invalidates: INVALIDATES });
  const confirmation = useMutation(signalsApi.setLinkConfirmation, { invalidates: INVALIDATES });
  const unlink = useMutation(signalsApi.deleteLink, { invalidates: INVALIDATES });
  const error = active.error ?? confirmation.error ?? unlink.error;
  const name = portfolio?.name ?? t('subscriptions.portfolioNumber', { id: link.portfolio_id });
  return (
    <li data-testid="subscription-link" data-portfolio={link.portfolio_id} className="space-y-2 py-3">
      <div className="flex items-center justify-between gap-3">
        <span className="min-w-0 truncate text-sm font-medium" dir="auto">
          {name}
        </span>
        <ConfirmButton label={t('subscriptions.unlink')} confirmLabel={t('subscriptions.confirmUnlink')} disabled={unlink.submitting} onConfirm={() => unlink.submit({ query: { link_id: link.id } })} />
      </div>
      {error ? <Alert tone="error">{errorMessage(error, t)}</Alert> : null}
      <div className="grid gap-2 sm:grid-cols-2">
        <Toggle label={t('subscriptions.linkActive')} hint={t('subscriptions.linkActiveHint')} checked={link.is_active} disabled={active.submitting} onChange={(on) => active.submit({ body: { link_id: link.id, is_active: on } })} />
        <Toggle
          label={t('subscriptions.linkConfirmation')}
          hint={t('subscriptions.linkConfirmationHint')}
          checked={link.confirmation}
          disabled={confirmation.submitting}
          onChange={(on) => confirmation.submit({ body: { link_id: link.id, confirmation: on } })}
        />
      </div>
    </li>
  );
}

/** Where a subscription's signals place orders: its portfolio links, each with its active and confirmation switches. */
export function SubscriptionLinks({ subscription, portfolios, portfoliosError }: { subscription: SubscriptionWithLinks; portfolios: readonly Portfolio[]; portfoliosError: unknown }) {
  const { t } = useSignalsT();
  const create = useMutation(signalsApi.createLink, { invalidates: INVALIDATES });
  const linked = new Set(subscription.links.map((l) => l.portfolio_id));
  const free = portfolios.filter((p) => !linked.has(p.id));
  const [portfolioId, setPortfolioId] = useState<number | null>(null);
  const [confirm, setConfirm] = useState(true);
  const chosen = portfolioId !== null && free.some((p) => p.id === portfolioId) ? portfolioId : (free[0]?.id ?? null);

  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-200">{t('subscriptions.links')}</h3>
      {subscription.links.length === 0 ? <p className="mt-1 text-sm text-slate-500">{t('subscriptions.noLinks')}</p> : null}
      <ul className="divide-y divide-slate-100 dark:divide-slate-700">
        {subscription.links.map((link) => (
          <LinkRow key={link.id} link={link} portfolio={portfolios.find((p) => p.id === link.portfolio_id)} />
        ))}
      </ul>
      {create.error ? <Alert tone="error">{errorMessage(create.error, t)}</Alert> : null}
      {portfoliosError ? (
        <p className="mt-2 text-xs text-slate-500">{t('subscriptions.portfoliosUnavailable')}</p>
      ) : free.length === 0 ? (
        <p className="mt-2 text-xs text-slate-500">{portfolios.length ? t('subscriptions.allLinked') : t('subscriptions.noPortfolios')}</p>
      ) : (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <select aria-label={t('subscriptions.linkPortfolio')} className={`${inputClass} !w-auto`} value={chosen ?? ''} onChange={(e) => setPortfolioId(Number(e.target.value))}>
            {free.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={confirm} onChange={(e) => setConfirm(e.target.checked)} />
            {t('subscriptions.linkConfirmation')}
          </label>
          <Button kind="secondary" disabled={chosen === null || create.submitting} onClick={() => chosen !== null && create.submit({ body: { subscription_id: subscription.id, portfolio_id: chosen, confirmation: confirm } })}>
            {t('subscriptions.link')}
          </Button>
        </div>
      )}
    </div>
  );
}
