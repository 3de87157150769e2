import type { BalanceHistoryPoint } from '../../../contract/portfolio/ledger';
import type { MonthlyReturnsRow } from '../../../contract/signals/backtest';

/**
 * Monthly returns from the daily value series, leaving new money out: each bucket's return is
 * (value − net_flow) / previous value − 1, compounded within the month (time-weighted return).
 * Buckets without a value (no price then) or after a zero value are skipped.
 */
export function monthlyReturns(points: readonly BalanceHistoryPoint[]): MonthlyReturnsRow[] {
  const months = new Map<string, number>();
  let previous: number | null = null;
  for (const point of points) {
    if (point.value === null) continue;
    const value = Number(point.value);
    if (previous !== null && previous > 0) {
      const r = (value - Number(point.net_flow)) / previous;
      const d = new Date(point.timestamp);
      const key = `${d.getUTCFullYear()}-${d.getUTCMonth()}`;
      months.set(key, (months.get(key) ?? 1) * r);
    }
    previous = value;
  }
  const years = new Map<number, MonthlyReturnsRow>();
  for (const [key, growth] of months) {
    const [year, month] = key.split('-').map(Number) as [number, number];
    const row = years.get(year) ?? { year, months: Array<number | null>(12).fill(null), total: 0 };
    row.months[month] = growth - 1;
    years.set(year, row);
  }
  for (const row of years.values()) row.total = row.months.reduce<number>((acc, m) => acc * (1 + (m ?? 0)), 1) - 1;
  return [...years.values()].sort((a, b) => a.year - b.year);
}
