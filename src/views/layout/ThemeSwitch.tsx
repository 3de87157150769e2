import { Switch } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { useShellRef, useShellSelector } from '../../actors/hooks';
import { Icon } from '../components/Icons';

export function ThemeSwitch() {
  const { t } = useTranslation();
  const shell = useShellRef();
  const dark = useShellSelector((s) => s.context.theme === 'dark');
  return (
    <Switch
      checked={dark}
      onChange={(on: boolean) => shell.send({ type: 'shell.setTheme', theme: on ? 'dark' : 'light' })}
      aria-label={t('header.theme')}
      title={dark ? t('header.themeDark') : t('header.themeLight')}
      className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      <Icon name={dark ? 'moon' : 'sun'} />
    </Switch>
  );
}
