import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useShellSelector } from '../actors/hooks';

/** Keeps `<html lang dir class>`, the title and i18next in step with the shell's language and theme. */
export function DocumentSync() {
  const { i18n, t } = useTranslation();
  const language = useShellSelector((s) => s.context.language);
  const languageIso = useShellSelector((s) => s.context.languageIso);
  const direction = useShellSelector((s) => s.context.direction);
  const theme = useShellSelector((s) => s.context.theme);

  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    const html = document.documentElement;
    html.lang = languageIso;
    html.dir = direction;
    html.classList.toggle('dark', theme === 'dark');
    document.title = t('app.name');
  }, [i18n, t, language, languageIso, direction, theme]);
  return null;
}
