/**
 * How responsive the API stays while a large backtest runs: the latency (p50/p99) of a cheap HTTP
 * call (`GET /api/core/utility/get_time/`… the server's time) while the backtest kernel runs on the event
 * loop (in-thread) versus in a worker thread, side by side. Run: `npx tsx bench/taskWorker.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StrategyBody } from '../contract/signals/strategy-body';
import { loadConfig } from '../server/config';
import { startServer } from '../server/server';
import { runKernel, type KernelJob } from '../server/domain/signals/backtestThread/kernelJob';
import { runKernelInWorker } from '../server/domain/signals/backtestThread/runInWorker';

const MIN = 60_000;
const CANDLES = Number(process.env.CANDLES ?? 1_000_000);
const SYMBOLS = Number(process.env.SYMBOLS ?? 4);
const BODY = {
  version: 1,
  indicators: { fast: { type: 'sma', source: 'close', period: 20 }, slow: { type: 'sma', source: 'close', period: 80 } },
  rules: [
    { name: 'up', when: ['gt', 'fast', 'slow'], score: 60 },
    { name: 'down', when: ['lt', 'fast', 'slow'], score: -60 },
  ],
  entry: 50,
  exit: -50,
} as unknown as StrategyBody;

function bigJob(): KernelJob {
  const t0 = Date.UTC(2025, 0, 1);
  const symbols = Array.from({ length: SYMBOLS }, (_, s) => {
    const close = Array.from({ length: CANDLES }, (_, i) => 100 + 20 * Math.sin((i + s * 97) / 500) + 3 * Math.sin(i / 13));
    return {
      market: 'crypto',
      symbol: `SYM${s}`,
      candles: { open_time: close.map((_, i) => t0 + i * MIN), open: close, high: close.map((c) => c + 0.5), low: close.map((c) => c - 0.5), close, volume: close.map(() => 1) },
    };
  });
  return { body: BODY, symbols, initialBalance: 10_000, feeRate: 0.001, positionSize: 1, timeframeMs: MIN, from: t0, to: t0 + CANDLES * MIN, timezone: 'UTC' };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Calls the cheap endpoint back to back until `done` settles; returns the latencies (ms). */
async function probe(url: string, work: () => Promise<unknown>): Promise<{ latencies: number[]; runMs: number }> {
  const latencies: number[] = [];
  let finished = false;
  let runMs = 0;
  // Started on the next turn, after the first call is on its way.
  const done = new Promise((r) => setImmediate(r)).then(async () => {
    const started = performance.now();
    await work();
    runMs = performance.now() - started;
    finished = true;
  });
  while (!finished) {
    const t = performance.now();
    await (await fetch(`${url}/api/core/utility/get_time/`)).text();
    latencies.push(performance.now() - t);
  }
  await done;
  return { latencies: latencies.sort((a, b) => a - b), runMs };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bs-bench-tasks-'));
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', FIRST_SUPERUSER: 'bench@bazaar.test', FIRST_SUPERUSER_PASSWORD: 'bench-password-1', FEED_ENABLED: 'false', SEED_DEMO: 'false', STATIC_DIR: join(dataDir, 'none') });
  const server = await startServer(config);
  try {
    const job = bigJob();
    // Warm both paths once (JIT, the worker's loader) on a small job.
    const head = (values: ArrayLike<number>) => Array.from(values).slice(0, 2000);
    const small = { ...job, symbols: job.symbols.map((s) => ({ ...s, candles: { open_time: head(s.candles.open_time), open: head(s.candles.open), high: head(s.candles.high), low: head(s.candles.low), close: head(s.candles.close), volume: head(s.candles.volume) } })) };
    await runKernel(small);
    await runKernelInWorker(small, { signal: new AbortController().signal });

    const idle = await probe(server.url, () => new Promise((r) => setTimeout(r, 2000)));
    const inThread = await probe(server.url, () => runKernel(job));
    const inWorker = await probe(server.url, () => runKernelInWorker(job, { signal: new AbortController().signal }));

    const rows = [
      ['idle', idle],
      ['backtest in-thread', inThread],
      ['backtest in worker', inWorker],
    ] as const;
    console.log(`GET /api/core/utility/get_time/ latency while a backtest of ${SYMBOLS} × ${CANDLES.toLocaleString('en')} 1m candles runs\n`);
    console.log('case                  calls   p50 ms   p99 ms   max ms   backtest s');
    for (const [label, r] of rows) {
      const l = r.latencies;
      console.log(
        `${label.padEnd(20)} ${String(l.length).padStart(6)} ${pct(l, 50).toFixed(1).padStart(8)} ${pct(l, 99).toFixed(1).padStart(8)} ${(l.at(-1) ?? NaN).toFixed(1).padStart(8)} ${label === 'idle' ? '         -' : (r.runMs / 1000).toFixed(1).padStart(12)}`,
      );
    }
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
