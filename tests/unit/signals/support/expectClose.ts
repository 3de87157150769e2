import { expect } from 'vitest';

/**
 * Holds two series equal to `relative` (1e-9 by default) of each value, with a floor of `scale` for
 * values near zero (a MACD histogram crossing 0). Aligns them at their ends: a library's output
 * starts when it has a value, ours is NaN until then; the lengths must then match exactly.
 */
export function expectSeriesClose(
  ours: readonly number[],
  reference: readonly number[],
  { relative = 1e-9, scale = 1, label = 'series' }: { relative?: number; scale?: number; label?: string } = {},
): void {
  const defined = ours.filter((v) => !Number.isNaN(v));
  expect(defined.length, `${label}: values after warm-up`).toBe(reference.length);
  expect(reference.length, `${label}: a reference to compare`).toBeGreaterThan(0);
  // Our NaNs come first, then only numbers.
  expect(ours.slice(ours.length - defined.length).every((v) => !Number.isNaN(v)), `${label}: no NaN after warm-up`).toBe(true);
  let worst = 0;
  let at = -1;
  for (let i = 0; i < reference.length; i++) {
    const error = Math.abs(defined[i]! - reference[i]!) / Math.max(Math.abs(reference[i]!), scale);
    if (!(error <= worst)) {
      worst = error;
      at = i;
    }
  }
  expect(worst, `${label}: worst relative error at ${at} (ours ${defined[at]}, reference ${reference[at]})`).toBeLessThanOrEqual(relative);
}
