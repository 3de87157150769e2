import type { ReactNode } from 'react';

export function Card({ title, children, className = '' }: { title?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700 ${className}`}>
      {title ? <h2 className="mb-3 text-base font-semibold text-slate-800 dark:text-slate-100">{title}</h2> : null}
      {children}
    </section>
  );
}
