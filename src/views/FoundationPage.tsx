import { useTranslation } from 'react-i18next';

/** The bare landing page until the app shell (issue 3) takes this place. */
export function FoundationPage({ onToggleLanguage }: { onToggleLanguage: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="min-h-screen bg-slate-50 text-slate-900 flex items-center justify-center p-6">
      <section className="max-w-xl w-full rounded-2xl bg-white shadow p-8 text-start">
        <header className="flex items-center justify-between gap-4">
          <h1 className="text-3xl font-bold">{t('app.name')}</h1>
          <button
            type="button"
            onClick={onToggleLanguage}
            className="rounded-lg border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100"
          >
            {t('foundation.switchLanguage')}
          </button>
        </header>
        <p className="mt-2 text-slate-600">{t('app.tagline')}</p>
        <p className="mt-6 border-s-4 border-emerald-500 ps-3">{t('foundation.status')}</p>
        <a className="mt-6 inline-block text-emerald-700 underline" href="/api/docs">
          {t('foundation.apiDocs')}
        </a>
      </section>
    </main>
  );
}
