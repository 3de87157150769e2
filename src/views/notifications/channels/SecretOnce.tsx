import { WEBHOOK_SIGNATURE_HEADER } from '../../../../contract/notifications/channels';
import { Alert } from '../../components/Alert';
import { useNotificationsT } from '../useNotificationsT';

/** A webhook's signing secret, shown the one time the server returns it. */
export function SecretOnce({ secret, onDismiss }: { secret: string; onDismiss: () => void }) {
  const { t } = useNotificationsT();
  return (
    <Alert tone="info" onDismiss={onDismiss}>
      <p className="font-semibold">{t('notif.channels.secretTitle')}</p>
      <p className="mb-2">{t('notif.channels.secretOnce', { header: WEBHOOK_SIGNATURE_HEADER })}</p>
      <div className="flex items-center gap-2">
        <code dir="ltr" data-testid="webhook-secret" className="select-all break-all rounded bg-white px-2 py-1 font-mono text-xs text-slate-800 ring-1 ring-sky-200 dark:bg-slate-900 dark:text-slate-100">
          {secret}
        </code>
        <button type="button" className="text-xs font-medium underline" onClick={() => void navigator.clipboard?.writeText(secret).catch(() => undefined)}>
          {t('notif.channels.copy')}
        </button>
      </div>
    </Alert>
  );
}
