import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { useAdminOpsT } from './useAdminOpsT';

/**
 * Asks once more before something that stops work (terminating a task, stopping or restarting a
 * service). `children` holds any input the action needs (a command's symbol); `confirmDisabled`
 * keeps the button off until it is filled.
 */
export function ConfirmDialog({ open, title, question, confirmLabel, danger = true, busy, confirmDisabled, onConfirm, onCancel, children }: {
  open: boolean;
  title: string;
  question?: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const { t } = useAdminOpsT();
  return (
    <Dialog open={open} onClose={onCancel} className="relative z-40">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md space-y-4 rounded-2xl bg-white p-5 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700">
          <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
          {question ? <p className="text-sm text-slate-600 dark:text-slate-300">{question}</p> : null}
          <form
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (!confirmDisabled && !busy) onConfirm();
            }}
          >
            {children}
            <div className="flex flex-wrap justify-end gap-2">
              <Button kind="secondary" onClick={onCancel}>{t('adminOps.cancel')}</Button>
              <Button type="submit" disabled={busy || confirmDisabled} className={danger ? '!bg-rose-600 hover:!bg-rose-700' : ''}>
                {confirmLabel}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
