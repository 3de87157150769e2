import type { DataSourceName } from '../../contract/codes';
import type { Candle } from '../../contract/market/klines';
import type { TaskContext } from '../domain/tasks/taskRunner';
import type { KlinesService, KlineWrite } from '../domain/klines/klinesService';
import type { KlinesRepository } from '../store/repositories/klines';
import type { MarketSource, SourceMarket } from './source';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Rows per write: large enough for bulk speed, small enough to bound memory and lock time. */
const BATCH_ROWS = 20_000;

/**
 * A source's history (the simulated one above all) can be produced without any I/O, and awaiting
 * it only queues microtasks, which never let the event loop serve a request. Waiting for a macrotask
 * between batches keeps HTTP and sockets answering during a long back-fill.
 */
const letOthersRun = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface BackfillRequest {
  market: SourceMarket;
  source: MarketSource;
  symbols: readonly string[];
  /** History depth, in days back from now. */
  days: number;
  /** Explicit window (market.backfill's `from`/`to`); otherwise `days` back from now. */
  from?: number;
  to?: number;
  /** Start from the newest stored candle instead of the window start (restarts, data_update). */
  resume: boolean;
}

export interface BackfillResult {
  market: string;
  source: DataSourceName;
  symbols: number;
  inserted: number;
  updated: number;
  unchanged: number;
}

/**
 * Fetches closed candles of the source's finest timeframe for each symbol and writes them in bulk
 * through the klines service. Idempotent: a restart resumes from the newest stored candle and any
 * candle written twice is an upsert, never a duplicate.
 */
export async function backfill(
  deps: { klines: KlinesService; repo: KlinesRepository; now?: () => number },
  request: BackfillRequest,
  task: TaskContext,
): Promise<BackfillResult> {
  const now = (deps.now ?? Date.now)();
  const { market, source } = request;
  const timeframe = source.finestTimeframe;
  const windowStart = request.from ?? Math.floor((now - request.days * DAY) / MINUTE) * MINUTE;
  const windowEnd = request.to ?? now;
  const result: BackfillResult = { market: market.name, source: source.name, symbols: 0, inserted: 0, updated: 0, unchanged: 0 };
  let pending: KlineWrite[] = [];

  const flush = async () => {
    if (pending.length === 0) return;
    const counts = await deps.klines.insert(pending);
    pending = [];
    await letOthersRun();
    result.inserted += counts.inserted;
    result.updated += counts.updated;
    result.unchanged += counts.unchanged;
  };
  const toRow = (symbol: string, c: Candle): KlineWrite => ({
    market: market.name,
    symbol,
    source: source.name,
    timeframe,
    open_time: c.open_time,
    open: c.open,
    high: c.high,
    low: c.low,
    close: c.close,
    volume: c.volume,
  });

  task.progress(0, request.symbols.length, `${market.name}: starting`);
  for (const [i, symbol] of request.symbols.entries()) {
    if (task.signal.aborted) break;
    let from = windowStart;
    if (request.resume) {
      const key = { market: market.name, symbol, source: source.name, timeframe };
      const newest = await deps.repo.newestBefore(key, windowEnd + 1);
      // The newest stored candle is fetched again: it may have been stored while still forming.
      if (newest !== null) from = Math.max(from, Number(newest));
    }
    for await (const chunk of source.fetchHistory({ market, symbol, timeframe, from, to: windowEnd, signal: task.signal })) {
      for (const c of chunk) pending.push(toRow(symbol, c));
      if (pending.length >= BATCH_ROWS) await flush();
      else await letOthersRun();
    }
    result.symbols += 1;
    task.progress(i + 1, request.symbols.length, `${market.name}: ${symbol}`);
  }
  await flush();
  return result;
}
