import { useState } from 'react';
import type { SettableNotificationStatus } from '../../../contract/notifications/schemas';
import { formatNumber } from '../../i18n/format';
import { Button } from '../components/Button';
import { ConfirmButton } from '../signals/controls';
import { SETTABLE_STATUS_CODES } from './labels';
import { useNotificationsT } from './useNotificationsT';

/** What can be done to the selected notifications: one status for all, or delete them. */
export function BulkBar({ count, busy, language, onStatus, onDelete }: { count: number; busy: boolean; language: string; onStatus: (status: SettableNotificationStatus) => void; onDelete: () => void }) {
  const { t } = useNotificationsT();
  const [status, setStatus] = useState<string>('');
  if (count === 0) return null;
  return (
    <div role="toolbar" aria-label={t('notif.select.count', { count: formatNumber(count, language) })} className="flex flex-wrap items-center gap-3 rounded-xl bg-emerald-50 px-4 py-2 text-sm dark:bg-emerald-950">
      <span className="font-medium" data-testid="selected-count">{t('notif.select.count', { count: formatNumber(count, language) })}</span>
      <select aria-label={t('notif.select.setStatus')} className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900" value={status} onChange={(e) => setStatus(e.target.value)}>
        <option value="">{t('notif.select.setStatus')}</option>
        {SETTABLE_STATUS_CODES.map((code) => <option key={code} value={code}>{t(`notif.statuses.${code}`)}</option>)}
      </select>
      <Button className="!px-3 !py-1.5" disabled={!status || busy} onClick={() => onStatus(Number(status) as SettableNotificationStatus)}>
        {t('notif.select.apply')}
      </Button>
      <ConfirmButton label={t('notif.select.delete')} confirmLabel={t('notif.select.deleteConfirm')} disabled={busy} onConfirm={onDelete} />
    </div>
  );
}
