import type { SymbolSimulation } from './simulation';

/** The account as a whole: point 0 is the start, then one point per distinct candle close. */
export interface CombinedCurve {
  times: Float64Array;
  equity: Float64Array;
  buyAndHold: Float64Array;
}

/**
 * Adds the symbols' accounts up over the union of their candle close times. A symbol without a
 * candle at a time counts with its last value (its untouched share before its first candle), so
 * symbols with gaps or later listings combine without inventing prices. One symbol's curve is
 * already the account's.
 */
export function combineCurves(runs: readonly SymbolSimulation[]): CombinedCurve {
  if (runs.length === 1) return runs[0]!;
  const capacity = 1 + runs.reduce((n, run) => n + run.length, 0);
  const times = new Float64Array(capacity);
  const equity = new Float64Array(capacity);
  const buyAndHold = new Float64Array(capacity);
  times[0] = Math.min(...runs.map((run) => run.times[0]!));
  const cursor = new Int32Array(runs.length).fill(1);
  const lastEquity = Float64Array.from(runs, (run) => run.equity[0]!);
  const lastHold = Float64Array.from(runs, (run) => run.buyAndHold[0]!);
  equity[0] = lastEquity.reduce((a, b) => a + b, 0);
  buyAndHold[0] = equity[0];
  let n = 1;
  for (;;) {
    let t = Infinity;
    for (let s = 0; s < runs.length; s++) {
      const run = runs[s]!;
      const i = cursor[s]!;
      if (i <= run.length && run.times[i]! < t) t = run.times[i]!;
    }
    if (t === Infinity) break;
    let e = 0;
    let h = 0;
    for (let s = 0; s < runs.length; s++) {
      const run = runs[s]!;
      const i = cursor[s]!;
      if (i <= run.length && run.times[i] === t) {
        lastEquity[s] = run.equity[i]!;
        lastHold[s] = run.buyAndHold[i]!;
        cursor[s] = i + 1;
      }
      e += lastEquity[s]!;
      h += lastHold[s]!;
    }
    times[n] = t;
    equity[n] = e;
    buyAndHold[n] = h;
    n++;
  }
  return { times: times.subarray(0, n), equity: equity.subarray(0, n), buyAndHold: buyAndHold.subarray(0, n) };
}
