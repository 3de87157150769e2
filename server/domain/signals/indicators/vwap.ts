import { LocalDayTracker } from './localDay';
import { RollingWindow } from './rollingWindow';

/**
 * Volume-weighted average of the typical price (h + l + c) / 3.
 *
 * Without a period it is the session VWAP traders chart: it restarts at each local day of the
 * market's time zone (`utcOffsetMs`, UTC when omitted), from the candle's open time. With a period
 * it is a rolling VWAP over that many candles, ready once the window is full. When the volume
 * summed so far is 0 (a quiet start of day, a market that reports none) the typical price itself
 * stands in, so the value never turns NaN after warm-up.
 */
export class Vwap {
  value = NaN;
  private readonly days: LocalDayTracker | null;
  private readonly priceVolume: RollingWindow | null;
  private readonly volumes: RollingWindow | null;
  private sessionPriceVolume = 0;
  private sessionVolume = 0;

  constructor(
    readonly period: number | undefined,
    utcOffsetMs: (epochMs: number) => number = () => 0,
  ) {
    this.days = period === undefined ? new LocalDayTracker(utcOffsetMs) : null;
    this.priceVolume = period === undefined ? null : new RollingWindow(period);
    this.volumes = period === undefined ? null : new RollingWindow(period);
  }

  get ready(): boolean {
    return this.value === this.value;
  }

  update(openTime: number, high: number, low: number, close: number, volume: number): number {
    const typical = (high + low + close) / 3;
    if (this.days) {
      if (this.days.isNewDay(openTime)) {
        this.sessionPriceVolume = 0;
        this.sessionVolume = 0;
      }
      this.sessionPriceVolume += typical * volume;
      this.sessionVolume += volume;
      this.value = this.sessionVolume > 0 ? this.sessionPriceVolume / this.sessionVolume : typical;
      return this.value;
    }
    const pv = this.priceVolume!;
    const v = this.volumes!;
    pv.push(typical * volume);
    v.push(volume);
    if (v.full) this.value = v.sum > 0 ? pv.sum / v.sum : typical;
    return this.value;
  }
}
