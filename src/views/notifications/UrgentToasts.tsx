import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Notification } from '../../../contract/notifications/schemas';

/**
 * Urgent notifications in the bottom corner (the end side: left in RTL, right in LTR). Portalled to
 * the body: the header's backdrop blur would otherwise pin `fixed` to the header, not the window.
 */
export function UrgentToasts({ toasts, onClose, onOpen }: { toasts: Notification[]; onClose: (id: number) => void; onOpen: (n: Notification) => void }) {
  const { t } = useTranslation();
  if (toasts.length === 0) return null;
  return createPortal(
    <div className="pointer-events-none fixed bottom-4 end-4 z-50 flex w-80 max-w-[90vw] flex-col gap-2" aria-live="assertive">
      {toasts.map((n) => (
        <div key={n.id} role="alert" data-testid={`toast-${n.id}`} className="pointer-events-auto rounded-xl bg-white p-3 shadow-lg ring-2 ring-rose-500 dark:bg-slate-900">
          <div className="flex items-start gap-2">
            <span className="rounded bg-rose-600 px-1.5 py-0.5 text-xs font-semibold text-white">{t('header.urgent')}</span>
            <button type="button" className="min-w-0 flex-1 text-start" onClick={() => onOpen(n)}>
              <p dir="auto" className="font-semibold text-slate-800 dark:text-slate-100">{n.title}</p>
              {n.body ? <p dir="auto" className="line-clamp-3 text-sm text-slate-600 dark:text-slate-400">{n.body}</p> : null}
            </button>
            <button type="button" aria-label={t('header.closeToast')} className="text-slate-400 hover:text-slate-700" onClick={() => onClose(n.id)}>
              ×
            </button>
          </div>
        </div>
      ))}
    </div>,
    document.body,
  );
}
