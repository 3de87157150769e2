/**
 * The last `size` inputs in a ring, with their running sum. Adding and subtracting floats drifts,
 * so once every `size` pushes after filling the sum is recomputed from the ring: one more addition
 * per push on average, still O(1), and the sum never carries more than one window's rounding.
 */
export class RollingWindow {
  readonly values: Float64Array;
  sum = 0;
  /** Inputs held, saturating at `size`. */
  count = 0;
  /** Slot of the next write; once full, also of the oldest value. */
  head = 0;
  full = false;
  private sinceResync = 0;

  constructor(readonly size: number) {
    this.values = new Float64Array(size);
  }

  /** Adds `x`, dropping the oldest value once full; returns the value dropped (NaN while filling). */
  push(x: number): number {
    const values = this.values;
    const head = this.head;
    let dropped = NaN;
    if (this.full) {
      dropped = values[head]!;
      this.sum += x - dropped;
    } else {
      this.sum += x;
      this.count += 1;
      this.full = this.count === this.size;
    }
    values[head] = x;
    this.head = head + 1 === this.size ? 0 : head + 1;
    if (dropped === dropped && ++this.sinceResync === this.size) this.resync();
    return dropped;
  }

  /** The i-th value from the oldest (0) to the newest (count − 1). */
  at(i: number): number {
    const start = this.full ? this.head : 0;
    const slot = start + i;
    return this.values[slot >= this.size ? slot - this.size : slot]!;
  }

  private resync(): void {
    this.sinceResync = 0;
    let sum = 0;
    for (let i = 0; i < this.size; i++) sum += this.values[i]!;
    this.sum = sum;
  }
}
