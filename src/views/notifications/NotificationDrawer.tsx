import { Link } from 'react-router-dom';
import type { Notification, SettableNotificationStatus } from '../../../contract/notifications/schemas';
import { formatDateTime } from '../../i18n/format';
import { Button } from '../components/Button';
import { Drawer } from '../components/Drawer';
import { ConfirmButton } from '../signals/controls';
import { Badge, PRIORITY_BADGE, STATUS_BADGE } from './labels';
import { notificationLinks } from './links';
import { useNotificationsT } from './useNotificationsT';

const ACTIONS: { status: SettableNotificationStatus; label: string; when: (status: number) => boolean }[] = [
  { status: 20, label: 'markSeen', when: (s) => s === 10 },
  { status: 30, label: 'markDone', when: (s) => s !== 30 },
  { status: 40, label: 'dismiss', when: (s) => s !== 40 },
  { status: 10, label: 'markNew', when: (s) => s !== 10 },
];

/** One notification in full, on the end side: its fields, data, links, and what can be done to it. */
export function NotificationDrawer({ notification: n, language, busy, onClose, onStatus, onDelete }: {
  notification: Notification;
  language: string;
  busy: boolean;
  onClose: () => void;
  onStatus: (status: SettableNotificationStatus) => void;
  onDelete: () => void;
}) {
  const { t } = useNotificationsT();
  const when = (iso: string | null) => (iso ? formatDateTime(Date.parse(iso), language) : t('notif.drawer.never'));
  const links = notificationLinks(n);
  const row = (label: string, value: string | null) =>
    value ? (
      <div className="flex justify-between gap-3 py-1">
        <dt className="text-slate-500">{label}</dt>
        <dd className="text-end tabular-nums" dir="auto">{value}</dd>
      </div>
    ) : null;
  return (
    <Drawer
      label={t('notif.drawer.title')}
      heading={<h2 className="text-lg font-semibold" dir="auto">{n.title}</h2>}
      closeLabel={t('notif.drawer.close')}
      onClose={onClose}
      testId="notification-drawer"
    >
        <div className="mb-4 flex flex-wrap gap-2">
          <Badge className={PRIORITY_BADGE[n.priority] ?? ''}>{t(`notif.priorities.${n.priority}`)}</Badge>
          <Badge testId="drawer-status" className={STATUS_BADGE[n.status] ?? ''}>{t(`notif.statuses.${n.status}`)}</Badge>
          <Badge className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">{t(`notif.categories.${n.category}`)}</Badge>
        </div>
        <p className="mb-4 whitespace-pre-line text-sm text-slate-700 dark:text-slate-200" dir="auto">{n.body || t('notif.drawer.noBody')}</p>
        <dl className="mb-4 divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {row(t('notif.drawer.subCategory'), n.sub_category)}
          {row(t('notif.drawer.market'), n.market)}
          {row(t('notif.columns.symbol'), n.symbol)}
          {row(t('notif.drawer.created'), when(n.created_at))}
          {row(t('notif.drawer.updated'), when(n.updated_at))}
          {row(t('notif.drawer.expires'), when(n.expires_at))}
        </dl>
        {links.length ? (
          <section className="mb-4">
            <h3 className="mb-2 text-sm font-semibold">{t('notif.drawer.links')}</h3>
            <ul className="space-y-1 text-sm">
              {links.map((link) => (
                <li key={link.kind}>
                  <Link to={link.to} data-testid={`link-${link.kind}`} className="text-emerald-700 hover:underline dark:text-emerald-400">
                    {link.kind === 'chart' ? t('notif.drawer.chart', { symbol: link.label }) : t(`notif.drawer.${link.kind}`, { id: link.label })}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {n.data && Object.keys(n.data).length ? (
          <section className="mb-4">
            <h3 className="mb-2 text-sm font-semibold">{t('notif.drawer.data')}</h3>
            <pre dir="ltr" className="overflow-x-auto rounded-lg bg-slate-50 p-3 text-xs dark:bg-slate-800">{JSON.stringify(n.data, null, 2)}</pre>
          </section>
        ) : null}
        <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
          {ACTIONS.filter((a) => n.status !== 50 && a.when(n.status)).map((a) => (
            <Button key={a.status} kind={a.status === 30 ? 'primary' : 'secondary'} className="!px-3 !py-1.5" disabled={busy} onClick={() => onStatus(a.status)}>
              {t(`notif.drawer.${a.label}`)}
            </Button>
          ))}
          <ConfirmButton label={t('notif.drawer.delete')} confirmLabel={t('notif.drawer.deleteConfirm')} disabled={busy} onConfirm={onDelete} />
        </div>
    </Drawer>
  );
}
