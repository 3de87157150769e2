import { useState, type FormEvent } from 'react';
import type { BroadcastResult } from '../../../contract/notifications/schemas';
import { useAppSystem, useShellSelector } from '../../actors/hooks';
import { formatNumber } from '../../i18n/format';
import { notificationApi, notificationTags } from '../../actors/notificationEndpoints';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { errorMessage } from '../errorMessage';
import { BroadcastPreview } from '../notifications/broadcast/BroadcastPreview';
import { checkBroadcast, emptyBroadcast, toBroadcastBody, type BroadcastForm } from '../notifications/broadcast/broadcastBody';
import { PRIORITY_CODES } from '../notifications/labels';
import { useNotificationsT } from '../notifications/useNotificationsT';
import { FieldMessages, inputClass, PageHeader, SelectField, Toggle } from '../signals/controls';
import { hasErrors, serverFieldErrors, type FieldErrors } from '../signals/fieldErrors';

/** Admin: one notification to every user or to listed users, previewed in Persian and English. */
export default function BroadcastPage() {
  const { t } = useNotificationsT();
  const system = useAppSystem();
  const language = useShellSelector((s) => s.context.language);
  const [form, setForm] = useState<BroadcastForm>(emptyBroadcast);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BroadcastResult | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const set = (patch: Partial<BroadcastForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    setConfirming(false);
    if (hasErrors(errors)) setErrors(checkBroadcast(next));
  };
  const send = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setResult(await system.api.call(notificationApi.broadcast, { body: toBroadcastBody(form) }));
      setForm(emptyBroadcast);
      // The admin is a recipient too: their centre shows the copy.
      system.queries.send({ type: 'query.invalidate', tags: [notificationTags.list] });
    } catch (error) {
      setFailure(error);
      setErrors(serverFieldErrors(error, ['body']));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkBroadcast(form);
    setErrors(found);
    setResult(null);
    if (hasErrors(found)) return;
    // Everyone at once cannot be taken back: ask once more.
    if (form.audience === 'all' && !confirming) return setConfirming(true);
    void send();
  };
  const message = (path: string) => errors[path]?.map((m) => (m === 'ids' ? t('notif.broadcast.userIdsInvalid') : m));
  return (
    <div className="space-y-5">
      <PageHeader title={t('notif.broadcast.title')} subtitle={t('notif.broadcast.subtitle')} />
      {result ? (
        <Alert tone="success" onDismiss={() => setResult(null)}>
          <p data-testid="broadcast-sent">{t('notif.broadcast.sent', { n: formatNumber(result.recipients, language) })}</p>
          {result.unknown_user_ids.length ? <p>{t('notif.broadcast.unknownUsers', { ids: result.unknown_user_ids.join(', ') })}</p> : null}
        </Alert>
      ) : null}
      {failure ? <Alert tone="error">{errorMessage(failure, t)}</Alert> : null}
      <div className="grid gap-5 lg:grid-cols-2">
        <Card>
          <form aria-label={t('notif.broadcast.title')} onSubmit={submit} noValidate className="space-y-4">
            <div className="block">
              <label className="block">
                <span className="mb-1 block text-sm font-medium">{t('notif.broadcast.heading')}</span>
                <input className={inputClass} dir="auto" value={form.title} onChange={(e) => set({ title: e.target.value })} />
              </label>
              <FieldMessages messages={message('title')} />
            </div>
            <div className="block">
              <label className="block">
                <span className="mb-1 block text-sm font-medium">{t('notif.broadcast.body')}</span>
                <textarea className={`${inputClass} min-h-[8rem]`} dir="auto" value={form.body} onChange={(e) => set({ body: e.target.value })} />
              </label>
              <FieldMessages messages={message('body')} />
            </div>
            <SelectField label={t('notif.broadcast.priority')} value={form.priority} onChange={(e) => set({ priority: Number(e.target.value) })}>
              {PRIORITY_CODES.map((code) => <option key={code} value={code}>{t(`notif.priorities.${code}`)}</option>)}
            </SelectField>
            <fieldset className="space-y-2">
              <legend className="mb-1 text-sm font-medium">{t('notif.broadcast.audience')}</legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="audience" checked={form.audience === 'all'} onChange={() => set({ audience: 'all' })} />
                {t('notif.broadcast.audienceAll')}
              </label>
              {form.audience === 'all' ? (
                <div className="ms-6 max-w-xs">
                  <Toggle label={t('notif.broadcast.activeOnly')} checked={form.activeOnly} onChange={(activeOnly) => set({ activeOnly })} />
                </div>
              ) : null}
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="audience" checked={form.audience === 'users'} onChange={() => set({ audience: 'users' })} />
                {t('notif.broadcast.audienceUsers')}
              </label>
              {form.audience === 'users' ? (
                <div className="ms-6 block">
                  <label className="block">
                    <span className="mb-1 block text-xs text-slate-500">{t('notif.broadcast.userIds')}</span>
                    <input className={inputClass} dir="ltr" inputMode="numeric" value={form.userIds} onChange={(e) => set({ userIds: e.target.value })} />
                  </label>
                  <FieldMessages messages={message('audience.user_ids')} />
                </div>
              ) : null}
            </fieldset>
            <Button type="submit" disabled={busy} className={confirming ? '!bg-rose-600 hover:!bg-rose-700' : ''}>
              {confirming ? t('notif.broadcast.sendConfirm') : t('notif.broadcast.send')}
            </Button>
          </form>
        </Card>
        <Card title={t('notif.broadcast.preview')}>
          <BroadcastPreview draft={form} />
        </Card>
      </div>
    </div>
  );
}
