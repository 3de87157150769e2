/** One grid for the header and every row, so the columns line up in both directions. */
export const ROW_GRID =
  'grid items-center gap-3 px-4 grid-cols-[minmax(7rem,2fr)_minmax(5rem,1fr)_minmax(4.5rem,1fr)] md:grid-cols-[minmax(9rem,2fr)_minmax(6rem,1fr)_minmax(5rem,1fr)_minmax(9rem,1.4fr)_minmax(5rem,1fr)_6.5rem]';

export const ROW_HEIGHT = 52;

/** Up green, down red: the colours of a change, never its only sign (the number carries one). */
export function changeClass(pct: number | undefined): string {
  if (pct === undefined || pct === 0) return 'text-slate-500 dark:text-slate-400';
  return pct > 0 ? 'text-emerald-600 dark:text-emerald-400' : 'text-rose-600 dark:text-rose-400';
}
