import type { AuditEntry } from '../../../../../contract/system/audit';
import { formatDateTime, formatNumber } from '../../../../i18n/format';
import { Chip, ScrollTable, tdClass, thClass } from '../ui';
import { useAdminDataT } from '../useAdminDataT';

/** 2xx: done; anything else: refused, and the server changed nothing. */
export const succeeded = (statusCode: number) => statusCode >= 200 && statusCode < 300;

/** Audit entries as the server orders them (newest first), each with its details folded away. */
export function AuditTable({ entries, language }: { entries: AuditEntry[]; language: string }) {
  const { t } = useAdminDataT();
  return (
    <ScrollTable label={t('adminData.audit.tableLabel')}>
      <thead>
        <tr>
          <th className={thClass}>{t('adminData.audit.at')}</th>
          <th className={thClass}>{t('adminData.audit.who')}</th>
          <th className={thClass}>{t('adminData.audit.action')}</th>
          <th className={thClass}>{t('adminData.audit.target')}</th>
          <th className={thClass}>{t('adminData.audit.outcome')}</th>
          <th className={thClass}>{t('adminData.audit.details')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id} data-testid={`audit-row-${entry.id}`}>
            <td className={`${tdClass} whitespace-nowrap tabular-nums`}>{formatDateTime(Date.parse(entry.at), language)}</td>
            <td className={tdClass} dir="ltr"><span className="block text-start">{entry.user_email}</span></td>
            <td className={tdClass}>
              <span title={entry.action}>{t(`adminData.audit.actions.${entry.action}`, { defaultValue: entry.action })}</span>
            </td>
            <td className={`${tdClass} font-mono text-xs`} dir="ltr"><span className="block text-start">{entry.target ?? '—'}</span></td>
            <td className={tdClass}>
              <Chip tone={succeeded(entry.status_code) ? 'good' : 'bad'} testId={`outcome-${entry.id}`}>
                {t(`adminData.audit.outcomes.${succeeded(entry.status_code) ? 'ok' : 'refused'}`)} · {formatNumber(entry.status_code, language, { useGrouping: false })}
              </Chip>
            </td>
            <td className={tdClass}>
              <details>
                <summary className="cursor-pointer text-xs text-emerald-700 dark:text-emerald-400">{t('adminData.audit.showDetails')}</summary>
                <p className="mt-1 text-xs text-slate-500" dir="ltr">{entry.method} {entry.path}</p>
                <pre dir="ltr" className="mt-1 max-w-md overflow-x-auto rounded-lg bg-slate-50 p-2 text-start text-xs dark:bg-slate-900">{JSON.stringify(entry.details, null, 2)}</pre>
              </details>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
