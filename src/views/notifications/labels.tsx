/** Codes of the notification screens (DOMAIN.md) and how each one looks. */

export const STATUS_CODES = [10, 20, 30, 40, 50] as const;
/** What a user may set; 50 (expired) belongs to the expiry task. */
export const SETTABLE_STATUS_CODES = [10, 20, 30, 40] as const;
export const PRIORITY_CODES = [10, 20, 30, 40] as const;
export const CATEGORIES = ['signal', 'order', 'balance', 'price', 'task', 'system', 'broadcast'] as const;

export const PRIORITY_BADGE: Record<number, string> = {
  10: 'bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
  20: 'bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-200',
  30: 'bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-200',
  40: 'bg-rose-600 text-white',
};

export const STATUS_BADGE: Record<number, string> = {
  10: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-200',
  20: 'bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
  30: 'bg-slate-50 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
  40: 'bg-slate-50 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
  50: 'bg-slate-50 text-slate-400 line-through dark:bg-slate-800',
};

export function Badge({ className, children, testId }: { className: string; children: string; testId?: string }) {
  return <span data-testid={testId} className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${className}`}>{children}</span>;
}
