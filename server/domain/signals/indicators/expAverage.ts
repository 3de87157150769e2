/**
 * An exponential average seeded with the simple average of its first `period` inputs, as
 * TradingView's `ta.ema`/`ta.rma`, technicalindicators and trading-signals do (TA-Lib seeds the
 * same way). `ema` uses α = 2 / (period + 1); `wilder` uses α = 1 / period (Wilder's smoothing,
 * the RMA behind RSI, ATR and ADX). NaN until `period` inputs have been seen.
 */
export class ExpAverage {
  value = NaN;
  private seedSum = 0;
  private seen = 0;

  private constructor(
    readonly period: number,
    private readonly alpha: number,
  ) {}

  static ema(period: number): ExpAverage {
    return new ExpAverage(period, 2 / (period + 1));
  }

  static wilder(period: number): ExpAverage {
    return new ExpAverage(period, 1 / period);
  }

  get ready(): boolean {
    return this.seen >= this.period;
  }

  update(x: number): number {
    if (this.seen >= this.period) {
      this.value = (x - this.value) * this.alpha + this.value;
      return this.value;
    }
    this.seedSum += x;
    this.seen += 1;
    if (this.seen === this.period) this.value = this.seedSum / this.period;
    return this.value;
  }
}

/**
 * Inputs after warm-up until the seed's weight in the value falls below `1e-3`: (1 − α)^n < 1e-3.
 * A restart that replays this many more candles reproduces an uninterrupted run's value closely.
 */
export function settlingCandles(alpha: number): number {
  return alpha >= 1 ? 0 : Math.ceil(Math.log(1e-3) / Math.log(1 - alpha));
}
export const emaAlpha = (period: number) => 2 / (period + 1);
export const wilderAlpha = (period: number) => 1 / period;
