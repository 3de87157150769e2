import type { FastifyBaseLogger } from 'fastify';
import type { DataSourceName } from '../../contract/codes';
import type { LiveSnapshotItem } from '../../contract/market/live';
import type { DataUpdateBody, InitNewSymbolBody, Market } from '../../contract/market/markets';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Store } from '../store/database';
import type { Bus } from '../live/bus';
import type { KlinesService } from '../domain/klines/klinesService';
import type { MarketsService } from '../domain/markets/marketsService';
import type { TaskInfo } from '../../contract/system/tasks';
import type { StartOptions, TaskContext, TaskRunner } from '../domain/tasks/taskRunner';
import { ValidationError } from '../domain/errors';
import { createKlinesRepository } from '../store/repositories/klines';
import { backfill, type BackfillRequest } from './backfill';
import { createLiveBook } from './liveBook';
import { createMarketFeed, type MarketFeed } from './marketFeed';
import { createPriceHub, type PriceHub } from './priceHub';
import { createSimulatedSource } from './simulated/simulatedSource';
import type { MarketSource } from './source';
import { toSourceMarket } from './sourceMarket';

const DEFAULT_INTERVAL_MS = 1000;
const DAY = 86_400_000;

/**
 * Starts and stops the market data sources of every active market (issue 4): a live feed per
 * market, the first back-fill as a background task, the admin's back-fill and update tasks, and
 * the price hubs the live_price sockets attach to.
 */
export function createFeedManager(deps: {
  config: Config;
  store: Store;
  bus: Bus;
  markets: MarketsService;
  klines: KlinesService;
  tasks: TaskRunner;
  log: FastifyBaseLogger;
  /**
   * Scaled out (issue 9): start() boots no market; in a feed process each one runs while it holds
   * the market's lease (startMarket / stopMarket, called by server/roles/leadership.ts), and the
   * other roles run none (they still define the feed tasks and serve live_price from the bus).
   */
  leased?: boolean;
}) {
  const { config, bus, markets, klines, tasks, log } = deps;
  const repo = createKlinesRepository(deps.store);
  const sources = new Map<DataSourceName, MarketSource>([['simulated', createSimulatedSource()]]);
  const feeds = new Map<string, MarketFeed>();
  const hubs = new Map<string, PriceHub>();
  /** Tasks this manager started, so stop() can end them before the store closes. */
  const ownTasks = new Set<string>();
  let booting: Promise<void> | undefined;
  let stopped = false;
  let stopFollowingLists: (() => void) | undefined;

  /** FEED_ENABLED and FEED_BACKFILL_DAYS (config.ts). */
  const enabled = () => config.feedEnabled;
  const backfillDays = () => config.feedBackfillDays;

  /** The market's source for a call: the one named, else its first active one this server has. */
  const pickSource = (market: Market, name?: DataSourceName): MarketSource => {
    if (name) {
      const named = sources.get(name);
      if (!named || !market.sources.includes(name)) {
        throw ValidationError.field(['body', 'source'], `source ${name} is not available for market ${market.name}`);
      }
      return named;
    }
    const found = market.sources.map((s) => sources.get(s)).find((s) => s !== undefined);
    return found ?? sources.get('simulated')!;
  };

  /** Starts one of this manager's tasks; stop() ends them before the store closes. */
  const runTask = async (name: 'market.backfill' | 'market.data_update', args: Record<string, unknown>, options: StartOptions): Promise<TaskInfo> => {
    const info = await tasks.start(name, args, options);
    ownTasks.add(info.id);
    void tasks.wait(info.id).then(() => ownTasks.delete(info.id));
    return info;
  };

  /** Runs a back-fill and refreshes the 24 h figures of a running feed with what was written. */
  const backfillAndReseed = async (req: BackfillRequest, ctx: TaskContext) => {
    const result = await backfill({ klines, repo }, req, ctx);
    const feed = feeds.get(req.market.name);
    if (feed && feed.source === req.source.name) await feed.reseed();
    return result;
  };

  const symbolsOf = async (market: string, named: readonly string[] | undefined) =>
    named ? [...named] : (await markets.activeSymbols(market)).map((s) => s.name);

  // Both are safe to retry after a crash: writing candles is idempotent (and resumable).
  tasks.define('market.backfill', {
    retrySafe: true,
    async run(args, ctx) {
      const market = await markets.getMarket(args.market);
      return backfillAndReseed(
        {
          market: toSourceMarket(market),
          source: pickSource(market, args.source),
          symbols: await symbolsOf(market.name, args.symbols),
          // An explicit window (init_new_symbol's) is fetched whole; the first back-fill resumes.
          days: args.from === undefined ? backfillDays() : Math.max(1, Math.ceil((Date.now() - args.from) / DAY)),
          ...(args.from !== undefined ? { from: args.from } : {}),
          ...(args.to !== undefined ? { to: args.to } : {}),
          resume: args.from === undefined,
        },
        ctx,
      );
    },
  });

  tasks.define('market.data_update', {
    retrySafe: true,
    async run(args, ctx) {
      const market = await markets.getMarket(args.market);
      const type = args.data_type ?? 'klines';
      // `symbols` asks the source for symbol details; the simulated source has none to give.
      const days = type === 'symbols' ? 0 : Math.max(1, backfillDays());
      const symbols = days === 0 ? [] : await symbolsOf(market.name, args.symbols);
      return backfillAndReseed({ market: toSourceMarket(market), source: pickSource(market, args.source), symbols, days, resume: type === 'klines' }, ctx);
    },
  });

  /** Gap repair: every active market's window fetched again, one market at a time. */
  tasks.scheduler.every({
    label: 'gap repair',
    everyMs: () => config.gapRepairIntervalMs,
    async tick() {
      for (const market of (await markets.listMarkets()).filter((m) => m.is_active)) {
        if (stopped) return;
        const info = await tasks.start('market.data_update', { market: market.name, data_type: 'gaps' }, { preventConcurrent: true, userId: null });
        await tasks.wait(info.id);
      }
    },
  });

  const liveInterval = async (market: string) => {
    const value = await markets.getSetting<number>(market, 'live_interval_ms');
    return typeof value === 'number' && Number.isFinite(value) ? Math.min(60_000, Math.max(100, value)) : DEFAULT_INTERVAL_MS;
  };

  /** A market's live feed (so prices move within seconds), then its back-fill task. */
  const bootMarket = async (market: Market) => {
    const source = pickSource(market);
    const symbols = (await markets.activeSymbols(market.name)).map((s) => s.name);
    if (source.subscribe) {
      const feed = createMarketFeed({
        market: toSourceMarket(market),
        symbols,
        source,
        intervalMs: await liveInterval(market.name),
        klines,
        repo,
        bus,
        log,
      });
      feeds.set(market.name, feed);
      await feed.start();
    }
    // Resumes from the newest stored candle: after a takeover it fills what the old leader missed.
    const days = backfillDays();
    if (days > 0 && symbols.length > 0) {
      await runTask('market.backfill', { market: market.name }, { userId: null });
    }
  };

  /** Every active market, one after the other (one process, or ROLE=all without Redis). */
  const boot = async () => {
    const active = (await markets.listMarkets()).filter((m) => m.is_active);
    for (const market of active) {
      if (stopped) return;
      await bootMarket(market);
    }
  };

  /** Per market, its start and stop steps in order: a lease won and lost quickly never overlaps them. */
  const marketSteps = new Map<string, Promise<unknown>>();
  const inOrder = (market: string, step: () => Promise<void>): Promise<void> => {
    const next = (marketSteps.get(market) ?? Promise.resolve()).then(step);
    marketSteps.set(market, next.catch(() => undefined));
    return next;
  };

  /**
   * An admin's edit of a market's symbols list (a symbol added, activated or deactivated) takes
   * effect on its live feed at once: newly active symbols are followed, inactive ones dropped.
   */
  const followListEdits = () =>
    markets.onListChange(async (change) => {
      const feed = feeds.get(change.market);
      if (!feed || change.list !== 'symbols' || stopped) return;
      const active = new Set((await markets.activeSymbols(change.market)).map((s) => s.name));
      const followed = feed.symbols();
      feed.add([...active].filter((name) => !followed.includes(name)));
      feed.remove(followed.filter((name) => !active.has(name)));
    });

  const hub = (market: string): PriceHub => {
    let h = hubs.get(market);
    if (!h) hubs.set(market, (h = createPriceHub({ market, bus, onError: (err) => log.debug({ err }, 'live_price send failed') })));
    return h;
  };

  return {
    /** Returns at once: feeds and back-fill start in the background, never delaying start-up. */
    async start() {
      if (!enabled() || booting) return;
      stopped = false;
      stopFollowingLists ??= followListEdits();
      if (deps.leased) {
        booting = Promise.resolve();
        return;
      }
      booting = boot().catch((error: unknown) => log.error({ err: error }, 'market feeds could not start'));
    },

    async stop() {
      stopped = true;
      stopFollowingLists?.();
      stopFollowingLists = undefined;
      await booting;
      booting = undefined;
      await Promise.all([...marketSteps.values()]);
      await Promise.all([...ownTasks].map((id) => tasks.revoke(id, true)));
      await Promise.all([...ownTasks].map((id) => tasks.wait(id)));
      await Promise.all([...feeds.values()].map((f) => f.stop()));
      feeds.clear();
      await Promise.all([...hubs.values()].map((h) => h.stop()));
      hubs.clear();
    },

    /**
     * Starts one market's feed (this process just became its leader). Waits for the live feed;
     * the back-fill runs as a task. Nothing happens when feeds are off or already running here.
     */
    startMarket: (name: string) =>
      inOrder(name, async () => {
        if (!enabled() || stopped || feeds.has(name)) return;
        const market = await markets.getMarket(name);
        if (!market.is_active) return;
        await bootMarket(market);
      }),

    /** Stops one market's feed at once (its lease was lost); its back-fill task, if any, goes on elsewhere. */
    stopMarket: (name: string) =>
      inOrder(name, async () => {
        const feed = feeds.get(name);
        if (!feed) return;
        feeds.delete(name);
        await feed.stop();
      }),

    /** Adds a source implementation (binance, csv, irproxy) under its name. */
    registerSource(source: MarketSource) {
      sources.set(source.name, source);
    },

    /** `init_new_symbol`: back-fill one listed symbol and follow it live. NotFound for unknown ones. */
    async initNewSymbol(marketName: string, body: z.output<typeof InitNewSymbolBody>, userId: number | null): Promise<TaskInfo> {
      const market = await markets.getMarket(marketName);
      await markets.getSymbol(marketName, body.symbol);
      const source = pickSource(market, body.source);
      const info = await runTask(
        'market.backfill',
        { market: market.name, source: source.name, symbols: [body.symbol], from: Math.floor((Date.now() - body.backfill_days * DAY) / 60_000) * 60_000 },
        { userId },
      );
      const feed = feeds.get(market.name);
      if (feed && feed.source === source.name) feed.add([body.symbol]);
      return info;
    },

    /** `data_update`: new candles since the last stored (`klines`) or the whole window again (`gaps`). */
    async dataUpdate(marketName: string, body: z.output<typeof DataUpdateBody>, userId: number | null): Promise<TaskInfo> {
      const market = await markets.getMarket(marketName);
      const source = pickSource(market, body.source);
      // Unknown symbols answer 404 now rather than failing the task later.
      for (const symbol of body.symbols ?? []) await markets.getSymbol(marketName, symbol);
      const args = {
        market: market.name,
        source: source.name,
        data_type: body.data_type,
        ...(body.timeframes ? { timeframes: body.timeframes } : {}),
        ...(body.symbols ? { symbols: body.symbols } : {}),
      };
      return runTask('market.data_update', args, { userId });
    },

    /** The price hub of a market (created on first use; the caller has checked the market exists). */
    hub,

    /** A live_price snapshot: from the running feed's book, else from stored candles. */
    async snapshot(marketName: string, symbols: readonly string[]): Promise<LiveSnapshotItem[]> {
      const feed = feeds.get(marketName);
      const market = await markets.getMarket(marketName);
      const source = feed ? sources.get(feed.source)! : pickSource(market);
      const book = feed?.book ?? createLiveBook();
      const now = Date.now();
      // A symbol the feed has no tick of yet (just listed or reactivated) starts from its stored day.
      for (const symbol of symbols) {
        if (book.price(symbol, now)) continue;
        const key = { market: marketName, symbol, source: source.name, timeframe: source.finestTimeframe };
        book.seed(symbol, await repo.readRange(key, { from: now - DAY, to: now, order: 'asc', limit: 10_000 }));
      }
      return book.snapshot(symbols, now);
    },

    /** The source a market's prices come from (what `params.source` says). */
    async sourceOf(marketName: string): Promise<DataSourceName> {
      return feeds.get(marketName)?.source ?? pickSource(await markets.getMarket(marketName)).name;
    },

    /** `market-feed:<market>` services, for the admin's service manager. */
    services() {
      return [...feeds.values()].map((f) => f.status(hubs.get(f.market)?.stats().clients ?? 0));
    },

    /** The running feed of a market, if any (service commands, tests). */
    feed: (market: string) => feeds.get(market),
  };
}

export type FeedManager = ReturnType<typeof createFeedManager>;
