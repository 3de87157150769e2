import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useAuthSelector, useShellSelector } from '../../actors/hooks';
import { Icon, type IconName } from '../components/Icons';
import { SignalsIcon, type SignalsIconName } from '../signals/navIcons';

interface NavItem {
  to: string;
  label: string;
  icon: IconName | SignalsIconName;
  /** Screens that later issues build; listed so people see where the product is going. */
  soon?: boolean;
  adminOnly?: boolean;
}

const ITEMS: NavItem[] = [
  { to: '/', label: 'nav.dashboard', icon: 'dashboard' },
  { to: '/markets', label: 'nav.markets', icon: 'markets' },
  { to: '/signals', label: 'nav.signals', icon: 'signals' },
  { to: '/watchlists', label: 'nav.watchlists', icon: 'watchlists' },
  { to: '/subscriptions', label: 'nav.subscriptions', icon: 'subscriptions' },
  { to: '/strategies', label: 'nav.strategies', icon: 'strategies' },
  { to: '/backtest', label: 'nav.backtest', icon: 'backtest' },
  { to: '/portfolios', label: 'nav.portfolios', icon: 'portfolios' },
  { to: '/notifications', label: 'nav.notifications', icon: 'notifications' },
  { to: '/notifications/broadcast', label: 'nav.broadcast', icon: 'admin', adminOnly: true },
  { to: '/admin/tasks', label: 'nav.adminTasks', icon: 'tasks', adminOnly: true },
  { to: '/admin/services', label: 'nav.adminServices', icon: 'services', adminOnly: true },
  { to: '/admin/users', label: 'nav.adminUsers', icon: 'users', adminOnly: true },
  { to: '/admin/markets', label: 'nav.adminMarkets', icon: 'markets', adminOnly: true },
  { to: '/admin/audit', label: 'nav.adminAudit', icon: 'audit', adminOnly: true },
  { to: '/profile', label: 'nav.profile', icon: 'profile' },
  { to: '/dev/statecharts', label: 'nav.statecharts', icon: 'statecharts', adminOnly: !import.meta.env.DEV },
];

function NavIcon({ name }: { name: NavItem['icon'] }) {
  return name === 'watchlists' || name === 'subscriptions' || name === 'strategies' || name === 'backtest' ? <SignalsIcon name={name} /> : <Icon name={name} />;
}

/** The side menu: hidden or shown, and folded to icons when `sidebarUnfoldable` (both remembered). */
export function Sidebar() {
  const { t } = useTranslation();
  const show = useShellSelector((s) => s.context.sidebarShow);
  const folded = useShellSelector((s) => s.context.sidebarUnfoldable);
  const isAdmin = useAuthSelector((s) => Boolean(s.context.user?.is_superuser));
  if (!show) return null;
  return (
    <aside
      data-testid="sidebar"
      data-folded={folded}
      className={`sticky top-0 h-screen shrink-0 border-e border-slate-200 bg-white transition-all dark:border-slate-800 dark:bg-slate-900 ${folded ? 'w-16' : 'w-60'}`}
    >
      <div className="flex h-14 items-center px-4 text-lg font-bold text-emerald-700 dark:text-emerald-400">
        {folded ? t('app.name').slice(0, 1) : t('app.name')}
      </div>
      <nav aria-label={t('nav.main')} className="space-y-1 px-2">
        {ITEMS.filter((item) => !item.adminOnly || isAdmin).map((item) =>
          item.soon ? (
            <span key={item.to} title={t('common.comingSoon')} className="flex cursor-not-allowed items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-400 dark:text-slate-600">
              <NavIcon name={item.icon} />
              {folded ? null : <span>{t(item.label)}</span>}
            </span>
          ) : (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.to === '/'}
              title={folded ? t(item.label) : undefined}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
                  isActive
                    ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300'
                    : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
                }`
              }
            >
              <NavIcon name={item.icon} />
              {folded ? null : <span>{t(item.label)}</span>}
            </NavLink>
          ),
        )}
      </nav>
    </aside>
  );
}
