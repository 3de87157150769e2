import { ExpAverage } from './expAverage';

/**
 * MACD: line = EMA(fast) − EMA(slow), signal = EMA(signal) of the line, histogram = line − signal.
 * Each EMA is seeded with the simple average of its own first inputs (TradingView and
 * technicalindicators with SimpleMAOscillator/SimpleMASignal off). TA-Lib differs only in seeding:
 * it starts the fast EMA late so both EMAs begin on the same candle; the values converge after
 * warm-up. The line exists from the `slow`-th input, signal and histogram `signal − 1` later.
 */
export class Macd {
  line = NaN;
  signal = NaN;
  histogram = NaN;
  private readonly fast: ExpAverage;
  private readonly slow: ExpAverage;
  private readonly smoothing: ExpAverage;

  constructor(fast: number, slow: number, signal: number) {
    this.fast = ExpAverage.ema(fast);
    this.slow = ExpAverage.ema(slow);
    this.smoothing = ExpAverage.ema(signal);
  }

  get ready(): boolean {
    return this.smoothing.ready;
  }

  update(x: number): void {
    const fast = this.fast.update(x);
    const slow = this.slow.update(x);
    if (!this.slow.ready) return;
    const line = fast - slow;
    this.line = line;
    const signal = this.smoothing.update(line);
    if (this.smoothing.ready) {
      this.signal = signal;
      this.histogram = line - signal;
    }
  }
}
