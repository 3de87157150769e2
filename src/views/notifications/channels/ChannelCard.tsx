import { useState } from 'react';
import type { Channel, ChannelSaved, ChannelUpdate } from '../../../../contract/notifications/channels';
import { useAppSystem } from '../../../actors/hooks';
import { notificationApi, notificationTags } from '../../../actors/notificationEndpoints';
import { formatDateTime, formatNumber } from '../../../i18n/format';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { errorMessage } from '../../errorMessage';
import { ConfirmButton } from '../../signals/controls';
import { Badge, PRIORITY_BADGE } from '../labels';
import { useNotificationsT } from '../useNotificationsT';
import { DeliveryLog } from './DeliveryLog';

/** Where a channel sends to, as the API shows it (secrets only by their last characters). */
function target(channel: Channel): string {
  if (channel.type === 'email') return channel.config.address;
  if (channel.type === 'webhook') return channel.config.url;
  return `${channel.config.chat_id} · …${channel.config.bot_token_hint}`;
}

/** One channel: its state, the test / pause / resume / new secret / remove actions and its delivery log. */
export function ChannelCard({ channel, language, onSecret }: { channel: Channel; language: string; onSecret: (secret: string) => void }) {
  const { t } = useNotificationsT();
  const system = useAppSystem();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const refresh = () => system.queries.send({ type: 'query.invalidate', tags: [notificationTags.channels] });
  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setNotice(null);
    try {
      const text = await work();
      if (text) setNotice({ tone: 'success', text });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, t) });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const update = (patch: Omit<ChannelUpdate, 'type'>) =>
    system.api.call(notificationApi.updateChannel, { params: { id: channel.id }, body: { type: channel.type, ...patch } as ChannelUpdate }) as Promise<ChannelSaved>;
  const test = () => run(async () => (await update({ send_test: true }), t('notif.channels.testQueued')));
  const setActive = (is_active: boolean) => run(async () => (await update({ is_active }), ''));
  const rotate = () =>
    run(async () => {
      const saved = await update({ rotate_secret: true } as Omit<ChannelUpdate, 'type'>);
      if (saved.secret) onSecret(saved.secret);
      return '';
    });
  const remove = () => run(async () => (await system.api.call(notificationApi.deleteChannel, { params: { id: channel.id } }), ''));

  return (
    <section data-testid={`channel-${channel.id}`} aria-label={channel.name} className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="flex items-center gap-2 font-semibold">
            <Badge className="bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-200">{t(`notif.channels.types.${channel.type}`)}</Badge>
            <span dir="auto" className="truncate">{channel.name}</span>
          </h2>
          <p dir="ltr" className="mt-1 truncate text-start text-xs text-slate-500">{target(channel)}</p>
          {channel.type === 'webhook' ? <p className="text-xs text-slate-500">{t('notif.channels.secretHint', { hint: channel.config.secret_hint })}</p> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge testId={`channel-state-${channel.id}`} className={channel.is_active ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-200' : 'bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-200'}>
            {channel.is_active ? t('notif.channels.active') : t('notif.channels.paused')}
          </Badge>
          <Badge className={PRIORITY_BADGE[channel.min_priority] ?? ''}>{`≥ ${t(`notif.priorities.${channel.min_priority}`)}`}</Badge>
        </div>
      </header>
      {channel.categories.length ? (
        <p className="text-xs text-slate-500">{channel.categories.map((c) => t(`notif.categories.${c}`)).join('، ')}</p>
      ) : null}
      {channel.paused_for_failures_at ? <Alert tone="error">{t('notif.channels.pausedForFailures', { n: formatNumber(channel.consecutive_failures, language) })}</Alert> : null}
      <div className="space-y-0.5 text-xs text-slate-500">
        {channel.last_success_at ? <p>{t('notif.channels.lastSuccess', { at: formatDateTime(Date.parse(channel.last_success_at), language) })}</p> : null}
        {channel.last_error ? <p className="text-rose-700 dark:text-rose-400">{t('notif.channels.lastError', { message: channel.last_error.message })}</p> : null}
      </div>
      {notice ? <Alert tone={notice.tone} onDismiss={() => setNotice(null)}>{notice.text}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button className="!px-3 !py-1.5" disabled={busy || !channel.is_active} onClick={() => void test()}>{t('notif.channels.test')}</Button>
        <Button kind="secondary" className="!px-3 !py-1.5" disabled={busy} onClick={() => void setActive(!channel.is_active)}>
          {channel.is_active ? t('notif.channels.pause') : t('notif.channels.resume')}
        </Button>
        {channel.type === 'webhook' ? (
          <Button kind="secondary" className="!px-3 !py-1.5" disabled={busy} onClick={() => void rotate()}>{t('notif.channels.rotate')}</Button>
        ) : null}
        <ConfirmButton label={t('notif.channels.remove')} confirmLabel={t('notif.channels.removeConfirm')} disabled={busy} onConfirm={() => void remove()} />
      </div>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-slate-700 dark:text-slate-200">{t('notif.channels.log')}</summary>
        <div className="mt-2">
          <DeliveryLog deliveries={channel.recent_deliveries} language={language} />
        </div>
      </details>
    </section>
  );
}
