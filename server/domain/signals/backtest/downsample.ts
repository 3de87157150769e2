/**
 * Indices of the points to keep so a curve has at most `max` points: the first (the starting
 * balance), then the last point of each of `max − 1` equal buckets of the rest, so the final
 * equity is always the last point. Everything when it already fits.
 */
export function downsampleIndices(length: number, max: number): number[] {
  if (length <= max) return Array.from({ length }, (_, i) => i);
  const rest = length - 1;
  const buckets = max - 1;
  const kept = [0];
  for (let b = 1; b <= buckets; b++) kept.push(Math.floor((b * rest) / buckets));
  return kept;
}
