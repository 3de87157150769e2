import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuthRef, useAuthSelector } from '../../actors/hooks';
import { Icon } from '../components/Icons';

export function UserMenu() {
  const { t } = useTranslation();
  const auth = useAuthRef();
  const email = useAuthSelector((s) => s.context.user?.email ?? '');
  const name = useAuthSelector((s) => s.context.user?.full_name ?? null);
  return (
    <Menu as="div" className="relative">
      <MenuButton
        aria-label={t('header.userMenu')}
        className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <span className="flex h-8 w-8 items-center justify-center rounded-full bg-emerald-600 font-semibold text-white">
          {(name ?? email).slice(0, 1).toUpperCase()}
        </span>
        <span className="hidden max-w-[10rem] truncate sm:inline" dir="auto">
          {name ?? email}
        </span>
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-20 mt-2 w-48 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 focus:outline-none dark:bg-slate-900 dark:ring-slate-700">
        <MenuItem>
          <Link to="/profile" className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 data-[focus]:bg-slate-100 dark:text-slate-200 dark:data-[focus]:bg-slate-800">
            <Icon name="profile" className="h-4 w-4" />
            {t('header.profile')}
          </Link>
        </MenuItem>
        <MenuItem>
          <button
            type="button"
            onClick={() => auth.send({ type: 'auth.logout' })}
            className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm text-rose-700 data-[focus]:bg-rose-50 dark:text-rose-300 dark:data-[focus]:bg-rose-950"
          >
            <Icon name="logout" className="h-4 w-4" />
            {t('header.logout')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
