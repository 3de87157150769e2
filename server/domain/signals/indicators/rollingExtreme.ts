/**
 * Highest (or lowest) of the last `size` inputs in O(1) amortised: a monotonic deque of
 * candidates in a ring of `size` slots. A new input evicts every candidate it beats from the back;
 * the front is the answer and leaves once it falls out of the window. No allocation per update.
 */
export class RollingExtreme {
  private readonly values: Float64Array;
  private readonly sequence: Float64Array;
  private front = 0;
  private length = 0;
  private next = 0;

  private constructor(
    private readonly size: number,
    private readonly highest: boolean,
  ) {
    this.values = new Float64Array(size);
    this.sequence = new Float64Array(size);
  }

  static max(size: number): RollingExtreme {
    return new RollingExtreme(size, true);
  }

  static min(size: number): RollingExtreme {
    return new RollingExtreme(size, false);
  }

  /** Adds `x` and returns the extreme of the window that now ends with it. */
  push(x: number): number {
    const size = this.size;
    const values = this.values;
    const seq = this.next++;
    // Drop the front if it has left the window [seq − size + 1, seq].
    if (this.length > 0 && this.sequence[this.front]! <= seq - size) {
      this.front = this.front + 1 === size ? 0 : this.front + 1;
      this.length -= 1;
    }
    // Evict beaten candidates from the back (ties too: the newer one lives longer).
    while (this.length > 0) {
      let back = this.front + this.length - 1;
      if (back >= size) back -= size;
      const v = values[back]!;
      if (this.highest ? v <= x : v >= x) this.length -= 1;
      else break;
    }
    let slot = this.front + this.length;
    if (slot >= size) slot -= size;
    values[slot] = x;
    this.sequence[slot] = seq;
    this.length += 1;
    return values[this.front]!;
  }
}
