import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** `embedded`: inside the shell (no page background of its own). */
function StatusPage({ code, title, body, embedded = false }: { code: string; title: string; body: string; embedded?: boolean }) {
  const { t } = useTranslation();
  const frame = embedded ? 'min-h-[50vh]' : 'min-h-screen bg-slate-100 dark:bg-slate-950';
  return (
    <main className={`flex flex-col items-center justify-center gap-3 p-6 text-center ${frame}`}>
      <p className="text-6xl font-black text-emerald-600">{code}</p>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{title}</h1>
      <p className="max-w-md text-slate-600 dark:text-slate-400">{body}</p>
      <Link to="/" className="mt-4 rounded-lg bg-emerald-600 px-4 py-2 text-sm font-medium text-white hover:bg-emerald-700">
        {t('errors.backHome')}
      </Link>
    </main>
  );
}

export function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation();
  return <StatusPage code="404" title={t('errors.notFoundTitle')} body={t('errors.notFoundBody')} embedded={embedded} />;
}

export function ServerErrorPage() {
  const { t } = useTranslation();
  return <StatusPage code="500" title={t('errors.serverErrorTitle')} body={t('errors.serverErrorBody')} />;
}

/** The router's error screen: the spec's wording, then the error's own message. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <main role="alert" className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-bold text-rose-700">{t('errors.unexpected')}</h1>
      <pre className="max-w-2xl whitespace-pre-wrap text-sm text-slate-600" dir="ltr">
        {message}
      </pre>
      <Link to="/" className="text-emerald-700 underline">
        {t('errors.backHome')}
      </Link>
    </main>
  );
}
