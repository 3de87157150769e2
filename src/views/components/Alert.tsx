import type { ReactNode } from 'react';

const TONES = {
  error: 'bg-rose-50 text-rose-800 ring-rose-200 dark:bg-rose-950 dark:text-rose-200 dark:ring-rose-900',
  info: 'bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-900',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-900',
} as const;

export function Alert({ tone, children, onDismiss }: { tone: keyof typeof TONES; children: ReactNode; onDismiss?: () => void }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`flex items-start gap-3 rounded-lg px-4 py-3 text-sm ring-1 ${TONES[tone]}`}>
      <div className="flex-1">{children}</div>
      {onDismiss ? (
        <button type="button" onClick={onDismiss} className="opacity-70 hover:opacity-100" aria-label="×">
          ×
        </button>
      ) : null}
    </div>
  );
}
