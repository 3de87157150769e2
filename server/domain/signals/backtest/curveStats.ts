import type { CombinedCurve } from './combine';

export const YEAR_MS = 365 * 86_400_000;

export interface CurveStats {
  /** Deepest fall from a peak, as a positive fraction. */
  maxDrawdown: number;
  sharpe: number | null;
  sortino: number | null;
  /** Fall from the highest equity so far (≤ 0) at each of the requested points, in their order. */
  drawdownAt: Float64Array;
}

/**
 * Drawdown, Sharpe and Sortino of the account's equity in one pass over its points (per-candle
 * returns). Risk-free rate 0; annualised by the candles in a 365-day year, √(year / timeframe).
 * Sharpe uses the sample standard deviation (n − 1); Sortino the downside deviation
 * √(Σ min(r, 0)² / n) over all n returns. Sharpe is null when returns do not vary (no trades),
 * Sortino when none is negative. `points` (ascending) are where the caller wants drawdowns.
 */
export function curveStats(curve: CombinedCurve, timeframeMs: number, points: readonly number[]): CurveStats {
  const equity = curve.equity;
  const n = equity.length;
  const drawdownAt = new Float64Array(points.length);
  let next = 0;
  let peak = -Infinity;
  let maxDrawdown = 0;
  let sum = 0;
  let squares = 0;
  let downside = 0;
  let losing = 0;
  let previous = NaN;
  for (let i = 0; i < n; i++) {
    const e = equity[i]!;
    if (e > peak) peak = e;
    const drawdown = e < peak ? e / peak - 1 : 0;
    if (-drawdown > maxDrawdown) maxDrawdown = -drawdown;
    if (i === points[next]) drawdownAt[next++] = drawdown;
    if (i > 0) {
      const r = e / previous - 1;
      sum += r;
      squares += r * r;
      if (r < 0) {
        downside += r * r;
        losing++;
      }
    }
    previous = e;
  }
  const count = n - 1;
  const annualise = Math.sqrt(YEAR_MS / timeframeMs);
  const mean = count > 0 ? sum / count : 0;
  // Σr² − n·mean² is safe here: per-candle returns are small and their mean smaller still.
  const variance = count > 1 ? Math.max(0, (squares - count * mean * mean) / (count - 1)) : 0;
  const sd = Math.sqrt(variance);
  const sharpe = sd > 0 ? (mean / sd) * annualise : null;
  const downsideDeviation = count > 0 ? Math.sqrt(downside / count) : 0;
  const sortino = losing > 0 && downsideDeviation > 0 ? (mean / downsideDeviation) * annualise : null;
  return { maxDrawdown, sharpe, sortino, drawdownAt };
}
