import type { ReactNode } from 'react';
import { useSignalsT } from './useSignalsT';
import { Link } from 'react-router-dom';
import type { Portfolio } from '../../../contract/portfolio/portfolios';
import type { Group, SubscriptionWithLinks } from '../../../contract/signals/relations';
import { useMutation } from '../../actors/hooks';
import { signalsApi, signalsTags } from '../../actors/signalsEndpoints';
import { formatDateTime } from '../../i18n/format';
import { Alert } from '../components/Alert';
import { Card } from '../components/Card';
import { errorMessage } from '../errorMessage';
import { ConfirmButton, linkButtonClass, Toggle } from './controls';
import { SubscriptionLinks } from './SubscriptionLinks';

const INVALIDATES = [signalsTags.subscriptions, signalsTags.scores];

/** One subscription: what it scores and how, whether it runs, and where its signals place orders. */
export function SubscriptionCard({ subscription, groups, portfolios, portfoliosError, language }: { subscription: SubscriptionWithLinks; groups: readonly Group[]; portfolios: readonly Portfolio[]; portfoliosError: unknown; language: string }) {
  const { t } = useSignalsT();
  const update = useMutation(signalsApi.updateSubscription, { invalidates: INVALIDATES });
  const remove = useMutation(signalsApi.deleteSubscription, { invalidates: INVALIDATES });
  const groupNames = subscription.group_ids.map((id) => groups.find((g) => g.id === id)?.name ?? `#${id}`);
  const number = (n: number) => new Intl.NumberFormat(language).format(n);
  const facts: [string, ReactNode][] = [
    [t('subscriptions.strategy'), <Link key="s" to={`/strategies/${subscription.strategy_id}`} className="text-emerald-700 hover:underline dark:text-emerald-400" dir="auto">{subscription.strategy_name}</Link>],
    [t('subscriptions.timeframe'), t(`chart.timeframes.${subscription.timeframe}`)],
    [t('subscriptions.groups'), <span key="g" dir="auto">{new Intl.ListFormat(language, { type: 'unit' }).format(groupNames)}</span>],
    [t('subscriptions.listingLevel'), number(subscription.listing_level)],
    [t('subscriptions.confirmationMode'), t(`subscriptions.modes.${subscription.confirmation_mode}`)],
    [t('subscriptions.lastScored'), subscription.last_scored_at ? formatDateTime(subscription.last_scored_at, language, { dateStyle: 'short', timeStyle: 'short' }) : t('subscriptions.notYet')],
  ];

  return (
    <Card>
      <article data-testid="subscription" data-name={subscription.name} className="space-y-4">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="truncate text-lg font-semibold" dir="auto">
              {subscription.name}
            </h2>
            <p className={`text-xs font-medium ${subscription.is_active ? 'text-emerald-700 dark:text-emerald-400' : 'text-slate-500'}`}>
              {subscription.is_active ? t('subscriptions.running') : t('subscriptions.paused')}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Link to={`/subscriptions/${subscription.id}`} className={`${linkButtonClass('secondary')} !px-3 !py-1.5`}>
              {t('subscriptions.edit')}
            </Link>
            <ConfirmButton label={t('subscriptions.delete')} confirmLabel={t('subscriptions.confirmDelete')} disabled={remove.submitting} onConfirm={() => remove.submit({ query: { subscription_id: subscription.id } })} />
          </div>
        </header>
        {update.error ?? remove.error ? <Alert tone="error">{errorMessage(update.error ?? remove.error, t)}</Alert> : null}
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {facts.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className="truncate">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="max-w-sm">
          <Toggle label={t('subscriptions.active')} checked={subscription.is_active} disabled={update.submitting} onChange={(on) => update.submit({ body: { id: subscription.id, is_active: on } })} />
        </div>
        <SubscriptionLinks subscription={subscription} portfolios={portfolios} portfoliosError={portfoliosError} />
      </article>
    </Card>
  );
}
