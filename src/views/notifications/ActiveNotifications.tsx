import { Link } from 'react-router-dom';
import { useNotificationsSelector } from '../../actors/hooks';
import { formatDateTime } from '../../i18n/format';
import { Card } from '../components/Card';
import { Badge, PRIORITY_BADGE } from './labels';
import { useNotificationsT } from './useNotificationsT';

const SHOWN = 6;

/** The dashboard's panel: the newest active notifications (the bell's list), each opening in the centre. */
export default function ActiveNotifications({ language }: { language: string }) {
  const { t } = useNotificationsT();
  const active = useNotificationsSelector((s) => s.context.active);
  const loading = useNotificationsSelector((s) => s.hasTag('loading'));
  return (
    <Card title={t('dashboard.notificationsTitle')}>
      {active.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{loading ? t('common.loading') : t('notif.activeEmpty')}</p>
      ) : (
        <ul className="space-y-2" data-testid="dashboard-notifications">
          {active.slice(0, SHOWN).map((n) => (
            <li key={n.id}>
              <Link to={`/notifications?open=${n.id}`} className="flex items-start gap-2 rounded-lg p-1 text-sm hover:bg-slate-50 dark:hover:bg-slate-700/50">
                <Badge className={PRIORITY_BADGE[n.priority] ?? ''}>{t(`notif.priorities.${n.priority}`)}</Badge>
                <span className="min-w-0 flex-1">
                  <span dir="auto" className={`block truncate ${n.status === 10 ? 'font-semibold' : ''}`}>{n.title}</span>
                  <span className="block text-xs text-slate-500 tabular-nums">{formatDateTime(Date.parse(n.created_at), language)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to="/notifications" className="mt-3 inline-block text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-400">
        {t('notif.viewAll')}
      </Link>
    </Card>
  );
}
