import { ExpAverage } from './expAverage';
import { trueRange } from './trueRange';

/**
 * Wilder's directional movement: +DM / −DM and the true range from the second candle on, each
 * Wilder-smoothed over `period`; +DI = 100 × +DM / TR, −DI alike; DX = 100 × |+DI − −DI| / (+DI +
 * −DI); ADX = Wilder average of DX. The DIs exist from candle period + 1, the ADX from 2 × period
 * (TA-Lib, technicalindicators and trading-signals agree). A window without movement gives DIs
 * and DX of 0 instead of 0 / 0.
 */
export class Adx {
  adx = NaN;
  plusDi = NaN;
  minusDi = NaN;
  private previousHigh = NaN;
  private previousLow = NaN;
  private previousClose = NaN;
  private started = false;
  private readonly range: ExpAverage;
  private readonly plus: ExpAverage;
  private readonly minus: ExpAverage;
  private readonly dx: ExpAverage;

  constructor(readonly period: number) {
    this.range = ExpAverage.wilder(period);
    this.plus = ExpAverage.wilder(period);
    this.minus = ExpAverage.wilder(period);
    this.dx = ExpAverage.wilder(period);
  }

  get ready(): boolean {
    return this.dx.ready;
  }

  update(high: number, low: number, close: number): void {
    if (this.started) {
      const up = high - this.previousHigh;
      const down = this.previousLow - low;
      const tr = this.range.update(trueRange(high, low, this.previousClose));
      const plus = this.plus.update(up > down && up > 0 ? up : 0);
      const minus = this.minus.update(down > up && down > 0 ? down : 0);
      if (this.range.ready) {
        const plusDi = tr > 0 ? (plus * 100) / tr : 0;
        const minusDi = tr > 0 ? (minus * 100) / tr : 0;
        const sum = plusDi + minusDi;
        this.plusDi = plusDi;
        this.minusDi = minusDi;
        const adx = this.dx.update(sum > 0 ? (Math.abs(plusDi - minusDi) / sum) * 100 : 0);
        if (this.dx.ready) this.adx = adx;
      }
    }
    this.started = true;
    this.previousHigh = high;
    this.previousLow = low;
    this.previousClose = close;
  }
}
