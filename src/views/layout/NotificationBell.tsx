import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { useNotificationsSelector, useShellSelector } from '../../actors/hooks';
import { formatNumber } from '../../i18n/format';
import { Icon } from '../components/Icons';

/** The bell: count of new notifications and the active list (statuses 10 and 20). */
export function NotificationBell() {
  const { t } = useTranslation();
  const language = useShellSelector((s) => s.context.language);
  const newCount = useNotificationsSelector((s) => s.context.newCount);
  const active = useNotificationsSelector((s) => s.context.active);
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={t('header.notifications')}
        className="relative rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <Icon name="notifications" />
        {newCount > 0 ? (
          <span data-testid="bell-count" className="absolute -end-0.5 -top-0.5 min-w-[1.25rem] rounded-full bg-rose-600 px-1 text-center text-xs font-semibold text-white">
            {formatNumber(newCount, language)}
          </span>
        ) : null}
      </PopoverButton>
      <PopoverPanel anchor="bottom end" className="z-20 mt-2 w-80 rounded-xl bg-white p-3 shadow-lg ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700">
        <p className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">
          {newCount > 0 ? t('header.newNotifications', { count: newCount }) : t('header.notifications')}
        </p>
        {active.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">{t('header.noNotifications')}</p>
        ) : (
          <ul className="max-h-96 space-y-2 overflow-y-auto">
            {active.map((n) => (
              <li key={n.id} className={`rounded-lg px-3 py-2 text-sm ${n.status === 10 ? 'bg-emerald-50 dark:bg-emerald-950' : ''}`}>
                <p className="font-medium text-slate-800 dark:text-slate-100">{n.title}</p>
                {n.body ? <p className="text-slate-600 dark:text-slate-400">{n.body}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </PopoverPanel>
    </Popover>
  );
}
