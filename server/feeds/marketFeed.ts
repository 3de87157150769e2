import type { FastifyBaseLogger } from 'fastify';
import type { ServiceStatus } from '../../contract/codes';
import type { KlinesService } from '../domain/klines/klinesService';
import type { Bus } from '../live/bus';
import type { KlinesRepository } from '../store/repositories/klines';
import { createLiveBook } from './liveBook';
import { klineTopic, priceTopic, type PriceBatch } from './priceHub';
import type { LiveCandle, LiveSubscription, MarketSource, SourceMarket, Tick } from './source';

const DAY = 86_400_000;

/** Told when the feed fails on its own; the service manager restarts it with backoff. */
export type FeedFailureListener = (error: Error) => void;

/**
 * One market's live feed: follows the source's ticks and closing candles, keeps the live book,
 * stores candles as they close and publishes coalesced price batches on the bus. Also the
 * `market-feed:<market>` service's figures. A failure closes the source's stream and is reported
 * to the failure listeners (the service manager), which restart the feed: one place for backoff.
 */
export function createMarketFeed(deps: {
  market: SourceMarket;
  symbols: string[];
  source: MarketSource;
  intervalMs: number;
  klines: KlinesService;
  repo: KlinesRepository;
  bus: Bus;
  log: FastifyBaseLogger;
}) {
  const { market, source, intervalMs, bus, log } = deps;
  const book = createLiveBook();
  const symbols = new Set(deps.symbols);
  let subscription: LiveSubscription | undefined;
  let status: ServiceStatus = 'stopped';
  let startedAt: string | null = null;
  let lastError: { message: string; at: string } | null = null;
  let lastTickAt: number | null = null;
  const failureListeners = new Set<FeedFailureListener>();
  let publishTimer: NodeJS.Timeout | undefined;
  let lastPublish = 0;
  const changed = new Set<string>();
  /** Tick counts per second for the last few seconds: the status's ticks per second. */
  const tickSeconds = new Map<number, number>();
  let writes: Promise<void> = Promise.resolve();

  const publish = () => {
    publishTimer = undefined;
    if (changed.size === 0) return;
    lastPublish = Date.now();
    const data = [...changed].flatMap((symbol) => book.price(symbol, lastPublish) ?? []);
    changed.clear();
    const batch: PriceBatch = { market: market.name, source: source.name, timestamp: lastPublish, data };
    bus.publish(priceTopic(market.name), batch).catch((error: unknown) => log.warn({ err: error }, 'could not publish prices'));
  };

  /** Leading-edge throttle: a batch goes out at once, then at most one per interval. */
  const schedulePublish = () => {
    if (publishTimer) return;
    const wait = lastPublish + intervalMs * 0.9 - Date.now();
    if (wait <= 0) publish();
    else publishTimer = setTimeout(publish, wait);
  };

  const onTicks = (ticks: Tick[]) => {
    lastTickAt = Date.now();
    const second = Math.floor(lastTickAt / 1000);
    tickSeconds.set(second, (tickSeconds.get(second) ?? 0) + ticks.length);
    for (const s of tickSeconds.keys()) if (s < second - 5) tickSeconds.delete(s);
    for (const symbol of book.applyTicks(ticks.filter((t) => symbols.has(t.symbol)))) changed.add(symbol);
    schedulePublish();
  };

  const onCandleClose = (candles: LiveCandle[]) => {
    const rows = candles
      .filter((c) => symbols.has(c.symbol) && c.timeframe === source.finestTimeframe)
      .map(({ symbol, timeframe, open_time, open, high, low, close, volume }) => ({
        market: market.name,
        symbol,
        source: source.name,
        timeframe,
        open_time,
        open,
        high,
        low,
        close,
        volume,
      }));
    if (rows.length === 0) return;
    for (const row of rows) book.closeCandle(row.symbol, row);
    // Serialised, so candles are stored in order and stop() can wait for the last write.
    writes = writes
      .then(async () => {
        await deps.klines.insert(rows);
        await bus.publish(klineTopic(market.name), { market: market.name, source: source.name, timeframe: source.finestTimeframe, data: rows });
      })
      .catch((error: unknown) => onError(error instanceof Error ? error : new Error(String(error))));
  };

  const onError = (error: Error) => {
    // After a stop (or a first failure) the stream is closed; late reports change nothing.
    if (status !== 'running') return;
    status = 'error';
    lastError = { message: error.message, at: new Date().toISOString() };
    log.warn({ err: error, market: market.name, source: source.name }, 'market feed failed');
    const old = subscription;
    subscription = undefined;
    void old?.close();
    for (const listener of failureListeners) listener(error);
  };

  const connect = () => {
    if (!source.subscribe) return;
    const list = [...symbols].map((name) => ({ name }));
    subscription = source.subscribe({ market, symbols: list, intervalMs }, { onTicks, onCandleClose, onError });
  };

  /** Ticks per second over the last five whole seconds; none while not running. */
  const ticksPerSecond = () => {
    if (status !== 'running') return 0;
    const now = Math.floor(Date.now() / 1000);
    let ticks = 0;
    for (const [second, count] of tickSeconds) if (second >= now - 5 && second < now) ticks += count;
    return Math.round((ticks / 5) * 10) / 10;
  };

  /** Loads the last 24 h of stored candles into the book (at start, and after a back-fill). */
  const reseed = async () => {
    const now = Date.now();
    for (const symbol of symbols) {
      const key = { market: market.name, symbol, source: source.name, timeframe: source.finestTimeframe };
      book.seed(symbol, await deps.repo.readRange(key, { from: now - DAY, to: now, order: 'asc', limit: 10_000 }));
    }
  };

  return {
    market: market.name,
    source: source.name,
    book,
    reseed,
    async start() {
      await reseed();
      status = 'running';
      startedAt = new Date().toISOString();
      connect();
    },
    async stop() {
      status = 'stopped';
      clearTimeout(publishTimer);
      publishTimer = undefined;
      changed.clear();
      await subscription?.close();
      subscription = undefined;
      await writes;
    },
    /** Follows more symbols (a symbol added to the list, init_new_symbol). */
    add(names: string[]) {
      const fresh = names.filter((n) => !symbols.has(n));
      for (const n of fresh) symbols.add(n);
      if (fresh.length > 0) subscription?.add(fresh.map((name) => ({ name })));
    },
    remove(names: string[]) {
      for (const n of names) {
        symbols.delete(n);
        book.forget(n);
      }
      subscription?.remove(names);
    },
    symbols: () => [...symbols],
    /** The `market-feed:<market>` service's figures; `clients` comes from the price hub. */
    status(clients: number) {
      return {
        name: `market-feed:${market.name}`,
        kind: 'market-feed' as const,
        market: market.name,
        status,
        started_at: status === 'stopped' ? null : startedAt,
        last_error: lastError,
        data: {
          source: source.name,
          symbols: symbols.size,
          interval_ms: intervalMs,
          ticks_per_second: ticksPerSecond(),
          clients,
          last_tick_at: lastTickAt === null ? null : new Date(lastTickAt).toISOString(),
        },
      };
    },
    /** Reports the feed's own failures (a dropped stream, a failed write); returns the removal. */
    onFailure(listener: FeedFailureListener): () => void {
      failureListeners.add(listener);
      return () => void failureListeners.delete(listener);
    },
  };
}

export type MarketFeed = ReturnType<typeof createMarketFeed>;
