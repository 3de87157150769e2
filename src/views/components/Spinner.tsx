import { useTranslation } from 'react-i18next';

/** The pulsing spinner shown while a screen's code loads. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center gap-3 text-slate-500 dark:text-slate-400">
      <span className="relative flex h-4 w-4">
        <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-emerald-400 opacity-75" />
        <span className="relative inline-flex h-4 w-4 rounded-full bg-emerald-500" />
      </span>
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}
