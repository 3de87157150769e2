import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery, useShellSelector } from '../../actors/hooks';
import { notificationApi, notificationTags } from '../../actors/notificationEndpoints';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Spinner } from '../components/Spinner';
import { errorMessage } from '../errorMessage';
import { ChannelCard } from '../notifications/channels/ChannelCard';
import { ChannelForm } from '../notifications/channels/ChannelForm';
import { SecretOnce } from '../notifications/channels/SecretOnce';
import { useNotificationsT } from '../notifications/useNotificationsT';
import { EmptyState, linkButtonClass, PageHeader } from '../signals/controls';

/** Delivery channels: add one (email, webhook, Telegram), test, pause, remove, and each one's log. */
export default function ChannelsPage() {
  const { t } = useNotificationsT();
  const language = useShellSelector((s) => s.context.language);
  const list = useQuery(notificationApi.channels, {}, { tags: [notificationTags.channels] });
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const channels = list.data?.data ?? [];
  return (
    <div className="space-y-5">
      <PageHeader
        title={t('notif.channels.title')}
        subtitle={t('notif.channels.subtitle')}
        actions={
          <>
            <Link to="/notifications" className={linkButtonClass('secondary')}>{t('notif.channels.back')}</Link>
            {adding ? null : <Button onClick={() => setAdding(true)}>{t('notif.channels.add')}</Button>}
          </>
        }
      />
      {secret ? <SecretOnce secret={secret} onDismiss={() => setSecret(null)} /> : null}
      {adding ? (
        <Card title={t('notif.channels.add')}>
          <ChannelForm
            onSaved={(saved) => {
              setAdding(false);
              if (saved.secret) setSecret(saved.secret);
            }}
            onCancel={() => setAdding(false)}
          />
        </Card>
      ) : null}
      {list.error ? <Alert tone="error">{errorMessage(list.error, t)}</Alert> : null}
      {!list.data && !list.error ? (
        <Spinner />
      ) : channels.length === 0 ? (
        adding ? null : <EmptyState title={t('notif.channels.empty')} body={t('notif.channels.emptyHint')} action={<Button onClick={() => setAdding(true)}>{t('notif.channels.add')}</Button>} />
      ) : (
        <div className="grid gap-4 xl:grid-cols-2">
          {channels.map((channel) => <ChannelCard key={channel.id} channel={channel} language={language} onSecret={setSecret} />)}
        </div>
      )}
    </div>
  );
}
