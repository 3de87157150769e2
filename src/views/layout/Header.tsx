import { useTranslation } from 'react-i18next';
import { useShellRef } from '../../actors/hooks';
import { Icon } from '../components/Icons';
import { LanguageSwitch } from './LanguageSwitch';
import { NotificationBell } from './NotificationBell';
import { ThemeSwitch } from './ThemeSwitch';
import { UserMenu } from './UserMenu';

export function Header() {
  const { t } = useTranslation();
  const shell = useShellRef();
  const iconButton = 'rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800';
  return (
    <header className="sticky top-0 z-10 flex h-14 items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
      <button type="button" aria-label={t('header.toggleSidebar')} className={iconButton} onClick={() => shell.send({ type: 'shell.toggleSidebar' })}>
        <Icon name="menu" />
      </button>
      <button type="button" aria-label={t('header.foldSidebar')} className={`${iconButton} hidden md:block`} onClick={() => shell.send({ type: 'shell.toggleUnfoldable' })}>
        <Icon name="fold" className="h-5 w-5 rtl:rotate-180" />
      </button>
      <div className="flex-1" />
      <LanguageSwitch />
      <ThemeSwitch />
      <NotificationBell />
      <UserMenu />
    </header>
  );
}
