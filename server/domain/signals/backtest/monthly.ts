import type { MonthlyReturnsRow } from '../../../../contract/signals/backtest';
import type { CombinedCurve } from './combine';

/** A month's end moves by at most an hour when the offset changes (DST); look twice that early. */
const GUARD_MS = 2 * 3_600_000;

/** year × 12 + month of an instant in a time zone, and from when it is worth asking again. */
function monthOf(instant: number, offsetOf: (epochMs: number) => number): { key: number; recheckFrom: number } {
  const offset = offsetOf(instant);
  const local = new Date(instant + offset);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  return { key: year * 12 + month, recheckFrom: Date.UTC(year, month + 1, 1) - offset - GUARD_MS };
}

/**
 * Returns per calendar month of the market's time zone, compounded from the account's equity: a
 * month's return is its last equity over the previous month's last (the starting balance for the
 * first); a year's total is its last equity over the previous year's last. A point belongs to the
 * month its candle opened in (a close at midnight on the 1st is the previous month's). Months the
 * range does not reach are null. The time zone is asked only near a month's end.
 */
export function monthlyReturns(curve: CombinedCurve, offsetOf: (epochMs: number) => number): MonthlyReturnsRow[] {
  const { times, equity } = curve;
  const rows: MonthlyReturnsRow[] = [];
  const n = times.length;
  if (n < 2) return rows;

  let monthBase = equity[0]!;
  let yearBase = equity[0]!;
  const close = (key: number, last: number) => {
    const year = Math.floor(key / 12);
    let row = rows[rows.length - 1];
    if (row?.year !== year) {
      row = { year, months: new Array<number | null>(12).fill(null), total: 0 };
      rows.push(row);
    }
    row.months[key - year * 12] = last / monthBase - 1;
    row.total = last / yearBase - 1;
    monthBase = last;
  };

  let { key, recheckFrom } = monthOf(times[1]! - 1, offsetOf);
  for (let i = 2; i < n; i++) {
    const instant = times[i]! - 1;
    if (instant < recheckFrom) continue;
    const found = monthOf(instant, offsetOf);
    recheckFrom = found.recheckFrom;
    if (found.key === key) continue;
    const last = equity[i - 1]!;
    close(key, last);
    if (Math.floor(found.key / 12) !== Math.floor(key / 12)) yearBase = last;
    key = found.key;
  }
  close(key, equity[n - 1]!);
  return rows;
}
