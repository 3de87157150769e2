import { utcOffsetMs } from '../../domain/klines/timeZones';

/**
 * A candle's time as files write it: epoch seconds, epoch milliseconds, or an ISO date. Numbers
 * below 10^11 are seconds (10^11 s is the year 5138; 10^11 ms is 1973, before any market data
 * here). An ISO date without an offset is the market's wall-clock time, so a daily file of
 * `2024-03-20` rows means the market's own days.
 */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

export type TimeResult = { ok: true; time: number } | { ok: false; error: string };

/** UTC instant of a wall-clock time in `timeZone` (the offset in force then, after any DST jump). */
function fromWallClock(wall: number, timeZone: string): number {
  const guess = wall - utcOffsetMs(wall, timeZone);
  return wall - utcOffsetMs(guess, timeZone);
}

export function parseCsvTime(cell: string, timeZone: string): TimeResult {
  if (/^\d+(\.\d+)?$/.test(cell)) {
    const value = Number(cell);
    const ms = value < 1e11 ? value * 1000 : value;
    if (!Number.isSafeInteger(ms)) return { ok: false, error: `"${cell}" is not a whole number of milliseconds` };
    return { ok: true, time: ms };
  }
  const m = ISO.exec(cell);
  if (!m) return { ok: false, error: `"${cell}" is neither epoch seconds, epoch milliseconds nor an ISO date` };
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0', zone] = m;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(frac.padEnd(3, '0')));
  const check = new Date(wall);
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    return { ok: false, error: `"${cell}" is not a real date` };
  }
  if (!zone) return { ok: true, time: fromWallClock(wall, timeZone) };
  if (zone.toUpperCase() === 'Z') return { ok: true, time: wall };
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  return { ok: true, time: wall - offset };
}
