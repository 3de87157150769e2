/** The greatest of high − low and the gaps from the previous close (Wilder's true range). */
export function trueRange(high: number, low: number, previousClose: number): number {
  const range = high - low;
  const up = Math.abs(high - previousClose);
  const down = Math.abs(low - previousClose);
  return range >= up ? (range >= down ? range : down) : up >= down ? up : down;
}
