import type { ReactNode } from 'react';
import { Drawer } from '../../components/Drawer';
import { useAdminDataT } from './useAdminDataT';

/** Tables scroll sideways inside their card on a narrow phone instead of widening the page. */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="-mx-5 overflow-x-auto px-5">
      <table aria-label={label} className="w-full min-w-[40rem] text-sm">
        {children}
      </table>
    </div>
  );
}

export const thClass = 'border-b border-slate-200 px-2 py-2 text-start font-medium text-slate-500 dark:border-slate-700 dark:text-slate-400';
export const tdClass = 'border-b border-slate-100 px-2 py-2 align-top dark:border-slate-800';

const CHIP_TONES = {
  good: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-200',
  bad: 'bg-rose-100 text-rose-800 dark:bg-rose-900 dark:text-rose-200',
  plain: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
} as const;

export function Chip({ tone, children, testId }: { tone: keyof typeof CHIP_TONES; children: ReactNode; testId?: string }) {
  return (
    <span data-testid={testId} className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${CHIP_TONES[tone]}`}>
      {children}
    </span>
  );
}

/** A modal panel on the end side (a drawer on wide screens, the whole width on a phone); Escape or the backdrop closes it. */
export function SidePanel({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useAdminDataT();
  return (
    <Drawer label={title} heading={<h2 className="text-lg font-semibold">{title}</h2>} closeLabel={t('adminData.close')} onClose={onClose}>
      {children}
    </Drawer>
  );
}
