import type { StrategyBody } from '../../../../contract/signals/strategy-body';
import { utcOffsetMs } from '../../klines/timeZones';
import { runBacktest, type BacktestOutcome, type BacktestSymbol } from '../backtest';
import { compileStrategy } from '../strategy';

/**
 * The CPU-heavy part of a backtest as plain data, so the same run happens in this thread or in a
 * worker thread: the strategy body (compiled where it runs), the candles and the figures.
 */
export interface KernelJob {
  body: StrategyBody;
  symbols: BacktestSymbol[];
  initialBalance: number;
  feeRate: number;
  positionSize: number;
  timeframeMs: number;
  from: number;
  to: number;
  timezone: string;
}

export function runKernel(job: KernelJob, options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {}): Promise<BacktestOutcome> {
  return runBacktest({
    symbols: job.symbols,
    strategy: compileStrategy(job.body),
    initialBalance: job.initialBalance,
    feeRate: job.feeRate,
    positionSize: job.positionSize,
    timeframeMs: job.timeframeMs,
    from: job.from,
    to: job.to,
    utcOffsetMs: (instant) => utcOffsetMs(instant, job.timezone),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
}

/** Messages from the worker. */
export type WorkerMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; outcome: BacktestOutcome }
  | { type: 'error'; name: string; message: string };
