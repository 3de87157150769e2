import { ExpAverage } from './expAverage';
import { trueRange } from './trueRange';

/**
 * Average true range, Wilder-smoothed. The first candle has no previous close, so the true range
 * starts on the second and the first ATR needs period + 1 candles (TA-Lib and technicalindicators
 * agree; TradingView counts the first candle's high − low instead).
 */
export class Atr {
  value = NaN;
  private previousClose = NaN;
  private started = false;
  private readonly average: ExpAverage;

  constructor(readonly period: number) {
    this.average = ExpAverage.wilder(period);
  }

  get ready(): boolean {
    return this.average.ready;
  }

  update(high: number, low: number, close: number): number {
    if (this.started) {
      const atr = this.average.update(trueRange(high, low, this.previousClose));
      if (this.average.ready) this.value = atr;
    }
    this.started = true;
    this.previousClose = close;
    return this.value;
  }
}
