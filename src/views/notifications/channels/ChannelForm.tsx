import { useEffect, useState, type FormEvent } from 'react';
import { CHANNEL_TYPES, type ChannelSaved } from '../../../../contract/notifications/channels';
import { useMutation } from '../../../actors/hooks';
import { notificationApi, notificationTags } from '../../../actors/notificationEndpoints';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { errorMessage } from '../../errorMessage';
import { FieldMessages, inputClass, SelectField } from '../../signals/controls';
import { hasErrors, serverFieldErrors, type FieldErrors } from '../../signals/fieldErrors';
import { CATEGORIES, PRIORITY_CODES } from '../labels';
import { toggleIn } from '../filters';
import { useNotificationsT } from '../useNotificationsT';
import { checkDraft, draftToBody, emptyDraft, type ChannelDraft } from './channelDraft';

const FIELDS: Record<ChannelDraft['type'], { key: 'address' | 'url' | 'bot_token' | 'chat_id' | 'api_base_url'; label: string; type?: string }[]> = {
  email: [{ key: 'address', label: 'address', type: 'email' }],
  webhook: [{ key: 'url', label: 'url', type: 'url' }],
  telegram: [
    { key: 'bot_token', label: 'botToken' },
    { key: 'chat_id', label: 'chatId' },
    { key: 'api_base_url', label: 'apiBaseUrl', type: 'url' },
  ],
};

/** Adds a channel: the fields of the chosen type, its priority floor and categories. */
export function ChannelForm({ onSaved, onCancel }: { onSaved: (saved: ChannelSaved) => void; onCancel: () => void }) {
  const { t } = useNotificationsT();
  const [draft, setDraft] = useState<ChannelDraft>(emptyDraft());
  const [shown, setShown] = useState<FieldErrors>({});
  const save = useMutation(notificationApi.createChannel, { invalidates: [notificationTags.channels] });
  const saved = save.result;
  useEffect(() => {
    if (saved) onSaved(saved);
    // Told once per answer; a new `onSaved` from the parent's render is not a new answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);
  const server = serverFieldErrors(save.error, ['body']);
  const errors = { ...server, ...shown };
  const set = (patch: Partial<ChannelDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (hasErrors(shown)) setShown(checkDraft(next));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkDraft(draft);
    setShown(found);
    if (!hasErrors(found)) save.submit({ body: draftToBody(draft) });
  };
  const unplaced = Object.keys(server).some((path) => path !== 'name' && !path.startsWith('config.'));
  return (
    <form aria-label={t('notif.channels.add')} onSubmit={submit} className="space-y-4" noValidate>
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField label={t('notif.channels.type')} value={draft.type} onChange={(e) => { setShown({}); setDraft({ ...draft, type: e.target.value as ChannelDraft['type'] }); }}>
          {CHANNEL_TYPES.map((type) => <option key={type} value={type}>{t(`notif.channels.types.${type}`)}</option>)}
        </SelectField>
        <div className="block">
          <label className="block">
            <span className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{t('notif.channels.name')}</span>
            <input className={inputClass} dir="auto" value={draft.name} placeholder={t('notif.channels.nameHint')} onChange={(e) => set({ name: e.target.value })} />
          </label>
          <FieldMessages messages={errors.name} />
        </div>
        {FIELDS[draft.type].map((field) => (
          <div key={field.key} className="block">
            <label className="block">
              <span className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{t(`notif.channels.${field.label}`)}</span>
              <input className={inputClass} dir="ltr" type={field.type ?? 'text'} autoComplete="off" value={draft[field.key]} onChange={(e) => set({ [field.key]: e.target.value })} />
            </label>
            <FieldMessages messages={errors[`config.${field.key}`]} />
          </div>
        ))}
        <SelectField label={t('notif.channels.minPriority')} value={draft.min_priority} onChange={(e) => set({ min_priority: Number(e.target.value) })}>
          {PRIORITY_CODES.map((code) => <option key={code} value={code}>{t(`notif.priorities.${code}`)}</option>)}
        </SelectField>
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">{t('notif.channels.categories')}</legend>
        <div className="flex flex-wrap gap-3">
          {CATEGORIES.map((category) => (
            <label key={category} className="flex items-center gap-1.5 text-sm">
              <input type="checkbox" checked={draft.categories.includes(category)} onChange={() => set({ categories: toggleIn(draft.categories, category) })} />
              {t(`notif.categories.${category}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {save.error && (!hasErrors(server) || unplaced) ? <Alert tone="error">{errorMessage(save.error, t)}</Alert> : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.submitting}>{t('notif.channels.create')}</Button>
        <Button kind="secondary" onClick={onCancel}>{t('notif.channels.cancel')}</Button>
      </div>
    </form>
  );
}
