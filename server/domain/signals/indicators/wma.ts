import { RollingWindow } from './rollingWindow';

/**
 * Linearly weighted moving average: weights 1 (oldest) … period (newest) over their sum.
 * O(1) per update: when the window slides, every weight drops by one, so the weighted sum loses
 * the plain sum of the old window and gains period × the new input. It is recomputed from the
 * ring once per `period` updates so rounding cannot accumulate.
 */
export class Wma {
  value = NaN;
  private readonly window: RollingWindow;
  private weighted = 0;
  private readonly denominator: number;
  private sinceResync = 0;

  constructor(readonly period: number) {
    this.window = new RollingWindow(period);
    this.denominator = (period * (period + 1)) / 2;
  }

  get ready(): boolean {
    return this.window.full;
  }

  update(x: number): number {
    const w = this.window;
    if (w.full) {
      this.weighted += this.period * x - w.sum;
      w.push(x);
      if (++this.sinceResync === this.period) this.resync();
    } else {
      w.push(x);
      this.weighted += w.count * x;
    }
    if (w.full) this.value = this.weighted / this.denominator;
    return this.value;
  }

  private resync(): void {
    this.sinceResync = 0;
    let weighted = 0;
    for (let i = 0; i < this.period; i++) weighted += (i + 1) * this.window.at(i);
    this.weighted = weighted;
  }
}
