/**
 * Bollinger bands: middle = SMA(period), upper/lower = middle ± k × σ, with σ the population
 * standard deviation of the window (divide by period, not period − 1), as TradingView, TA-Lib and
 * technicalindicators compute it.
 *
 * O(1) per update: mean and the sum of squared deviations (M2) slide with Welford's update, which
 * unlike Σx² − n·mean² does not cancel catastrophically on prices such as 50,000 ± 5. Once per
 * `period` updates both are recomputed from the ring (two passes) so rounding cannot accumulate.
 */
export class Bollinger {
  middle = NaN;
  upper = NaN;
  lower = NaN;
  private readonly window: Float64Array;
  private head = 0;
  private count = 0;
  private mean = 0;
  private m2 = 0;
  private sinceResync = 0;

  constructor(
    readonly period: number,
    private readonly width: number,
  ) {
    this.window = new Float64Array(period);
  }

  get ready(): boolean {
    return this.count === this.period;
  }

  update(x: number): void {
    const p = this.period;
    const head = this.head;
    if (this.count < p) {
      this.count += 1;
      const delta = x - this.mean;
      this.mean += delta / this.count;
      this.m2 += delta * (x - this.mean);
    } else {
      const old = this.window[head]!;
      const mean = this.mean + (x - old) / p;
      this.m2 += (x - old) * (x - mean + old - this.mean);
      this.mean = mean;
    }
    this.window[head] = x;
    this.head = head + 1 === p ? 0 : head + 1;
    if (this.count < p) return;
    if (++this.sinceResync === p) this.resync();
    const sd = Math.sqrt(this.m2 > 0 ? this.m2 / p : 0);
    this.middle = this.mean;
    this.upper = this.mean + this.width * sd;
    this.lower = this.mean - this.width * sd;
  }

  private resync(): void {
    this.sinceResync = 0;
    const p = this.period;
    let sum = 0;
    for (let i = 0; i < p; i++) sum += this.window[i]!;
    const mean = sum / p;
    let m2 = 0;
    for (let i = 0; i < p; i++) {
      const d = this.window[i]! - mean;
      m2 += d * d;
    }
    this.mean = mean;
    this.m2 = m2;
  }
}
