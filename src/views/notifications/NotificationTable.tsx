import type { Notification } from '../../../contract/notifications/schemas';
import { formatDateTime } from '../../i18n/format';
import { Badge, PRIORITY_BADGE, STATUS_BADGE } from './labels';
import { useNotificationsT } from './useNotificationsT';

/** One page of notifications: a checkbox per row for bulk changes; a row opens the drawer. */
export function NotificationTable({ rows, selected, onSelect, onOpen, language }: {
  rows: Notification[];
  selected: ReadonlySet<number>;
  onSelect: (next: Set<number>) => void;
  onOpen: (n: Notification) => void;
  language: string;
}) {
  const { t } = useNotificationsT();
  const allOnPage = rows.length > 0 && rows.every((n) => selected.has(n.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  const toggleAll = () => {
    const next = new Set(selected);
    for (const n of rows) {
      if (allOnPage) next.delete(n.id);
      else next.add(n.id);
    }
    onSelect(next);
  };
  const th = 'px-3 py-2 text-start text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400';
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700" data-testid="notification-table">
        <thead>
          <tr>
            <th className="w-8 px-3 py-2">
              <input type="checkbox" aria-label={t('notif.select.all')} checked={allOnPage} onChange={toggleAll} />
            </th>
            <th className={th}>{t('notif.columns.title')}</th>
            <th className={th}>{t('notif.columns.priority')}</th>
            <th className={th}>{t('notif.columns.category')}</th>
            <th className={th}>{t('notif.columns.status')}</th>
            <th className={th}>{t('notif.columns.symbol')}</th>
            <th className={th}>{t('notif.columns.created')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((n) => (
            <tr
              key={n.id}
              data-testid={`notification-row-${n.id}`}
              className={`cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800/60 ${n.status === 10 ? 'font-semibold' : ''} ${selected.has(n.id) ? 'bg-emerald-50/60 dark:bg-emerald-950/40' : ''}`}
              onClick={() => onOpen(n)}
            >
              <td className="px-3 py-2" onClick={(e) => e.stopPropagation()}>
                <input type="checkbox" aria-label={t('notif.select.one', { title: n.title })} checked={selected.has(n.id)} onChange={() => toggle(n.id)} />
              </td>
              <td className="max-w-md px-3 py-2">
                <button type="button" className="block max-w-full truncate text-start text-slate-800 hover:underline dark:text-slate-100" dir="auto" onClick={(e) => { e.stopPropagation(); onOpen(n); }}>
                  {n.title}
                </button>
              </td>
              <td className="px-3 py-2"><Badge className={PRIORITY_BADGE[n.priority] ?? ''}>{t(`notif.priorities.${n.priority}`)}</Badge></td>
              <td className="px-3 py-2 text-slate-600 dark:text-slate-300">
                {t(`notif.categories.${n.category}`)}
                {n.sub_category ? <span className="text-xs text-slate-400"> · {n.sub_category}</span> : null}
              </td>
              <td className="px-3 py-2"><Badge testId={`status-${n.id}`} className={STATUS_BADGE[n.status] ?? ''}>{t(`notif.statuses.${n.status}`)}</Badge></td>
              <td className="px-3 py-2 text-slate-600 dark:text-slate-300" dir="auto">{n.symbol ?? '—'}</td>
              <td className="whitespace-nowrap px-3 py-2 tabular-nums text-slate-500">{formatDateTime(Date.parse(n.created_at), language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
