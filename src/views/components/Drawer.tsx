import { useEffect, type ReactNode } from 'react';

/**
 * A modal panel on the end side of the screen (a drawer on wide screens, the whole width on a
 * phone) with a heading and a close button. The backdrop closes it, and so does Escape unless
 * `escapeCloses` is off (while a confirmation inside it is open, Escape belongs to that).
 */
export function Drawer({
  label,
  heading,
  closeLabel,
  onClose,
  testId,
  wide = false,
  escapeCloses = true,
  bodyClassName = '',
  children,
}: {
  /** The dialog's accessible name. */
  label: string;
  heading: ReactNode;
  closeLabel: string;
  onClose: () => void;
  testId?: string;
  wide?: boolean;
  escapeCloses?: boolean;
  bodyClassName?: string;
  children: ReactNode;
}) {
  useEffect(() => {
    if (!escapeCloses) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose, escapeCloses]);
  return (
    <div className="fixed inset-0 z-30 flex justify-end" onClick={onClose}>
      <div className="absolute inset-0 bg-slate-900/30" aria-hidden="true" />
      <aside
        role="dialog"
        aria-modal="true"
        aria-label={label}
        data-testid={testId}
        className={`relative h-full w-full ${wide ? 'max-w-lg' : 'max-w-md'} overflow-y-auto bg-white p-5 shadow-xl dark:bg-slate-900`}
        onClick={(e) => e.stopPropagation()}
      >
        <div className="mb-4 flex items-start justify-between gap-3">
          <div className="min-w-0">{heading}</div>
          <button type="button" className="rounded p-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800" aria-label={closeLabel} onClick={onClose}>
            ×
          </button>
        </div>
        <div className={bodyClassName}>{children}</div>
      </aside>
    </div>
  );
}
