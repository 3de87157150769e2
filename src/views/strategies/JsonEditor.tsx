import { useSignalsT } from '../signals/useSignalsT';
import type { FieldErrors } from '../signals/fieldErrors';

/** The body as JSON (left to right, monospace, in both languages), with every error by path below it. */
export function JsonEditor({ text, onChange, syntaxError, errors, readOnly }: { text: string; onChange: (text: string) => void; syntaxError: string | null; errors: FieldErrors; readOnly?: boolean }) {
  const { t } = useSignalsT();
  const entries = Object.entries(errors);
  return (
    <div className="space-y-2">
      <textarea
        dir="ltr"
        spellCheck={false}
        readOnly={readOnly}
        aria-label={t('strategies.jsonLabel')}
        aria-invalid={syntaxError !== null || entries.length > 0}
        className="block h-[28rem] w-full resize-y rounded-lg border border-slate-300 bg-slate-950 p-3 font-mono text-sm leading-relaxed text-slate-100 outline-none focus:border-emerald-500 focus:ring-2 focus:ring-emerald-200 dark:border-slate-600"
        value={text}
        onChange={(e) => onChange(e.target.value)}
      />
      {syntaxError ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {t('strategies.jsonSyntax')} <span dir="ltr" className="font-mono text-xs">{syntaxError}</span>
        </p>
      ) : null}
      {!syntaxError && entries.length ? (
        <ul className="space-y-1 text-sm" data-testid="json-errors" dir="ltr">
          {entries.map(([path, messages]) =>
            messages.map((message) => (
              <li key={`${path}:${message}`} className="text-left font-mono text-xs text-rose-700 dark:text-rose-300">
                {path ? `${path}: ` : ''}
                {message}
              </li>
            )),
          )}
        </ul>
      ) : null}
    </div>
  );
}
