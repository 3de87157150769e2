import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { Notification } from '../../../contract/notifications/schemas';
import { useAppSystem, useNotificationsSelector, useShellSelector } from '../../actors/hooks';
import { formatNumber } from '../../i18n/format';
import { Icon } from '../components/Icons';
import { setNotificationStatus } from '../notifications/setStatus';
import { UrgentToasts } from '../notifications/UrgentToasts';
import { useUrgentToasts } from '../notifications/useUrgentToasts';

const PRIORITY_DOT: Record<number, string> = { 10: 'bg-slate-300', 20: 'bg-sky-500', 30: 'bg-amber-500', 40: 'bg-rose-600' };

/**
 * The bell: count of new notifications and the active list (statuses 10 and 20). Opening one
 * marks it seen and shows it in the centre; "done" takes it off the list. Urgent ones created
 * live also pop up as toasts, with the chime when the user turned the sound on.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const system = useAppSystem();
  const navigate = useNavigate();
  const language = useShellSelector((s) => s.context.language);
  const newCount = useNotificationsSelector((s) => s.context.newCount);
  const active = useNotificationsSelector((s) => s.context.active);
  const alerts = useUrgentToasts();
  // A failed mark leaves the list as it was; the next socket frame or reload tells the truth.
  const mark = (id: number, status: 20 | 30) => void setNotificationStatus(system, id, status).catch(() => undefined);
  const open = (n: Notification, close: () => void) => {
    if (n.status === 10) mark(n.id, 20);
    close();
    navigate(`/notifications?open=${n.id}`);
  };
  return (
    <>
      <Popover className="relative">
        <PopoverButton
          aria-label={t('header.notifications')}
          data-testid="bell"
          className="relative rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <Icon name="notifications" />
          {newCount > 0 ? (
            <span data-testid="bell-count" className="absolute -end-0.5 -top-0.5 min-w-[1.25rem] rounded-full bg-rose-600 px-1 text-center text-xs font-semibold text-white">
              {formatNumber(newCount, language)}
            </span>
          ) : null}
        </PopoverButton>
        <PopoverPanel anchor="bottom end" className="z-20 mt-2 w-96 max-w-[95vw] rounded-xl bg-white p-3 shadow-lg ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700">
          {({ close }) => (
            <>
              <div className="mb-2 flex items-center justify-between gap-2">
                <p className="text-sm font-semibold text-slate-700 dark:text-slate-200">
                  {newCount > 0 ? t('header.newNotifications', { count: newCount }) : t('header.notifications')}
                </p>
                <Link to="/notifications" onClick={() => close()} className="text-xs font-medium text-emerald-700 hover:underline dark:text-emerald-400">
                  {t('header.allNotifications')}
                </Link>
              </div>
              {active.length === 0 ? (
                <p className="py-6 text-center text-sm text-slate-500">{t('header.noNotifications')}</p>
              ) : (
                <ul className="max-h-96 space-y-1 overflow-y-auto" data-testid="bell-list">
                  {active.map((n) => (
                    <li
                      key={n.id}
                      data-testid={`bell-item-${n.id}`}
                      data-status={n.status}
                      className={`flex items-start gap-2 rounded-lg px-2 py-2 text-sm ${n.status === 10 ? 'bg-emerald-50 dark:bg-emerald-950' : ''}`}
                    >
                      <span aria-hidden="true" className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${PRIORITY_DOT[n.priority] ?? 'bg-slate-300'}`} />
                      <button type="button" className="min-w-0 flex-1 text-start" onClick={() => open(n, close)}>
                        <p dir="auto" className={`truncate text-slate-800 dark:text-slate-100 ${n.status === 10 ? 'font-semibold' : 'font-medium'}`}>
                          {n.title}
                        </p>
                        {n.body ? <p dir="auto" className="line-clamp-2 text-slate-600 dark:text-slate-400">{n.body}</p> : null}
                      </button>
                      <span className="flex shrink-0 flex-col gap-1">
                        {n.status === 10 ? (
                          <button type="button" onClick={() => mark(n.id, 20)} className="rounded px-1.5 py-0.5 text-xs text-slate-600 ring-1 ring-slate-300 hover:bg-slate-50 dark:text-slate-300 dark:ring-slate-600">
                            {t('header.markSeen')}
                          </button>
                        ) : null}
                        <button type="button" onClick={() => mark(n.id, 30)} className="rounded px-1.5 py-0.5 text-xs text-emerald-700 ring-1 ring-emerald-300 hover:bg-emerald-50 dark:text-emerald-300 dark:ring-emerald-700">
                          {t('header.markDone')}
                        </button>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              <label className="mt-3 flex items-center gap-2 border-t border-slate-200 pt-2 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-300">
                <input type="checkbox" checked={alerts.soundOn} onChange={(e) => alerts.setSound(e.target.checked)} />
                {t('header.notificationSound')}
              </label>
            </>
          )}
        </PopoverPanel>
      </Popover>
      <UrgentToasts toasts={alerts.toasts} onClose={alerts.close} onOpen={(n) => {
        alerts.close(n.id);
        mark(n.id, 20);
        navigate(`/notifications?open=${n.id}`);
      }} />
    </>
  );
}
