import { describe, expect, it } from 'vitest';
import type { StrategyBody } from '../../../contract/signals/strategy-body';
import { runKernel, type KernelJob } from '../../../server/domain/signals/backtestThread/kernelJob';
import { runKernelInWorker } from '../../../server/domain/signals/backtestThread/runInWorker';

/* The backtest kernel in a worker thread gives exactly the in-thread result, and stops on abort. */

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 5);
const BODY = {
  version: 1,
  indicators: {},
  rules: [
    { name: 'above', when: ['gt', 'close', 100], score: 60 },
    { name: 'below', when: ['lt', 'close', 95], score: -60 },
  ],
  entry: 50,
  exit: -50,
} as unknown as StrategyBody;

function job(hours: number): KernelJob {
  const closes = Array.from({ length: hours }, (_, i) => 100 + 10 * Math.sin(i / 7) + (i % 5));
  return {
    body: BODY,
    symbols: [{ market: 'crypto', symbol: 'BTCUSDT', candles: {
      open_time: closes.map((_, i) => T0 + i * HOUR), open: closes, high: closes.map((c) => c + 1), low: closes.map((c) => c - 1), close: closes, volume: closes.map(() => 1),
    } }],
    initialBalance: 1000,
    feeRate: 0.001,
    positionSize: 1,
    timeframeMs: HOUR,
    from: T0,
    to: T0 + hours * HOUR,
    timezone: 'UTC',
  };
}

describe('backtest kernel in a worker thread', () => {
  it('gives the same outcome as in this thread, with progress', async () => {
    const input = job(2000);
    const here = await runKernel(input);
    let progressed = 0;
    const there = await runKernelInWorker(input, { signal: new AbortController().signal, onProgress: () => progressed++ });
    expect(there).toEqual(here);
    expect(here.trades.length).toBeGreaterThan(0);
    expect(progressed).toBeGreaterThan(0);
  }, 30_000);

  it('stops the thread when the signal aborts', async () => {
    const controller = new AbortController();
    const running = runKernelInWorker(job(200_000), { signal: controller.signal, onProgress: () => controller.abort(new Error('terminated by revoke')) });
    await expect(running).rejects.toThrow('terminated by revoke');
  }, 30_000);

  it('reports a failure of the kernel as an error with its message', async () => {
    await expect(runKernelInWorker({ ...job(10), initialBalance: 0 }, { signal: new AbortController().signal })).rejects.toThrow(/initial balance/);
  }, 30_000);
});
