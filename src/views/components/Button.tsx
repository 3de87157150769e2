import type { ButtonHTMLAttributes } from 'react';

const KINDS = {
  primary: 'bg-emerald-600 text-white hover:bg-emerald-700 disabled:bg-emerald-400',
  secondary:
    'bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-700',
} as const;

export function Button({ kind = 'primary', className = '', ...props }: { kind?: keyof typeof KINDS } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...props}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium transition disabled:cursor-not-allowed ${KINDS[kind]} ${className}`}
    />
  );
}
