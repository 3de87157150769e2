/**
 * On-balance volume: a running total that adds the candle's volume when the close rises, subtracts
 * it when the close falls. It starts at 0 on the first candle (its origin is arbitrary, only its
 * changes mean something).
 */
export class Obv {
  value = NaN;
  private previousClose = NaN;

  get ready(): boolean {
    return this.value === this.value;
  }

  update(close: number, volume: number): number {
    if (this.value !== this.value) this.value = 0;
    else if (close > this.previousClose) this.value += volume;
    else if (close < this.previousClose) this.value -= volume;
    this.previousClose = close;
    return this.value;
  }
}
