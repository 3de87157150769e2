import { useSignalsT } from '../signals/useSignalsT';
import { Link } from 'react-router-dom';
import { useQuery, useShellSelector } from '../../actors/hooks';
import { signalsApi, signalsTags } from '../../actors/signalsEndpoints';
import { Alert } from '../components/Alert';
import { Spinner } from '../components/Spinner';
import { errorMessage } from '../errorMessage';
import { EmptyState, linkButtonClass, PageHeader } from '../signals/controls';
import { SubscriptionCard } from '../signals/SubscriptionCard';

/** The user's subscriptions, each with its portfolio links. */
export default function SubscriptionsPage() {
  const { t } = useSignalsT();
  const language = useShellSelector((s) => s.context.language);
  const subscriptions = useQuery(signalsApi.ownSubscriptions, {}, { tags: [signalsTags.subscriptions] });
  const groups = useQuery(signalsApi.listGroups, { query: { include_symbols: false } }, { tags: [signalsTags.groups] });
  const portfolios = useQuery(signalsApi.listPortfolios, { query: { limit: 1000 } }, { tags: [signalsTags.portfolios] });
  const list = subscriptions.data?.data ?? [];

  return (
    <div className="space-y-5">
      <PageHeader
        title={t('subscriptions.title')}
        subtitle={t('subscriptions.subtitle')}
        actions={
          <Link to="/subscriptions/new" className={linkButtonClass()}>
            {t('subscriptions.create')}
          </Link>
        }
      />
      {subscriptions.error ? <Alert tone="error">{errorMessage(subscriptions.error, t)}</Alert> : null}
      {!subscriptions.data && !subscriptions.error ? (
        <Spinner />
      ) : list.length === 0 && subscriptions.data ? (
        <EmptyState title={t('subscriptions.none')} body={t('subscriptions.noneHint')} />
      ) : (
        <div className="grid gap-4 xl:grid-cols-2">
          {list.map((subscription) => (
            <SubscriptionCard
              key={subscription.id}
              subscription={subscription}
              groups={groups.data?.data ?? []}
              portfolios={portfolios.data?.data ?? []}
              portfoliosError={portfolios.error}
              language={language}
            />
          ))}
        </div>
      )}
    </div>
  );
}
