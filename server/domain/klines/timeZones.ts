/**
 * UTC offsets of IANA time zones, from the runtime's own tz database (Intl), so a `1d` candle
 * starts at the market's midnight even across historical DST rules (Tehran kept DST until 2022).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const isUtc = (timeZone: string) => timeZone === 'UTC' || timeZone === 'Etc/UTC' || timeZone === 'GMT';

/** Milliseconds to add to a UTC instant to get the wall-clock time of `timeZone` at that instant. */
export function utcOffsetMs(instant: number, timeZone: string): number {
  if (isUtc(timeZone)) return 0;
  const seconds = Math.floor(instant / 1000) * 1000;
  const parts = formatterOf(timeZone).formatToParts(new Date(seconds));
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'));
  return wall - seconds;
}

const DAY_MS = 86_400_000;

/**
 * The first instant of the local calendar day holding `instant`. Usually local midnight; on a
 * day whose midnight is skipped by a DST jump, the instant of the jump.
 */
export function localDayStart(instant: number, timeZone: string): number {
  const offset = utcOffsetMs(instant, timeZone);
  const midnightWall = Math.floor((instant + offset) / DAY_MS) * DAY_MS;
  const first = midnightWall - offset;
  const offsetAtFirst = utcOffsetMs(first, timeZone);
  const candidates = offsetAtFirst === offset ? [first] : [first, midnightWall - offsetAtFirst];
  const valid = candidates.filter((c) => c <= instant && c + utcOffsetMs(c, timeZone) === midnightWall);
  if (valid.length > 0) return Math.min(...valid);
  // Midnight never happened that day (clocks jumped from 23:59 to 01:00): the day starts at the
  // jump, i.e. midnight under the offset in force before it (the smaller one).
  return midnightWall - Math.min(offset, offsetAtFirst);
}
