import type { z } from 'zod';
import type { Timeframe } from '../../../contract/codes';
import type { CandleColumns } from '../../../contract/market/klines';
import { KLINES_MAX_LIMIT } from '../../../contract/market/klines';
import { TIMEFRAME_MS } from '../../../contract/market/primitives';
import { BacktestRequest, type BacktestResult, type BacktestStarted } from '../../../contract/signals/backtest';
import { ValidationError } from '../errors';
import type { KlinesService } from '../klines/klinesService';
import type { MarketsService } from '../markets/marketsService';
import type { TaskArgsOf, TaskContext, TaskRunner } from '../tasks/taskRunner';
import type { BacktestSymbol } from './backtest';
import { runKernel, type KernelJob } from './backtestThread/kernelJob';
import { runKernelInWorker } from './backtestThread/runInWorker';
import type { Caller, StrategiesService } from './strategiesService';
import { compileStrategy } from './strategy';

type Request = z.output<typeof BacktestRequest>;

/** Share of the progress bar the loading of candles takes; the run takes the rest. */
const LOADING_SHARE = 0.2;

/**
 * `POST /strategy/{id}/backtest` (issue 5): checks the request, then runs the backtest as a
 * `strategy.backtest` task over stored candles — loading them (with warm-up candles before
 * `from`), then the same compiled strategy the live engine runs (`backtest/`), in chunks that
 * report progress and let the server breathe. A range without candles fails the task with a
 * sentence saying so, never an empty success. Deterministic: the same request, the same result.
 */
export function createBacktestTasks(deps: {
  strategies: StrategiesService;
  markets: MarketsService;
  klines: KlinesService;
  tasks: TaskRunner;
  /** Run the kernel in a worker thread (default) or on the event loop (BACKTEST_IN_WORKER=false, the benchmark's baseline). */
  inWorker?: boolean;
}) {
  const { strategies, markets, klines, tasks } = deps;

  /** Every candle of [from, to) of one symbol, oldest first, read in pages. */
  const loadCandles = async (market: string, symbol: string, timeframe: Timeframe, from: number, to: number, signal: AbortSignal): Promise<CandleColumns> => {
    const out: CandleColumns = { open_time: [], open: [], high: [], low: [], close: [], volume: [] };
    let next = from;
    let inclusive = true;
    for (;;) {
      signal.throwIfAborted();
      const page = await klines.read({
        market, symbol, timeframe, from_timestamp: next, to_timestamp: to - 1, from_timestamp_inclusive: inclusive,
        limit: KLINES_MAX_LIMIT, read_from_last: false, latest: false, return_as: 'arrays',
      });
      const c = page.data as CandleColumns;
      for (const key of ['open_time', 'open', 'high', 'low', 'close', 'volume'] as const) for (const v of c[key]) out[key].push(v);
      if (!page.has_more || c.open_time.length === 0) return out;
      next = c.open_time[c.open_time.length - 1]!;
      inclusive = false;
    }
  };

  /** The task's body: everything it needs is in its args (the resolved request), so it runs by name. */
  const run = async (args: TaskArgsOf<'strategy.backtest'>, ctx: TaskContext): Promise<BacktestResult> => {
    const started = performance.now();
    const { strategy_id: strategyId, ...rest } = args;
    const request = BacktestRequest.parse(rest);
    const feeRate = request.fee_rate ?? 0;
    const market = await markets.getMarket(request.market);
    const { version, body } = await strategies.bodyOf(strategyId);
    const compiled = compileStrategy(body);
    const step = TIMEFRAME_MS[request.timeframe];
    const warmFrom = request.from - compiled.warmup * step;
    const symbols: BacktestSymbol[] = [];
    let inRange = 0;
    for (const [i, symbol] of request.symbols.entries()) {
      ctx.progress(Math.round((i / request.symbols.length) * LOADING_SHARE * 1000), 1000, `loading ${symbol}`);
      const candles = await loadCandles(market.name, symbol, request.timeframe, warmFrom, request.to, ctx.signal);
      inRange += candles.open_time.filter((t) => t >= request.from).length;
      symbols.push({ market: market.name, symbol, candles });
    }
    if (inRange === 0) {
      const when = `${new Date(request.from).toISOString()} – ${new Date(request.to).toISOString()}`;
      throw new Error(`No ${request.timeframe} candles of ${request.symbols.join(', ')} between ${when}: back-fill the symbols first (data_update) or choose another range.`);
    }
    const job: KernelJob = {
      body,
      symbols,
      initialBalance: Number(request.initial_balance),
      feeRate,
      positionSize: request.position_size,
      timeframeMs: step,
      from: request.from,
      to: request.to,
      timezone: market.timezone,
    };
    const onProgress = (done: number, total: number) =>
      ctx.progress(Math.round((LOADING_SHARE + (1 - LOADING_SHARE) * (done / Math.max(1, total))) * 1000), 1000, 'running');
    // The kernel is CPU-bound: in a worker thread the API keeps answering while it runs.
    const outcome = deps.inWorker === false ? await runKernel(job, { signal: ctx.signal, onProgress }) : await runKernelInWorker(job, { signal: ctx.signal, onProgress });
    return { strategy_id: strategyId, strategy_version: version, request: { ...request, fee_rate: feeRate }, elapsed_ms: Math.round(performance.now() - started), ...outcome };
  };

  // Not safe to retry: a long run is better started again by its owner than silently repeated.
  tasks.define('strategy.backtest', { retrySafe: false, run });

  return {
    async start(caller: Caller, strategyId: number, request: Request): Promise<BacktestStarted> {
      await strategies.usable(caller, strategyId);
      const market = await markets.getMarket(request.market).catch(() => {
        throw ValidationError.field(['body', 'market'], `unknown market "${request.market}"`, 'unknown_market');
      });
      for (const [i, symbol] of request.symbols.entries()) {
        await markets.getSymbol(market.name, symbol).catch(() => {
          throw ValidationError.field(['body', 'symbols', i], `unknown symbol "${symbol}" in market "${market.name}"`, 'unknown_symbol');
        });
      }
      const feeRate = request.fee_rate ?? Number((await markets.getSetting<number>(market.name, 'fee_rate')) ?? 0);
      const resolved = { ...request, fee_rate: feeRate, position_size: request.position_size };

      const info = await tasks.start('strategy.backtest', { strategy_id: strategyId, ...resolved }, { userId: caller.id });
      return { task_id: info.id, task_name: 'strategy.backtest', state: info.state };
    },
  };
}

export type BacktestTasks = ReturnType<typeof createBacktestTasks>;
