import { RollingWindow } from './rollingWindow';

/** Simple moving average over the last `period` inputs; O(1) per update (running sum). */
export class Sma {
  value = NaN;
  private readonly window: RollingWindow;

  constructor(readonly period: number) {
    this.window = new RollingWindow(period);
  }

  get ready(): boolean {
    return this.window.full;
  }

  update(x: number): number {
    const w = this.window;
    w.push(x);
    if (w.full) this.value = w.sum / this.period;
    return this.value;
  }
}
