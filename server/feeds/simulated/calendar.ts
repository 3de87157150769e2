import type { TradingSession } from '../../../contract/market/markets';
import { utcOffsetMs } from '../../domain/klines/timeZones';

/**
 * Local days and trading sessions of a market, in its IANA time zone (Asia/Tehran has had no
 * daylight saving since 2022, but other zones do, so offsets are looked up per instant).
 */

const DAY_MS = 86_400_000;

/** The zone's offset from UTC at an instant, in ms (Tehran: +3:30 = 12,600,000). */
export const zoneOffsetMs = (timeZone: string, at: number): number => utcOffsetMs(at, timeZone);

/** The local calendar day of an instant, as days since 1970-01-01 (a day number). */
export function localDay(timeZone: string, at: number): number {
  return Math.floor((at + zoneOffsetMs(timeZone, at)) / DAY_MS);
}

/** The UTC instant of a local wall-clock time on a day number. */
export function localTimeToUtc(timeZone: string, day: number, minuteOfDay: number): number {
  const wall = day * DAY_MS + minuteOfDay * 60_000;
  // Two passes settle the offset even next to a daylight-saving change.
  let guess = wall - zoneOffsetMs(timeZone, wall);
  guess = wall - zoneOffsetMs(timeZone, guess);
  return guess;
}

/** 0 = Sunday … 6 = Saturday for a day number (1970-01-01 was a Thursday). */
export const weekday = (day: number) => (((day + 4) % 7) + 7) % 7;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The open_time of every 1m candle of a local day: all of its minutes for an always-open market,
 * else the minutes inside the day's sessions ([open, close): 09:00–12:30 gives 210 candles).
 */
export function dayMinutes(timeZone: string, hours: TradingSession[] | null, day: number): number[] {
  const start = localTimeToUtc(timeZone, day, 0);
  const minutes: number[] = [];
  if (!hours) {
    const end = localTimeToUtc(timeZone, day + 1, 0);
    for (let t = start; t < end; t += 60_000) minutes.push(t);
    return minutes;
  }
  const wd = weekday(day);
  for (const session of hours) {
    if (!session.days.includes(wd)) continue;
    const from = localTimeToUtc(timeZone, day, minutesOf(session.open));
    const to = localTimeToUtc(timeZone, day, minutesOf(session.close));
    for (let t = from; t < to; t += 60_000) minutes.push(t);
  }
  return minutes.sort((a, b) => a - b);
}

/** Whether the market trades at an instant. */
export function isOpen(timeZone: string, hours: TradingSession[] | null, at: number): boolean {
  if (!hours) return true;
  const day = localDay(timeZone, at);
  const minute = Math.floor((at - localTimeToUtc(timeZone, day, 0)) / 60_000);
  return hours.some(
    (s) => s.days.includes(weekday(day)) && minute >= minutesOf(s.open) && minute < minutesOf(s.close),
  );
}
