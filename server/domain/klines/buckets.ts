import type { Timeframe } from '../../../contract/codes';
import { TIMEFRAME_MS } from '../../../contract/market/primitives';
import { localDayStart } from './timeZones';

/** The longest a `1d` bucket can last: 25 h, on the day a DST change turns the clocks back. */
export const MAX_DAY_MS = 25 * 3_600_000;

/**
 * Where candles of one timeframe start and end. Intraday timeframes cut UTC time into equal
 * steps from the epoch; `1d` follows the market's calendar days, so it is 23–25 h long in a zone
 * with DST and starts at 20:30 UTC the day before in Tehran (UTC+03:30).
 */
export interface Bucketer {
  readonly timeframe: Timeframe;
  /** Open time of the bucket holding `instant`. */
  start(instant: number): number;
  /** Open time of the next bucket, for a bucket opening at `start`. */
  end(start: number): number;
  /** The longest a bucket of this timeframe lasts. */
  readonly maxLengthMs: number;
}

export function createBucketer(timeframe: Timeframe, timeZone: string): Bucketer {
  if (timeframe !== '1d') {
    const step = TIMEFRAME_MS[timeframe];
    return {
      timeframe,
      maxLengthMs: step,
      start: (instant) => instant - (((instant % step) + step) % step),
      end: (start) => start + step,
    };
  }
  // Day starts cost a tz lookup; candles arrive in order, so remember the last day seen.
  let cachedStart = Number.NaN;
  let cachedEnd = Number.NaN;
  const start = (instant: number) => {
    if (instant >= cachedStart && instant < cachedEnd) return cachedStart;
    const dayStart = localDayStart(instant, timeZone);
    // 26 h after any day start always lies in the next day, since days last 23–25 h.
    const next = localDayStart(dayStart + 26 * 3_600_000, timeZone);
    cachedStart = dayStart;
    cachedEnd = next;
    return dayStart;
  };
  return {
    timeframe,
    maxLengthMs: MAX_DAY_MS,
    start,
    end: (dayStart) => {
      start(dayStart);
      return cachedStart === dayStart ? cachedEnd : localDayStart(dayStart + 26 * 3_600_000, timeZone);
    },
  };
}

/** Open time of the first bucket opening at or after `instant`. */
export function ceilToBucket(bucketer: Bucketer, instant: number): number {
  const start = bucketer.start(instant);
  return start === instant ? start : bucketer.end(start);
}
