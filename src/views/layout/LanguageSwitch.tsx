import { useTranslation } from 'react-i18next';
import { useShellRef, useShellSelector } from '../../actors/hooks';
import { LANGUAGES } from '../../i18n';

/** fa ⇄ en; the shell machine sets direction and remembers the choice. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const shell = useShellRef();
  const language = useShellSelector((s) => s.context.language);
  const next = LANGUAGES.find((l) => l !== language) ?? LANGUAGES[0];
  return (
    <button
      type="button"
      lang={next.split('-')[0]}
      aria-label={t('header.language')}
      onClick={() => shell.send({ type: 'shell.setLanguage', language: next })}
      className="rounded-lg px-3 py-1.5 text-sm text-slate-600 ring-1 ring-slate-300 hover:bg-slate-50 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800"
    >
      {t(`languages.${next}`)}
    </button>
  );
}
