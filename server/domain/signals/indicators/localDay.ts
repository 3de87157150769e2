const DAY_MS = 86_400_000;
/** Local midnight moves by at most an hour when the offset changes (DST); look twice that early. */
const GUARD_MS = 2 * 3_600_000;

/**
 * Tells when candles (in time order) enter a new calendar day of a time zone, given as a function
 * from a UTC instant to that zone's offset. The offset is asked for only near the predicted local
 * midnight, so an expensive lookup (Intl) costs a few calls per day, not one per candle.
 */
export class LocalDayTracker {
  private day = NaN;
  private checkFrom = -Infinity;

  constructor(private readonly offsetOf: (epochMs: number) => number) {}

  /** True for the first instant seen and whenever `epochMs` falls on a later local day. */
  isNewDay(epochMs: number): boolean {
    if (epochMs < this.checkFrom) return false;
    const offset = this.offsetOf(epochMs);
    const day = Math.floor((epochMs + offset) / DAY_MS);
    this.checkFrom = (day + 1) * DAY_MS - offset - GUARD_MS;
    if (day === this.day) return false;
    this.day = day;
    return true;
  }
}
