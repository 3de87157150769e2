import type { ChannelDelivery } from '../../../../contract/notifications/channels';
import { formatDateTime, formatNumber } from '../../../i18n/format';
import { useNotificationsT } from '../useNotificationsT';

/** The channel's latest attempts, newest first: when, which try, outcome, code, time taken, error. */
export function DeliveryLog({ deliveries, language }: { deliveries: ChannelDelivery[]; language: string }) {
  const { t } = useNotificationsT();
  if (deliveries.length === 0) return <p className="text-sm text-slate-500">{t('notif.channels.logEmpty')}</p>;
  const th = 'px-2 py-1 text-start text-xs font-semibold text-slate-500';
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-xs" aria-label={t('notif.channels.log')}>
        <thead>
          <tr>
            {(['at', 'attempt', 'outcome', 'code', 'duration', 'error'] as const).map((c) => <th key={c} className={th}>{t(`notif.channels.logColumns.${c}`)}</th>)}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {deliveries.map((d) => (
            <tr key={d.id} data-testid={`delivery-${d.id}`}>
              <td className="whitespace-nowrap px-2 py-1 tabular-nums">{formatDateTime(Date.parse(d.at), language)}</td>
              <td className="px-2 py-1 tabular-nums">
                {formatNumber(d.attempt, language)}
                {d.is_test ? <span className="ms-1 rounded bg-slate-100 px-1 text-slate-600 dark:bg-slate-800 dark:text-slate-300">{t('notif.channels.testMark')}</span> : null}
              </td>
              <td className={`px-2 py-1 font-medium ${d.outcome === 'success' ? 'text-emerald-700 dark:text-emerald-400' : 'text-rose-700 dark:text-rose-400'}`}>
                {t(`notif.channels.outcomes.${d.outcome}`)}
              </td>
              <td className="px-2 py-1 tabular-nums">{d.status_code ?? '—'}</td>
              <td className="px-2 py-1 tabular-nums">{t('notif.channels.ms', { value: formatNumber(d.duration_ms, language) })}</td>
              <td className="px-2 py-1 text-slate-600 dark:text-slate-300">
                {d.error ? <span dir="ltr">{d.error}</span> : null}
                {d.next_retry_at ? <span className="block text-slate-400">{t('notif.channels.retryAt', { at: formatDateTime(Date.parse(d.next_retry_at), language) })}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
