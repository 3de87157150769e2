import { ExpAverage } from './expAverage';

/**
 * Wilder's RSI: gains and losses of consecutive inputs, each smoothed by Wilder's average seeded
 * with the simple average of the first `period` changes (so the first value needs period + 1
 * inputs), RSI = 100 − 100 / (1 + avgGain / avgLoss). No losses gives 100. A perfectly flat
 * window (no gains, no losses) gives 50 where the libraries say 100: a market that does not move
 * is neither overbought nor oversold, and a rule `rsi > 70` must not fire on it.
 */
export class Rsi {
  value = NaN;
  private previous = NaN;
  private started = false;
  private readonly gains: ExpAverage;
  private readonly losses: ExpAverage;

  constructor(readonly period: number) {
    this.gains = ExpAverage.wilder(period);
    this.losses = ExpAverage.wilder(period);
  }

  get ready(): boolean {
    return this.gains.ready;
  }

  update(x: number): number {
    if (!this.started) {
      this.started = true;
      this.previous = x;
      return this.value;
    }
    const change = x - this.previous;
    this.previous = x;
    const gain = this.gains.update(change > 0 ? change : 0);
    const loss = this.losses.update(change < 0 ? -change : 0);
    if (this.gains.ready) {
      this.value = loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (gain / loss + 1);
    }
    return this.value;
  }
}
