import type { BacktestMetrics, BacktestResult } from '../../../contract/signals/backtest';

/**
 * Previous backtest runs, kept in the browser (`ui.backtest.runs` through the ui actor) for
 * comparison: what was asked, the metrics, and the equity curve thinned to a few hundred points,
 * so ten runs stay far below the storage quota.
 */

export const HISTORY_ID = 'backtest.runs';
export const MAX_RUNS = 10;
export const CURVE_POINTS = 200;

export interface SavedRun {
  id: string;
  savedAt: number;
  strategyId: number;
  strategyName: string;
  strategyVersion: number;
  market: string;
  symbols: string[];
  timeframe: string;
  from: number;
  to: number;
  metrics: BacktestMetrics;
  /** [time, return since the start as a fraction]. */
  curve: [number, number][];
}

/** Every `step`-th point and always the last, at most `max` points. */
export function thin<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)]!);
}

export function toSavedRun(result: BacktestResult, strategyName: string, id: string, savedAt: number): SavedRun {
  const initial = Number(result.request.initial_balance);
  return {
    id,
    savedAt,
    strategyId: result.strategy_id,
    strategyName,
    strategyVersion: result.strategy_version,
    market: result.request.market,
    symbols: result.request.symbols,
    timeframe: result.request.timeframe,
    from: result.request.from,
    to: result.request.to,
    metrics: result.metrics,
    curve: thin(result.equity_curve, CURVE_POINTS).map((p) => [p.timestamp, initial > 0 ? Number(p.equity) / initial - 1 : 0]),
  };
}

/** Newest first, one entry per id, at most MAX_RUNS. */
export function addRun(runs: readonly SavedRun[], run: SavedRun): SavedRun[] {
  return [run, ...runs.filter((r) => r.id !== run.id)].slice(0, MAX_RUNS);
}

/** What storage held, if it still looks like saved runs (an older version's junk is dropped). */
export function readRuns(value: unknown): SavedRun[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (run): run is SavedRun =>
      !!run && typeof run === 'object' && typeof run.id === 'string' && Array.isArray(run.curve) && typeof run.metrics === 'object' && run.metrics !== null && Array.isArray(run.symbols),
  );
}
