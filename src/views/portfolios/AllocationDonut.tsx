import type { Holding } from '../../../contract/portfolio/ledger';

const COLORS = ['#059669', '#0284c7', '#d97706', '#7c3aed', '#db2777', '#0d9488', '#65a30d', '#dc2626'];

export interface Slice {
  label: string;
  pct: number;
}

/** Holdings by share of value: the largest seven, the rest together as "…". */
export function slicesOf(holdings: readonly Holding[]): Slice[] {
  const all = holdings
    .filter((h) => h.allocation_pct !== null && Number(h.allocation_pct) > 0)
    .map((h) => ({ label: h.symbol, pct: Number(h.allocation_pct) }))
    .sort((a, b) => b.pct - a.pct);
  if (all.length <= 8) return all;
  const rest = all.slice(7).reduce((sum, s) => sum + s.pct, 0);
  return [...all.slice(0, 7), { label: '…', pct: rest }];
}

/** A donut of the allocation with its legend; `size` small for the list's cards. */
export function AllocationDonut({ slices, size = 140, legend = true, language }: { slices: Slice[]; size?: number; legend?: boolean; language: string }) {
  const r = 15.9155; // circumference 100, so dash lengths are percentages
  // Each slice starts where the ones before it end (25 puts the first at twelve o'clock).
  const offsets = slices.map((_, i) => 25 - slices.slice(0, i).reduce((sum, s) => sum + s.pct, 0));
  const pct = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <div className="flex items-center gap-4" data-testid="allocation">
      <svg viewBox="0 0 42 42" width={size} height={size} role="img" aria-label={slices.map((s) => `${s.label} ${pct.format(s.pct / 100)}`).join(', ')}>
        <circle cx="21" cy="21" r={r} fill="none" stroke="currentColor" className="text-slate-100 dark:text-slate-700" strokeWidth="6" />
        {slices.map((s, i) => {
          const dash = `${s.pct} ${100 - s.pct}`;
          const circle = <circle key={s.label} cx="21" cy="21" r={r} fill="none" stroke={COLORS[i % COLORS.length]} strokeWidth="6" strokeDasharray={dash} strokeDashoffset={offsets[i]} />;
          return circle;
        })}
      </svg>
      {legend ? (
        <ul className="space-y-1 text-sm">
          {slices.map((s, i) => (
            <li key={s.label} className="flex items-center gap-2">
              <span className="inline-block h-3 w-3 rounded-sm" style={{ background: COLORS[i % COLORS.length] }} />
              <bdi dir="ltr">{s.label}</bdi>
              <span className="tabular-nums text-slate-500">{pct.format(s.pct / 100)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
