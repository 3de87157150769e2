import { RollingExtreme } from './rollingExtreme';
import { Sma } from './sma';

/**
 * Slow stochastic. Fast %K = 100 × (close − lowest low) / (highest high − lowest low) over
 * `kPeriod` candles; %K = SMA(kSmoothing) of fast %K; %D = SMA(dPeriod) of %K (TA-Lib's STOCH
 * with SMA, trading-signals' StochasticOscillator; kSmoothing = 1 is the fast stochastic of
 * technicalindicators). A window with no range gives 50 where the libraries give 0: a flat market
 * is not "oversold". Ready when %D exists: kPeriod + kSmoothing + dPeriod − 2 candles.
 */
export class Stoch {
  k = NaN;
  d = NaN;
  private readonly highs: RollingExtreme;
  private readonly lows: RollingExtreme;
  private readonly kAverage: Sma;
  private readonly dAverage: Sma;
  private seen = 0;

  constructor(
    readonly kPeriod: number,
    kSmoothing: number,
    dPeriod: number,
  ) {
    this.highs = RollingExtreme.max(kPeriod);
    this.lows = RollingExtreme.min(kPeriod);
    this.kAverage = new Sma(kSmoothing);
    this.dAverage = new Sma(dPeriod);
  }

  get ready(): boolean {
    return this.dAverage.ready;
  }

  update(high: number, low: number, close: number): void {
    const highest = this.highs.push(high);
    const lowest = this.lows.push(low);
    if (this.seen < this.kPeriod) this.seen += 1;
    if (this.seen < this.kPeriod) return;
    const range = highest - lowest;
    const fastK = range > 0 ? ((close - lowest) * 100) / range : 50;
    const k = this.kAverage.update(fastK);
    if (!this.kAverage.ready) return;
    this.k = k;
    const d = this.dAverage.update(k);
    if (this.dAverage.ready) this.d = d;
  }
}
