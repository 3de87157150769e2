import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Timeframe } from '../../contract/codes';
import type { z } from 'zod';
import type { ScoreLiveMessage } from '../../contract/live/appSocket';
import type { CandleColumns } from '../../contract/market/klines';
import { KLINES_MAX_LIMIT } from '../../contract/market/klines';
import { TIMEFRAME_MS } from '../../contract/market/primitives';
import type { Notification } from '../../contract/notifications/schemas';
import type { Score, Signal } from '../../contract/signals/scores';
import { createBucketer, type Bucketer } from '../domain/klines/buckets';
import type { KlinesService } from '../domain/klines/klinesService';
import type { MarketsService } from '../domain/markets/marketsService';
import { compileStrategy, detectSignal, type CompiledStrategy, type Scorer } from '../domain/signals/strategy';
import { klineTopic } from '../feeds/priceHub';
import { topics, type Bus, type Unsubscribe } from '../live/bus';
import type { Database } from '../store/schema';
import { scoresRepository } from '../store/repositories/scores';
import type { ScoreWriter } from '../store/repositories/scoreWriter';
import type { ScoresTable } from '../store/schema';
import type { SignalWrite } from '../store/repositories/signals';
import { createCandleCloser, type CandleCloser, type ClosedCandle, type EngineCandle } from './candleCloser';
import { loadScoringPlan, scorerFingerprint, type PlannedSubscription } from './scoringPlan';
import type { SignalOutcome } from './signalOutcome';
import type { Notifier } from '../domain/notifications/notifier';

/** How often the engine re-reads the active subscriptions (edits from any process show up within it). */
export const PLAN_REFRESH_MS = 5_000;
/** How often forming candles whose bucket ended are closed (a session's last bucket, a silent symbol). */
const SWEEP_MS = 15_000;
/** After a restart, candles missed while down are scored up to this many per symbol; older ones are warm-up only. */
export const MAX_CATCH_UP = 500;

/** One symbol under one subscription: its scorer and where it stands. */
interface Slot {
  market: string;
  symbol: string;
  scorer: Scorer;
  /** The total of the last candle fed while ready; NaN before (no signal can cross from nothing). */
  previous: number;
  /** Close time of the last candle fed to the scorer (a candle is never fed twice). */
  fedUntil: number;
}

interface Scored {
  plan: PlannedSubscription;
  compiled: CompiledStrategy;
  fingerprint: string;
  slots: Map<string, Slot>;
}

/** Scores, signals and messages of one pass, written together. */
interface Pass {
  /** Packed: one row per candle close of a symbol under a subscription (total and rules). */
  scores: ScoresTable[];
  signals: { sub: PlannedSubscription; write: SignalWrite }[];
}

type KlineMessage = { market: string; timeframe: string; data: (EngineCandle & { symbol: string })[] };

const symbolKey = (market: string, symbol: string) => `${market}\u0000${symbol}`;

/**
 * The `strategy-engine` service (issue 5): scores every symbol of every active subscription on each
 * close of the subscription's timeframe, stores the scores (total and per rule), pushes `score`
 * messages to the owner, and turns crossings of the entry/exit levels into signals (signalOutcome.ts).
 *
 * Candles come from the feeds' `market:<name>:klines` bus topic (closed 1m candles, stored before
 * they are published), folded into every timeframe in use by `candleCloser.ts`. Scorers live in
 * memory, one per (subscription, symbol), warmed up from stored candles when built; each remembers
 * the last candle it was fed, so a candle is scored once. A restart resumes from the newest stored
 * score of each symbol: the candles missed meanwhile are scored (signals included, recorded once
 * by their unique key), older ones only warm the indicators. Everything runs on one queue, in order.
 */
export function createStrategyEngine(deps: {
  db: Kysely<Database>;
  bus: Bus;
  markets: MarketsService;
  klines: KlinesService;
  outcome: SignalOutcome;
  notifier: Notifier;
  scoreWriter: ScoreWriter;
  log: FastifyBaseLogger;
  /** Re-read the plan this often; tests set it low. */
  refreshMs?: number;
}) {
  const { db, bus, markets, klines, outcome, notifier, scoreWriter, log } = deps;
  const scored = new Map<number, Scored>();
  /** (market, symbol) → the timeframes scored on it and the slots per timeframe. */
  const bySymbol = new Map<string, Map<Timeframe, { sub: Scored; slot: Slot }[]>>();
  const closers = new Map<string, CandleCloser>();
  const marketFeeds = new Map<string, Unsubscribe>();
  const bucketers = new Map<string, Bucketer>();
  const timeZones = new Map<string, string>();
  let queue: Promise<unknown> = Promise.resolve();
  let timers: NodeJS.Timeout[] = [];
  let status: 'running' | 'stopped' | 'error' = 'stopped';
  let startedAt: string | null = null;
  let lastError: string | null = null;
  let stats = { closes: 0, scores: 0, signals: 0, last_pass_ms: 0, last_pass_slots: 0 };

  /** Runs `work` after everything queued before it; a failure is logged and shown, never thrown at the caller. */
  const enqueue = (label: string, work: () => Promise<void>) => {
    const next = queue.then(work).catch((error: unknown) => {
      lastError = `${label}: ${error instanceof Error ? error.message : String(error)}`;
      log.error({ err: error }, `strategy engine: ${label} failed`);
    });
    queue = next;
    return next;
  };

  const timeZoneOf = async (market: string) => {
    let zone = timeZones.get(market);
    if (!zone) timeZones.set(market, (zone = (await markets.getMarket(market)).timezone));
    return zone;
  };
  const bucketer = async (market: string, tf: Timeframe) => {
    const key = `${market}\u0000${tf}`;
    let b = bucketers.get(key);
    if (!b) bucketers.set(key, (b = createBucketer(tf, await timeZoneOf(market))));
    return b;
  };

  /** Feeds one closed candle to a slot; adds its scores (and a signal) to the pass when `store`. */
  const feed = (sub: Scored, slot: Slot, candle: EngineCandle, closeTime: number, pass: Pass | null) => {
    if (closeTime <= slot.fedUntil) return;
    slot.fedUntil = closeTime;
    const { compiled, plan } = sub;
    const total = slot.scorer.update({
      openTime: candle.open_time,
      open: candle.open,
      high: candle.high,
      low: candle.low,
      close: candle.close,
      volume: candle.volume,
    });
    if (!slot.scorer.ready) return;
    const previous = slot.previous;
    slot.previous = total;
    if (!pass) return;
    const rules: Record<string, number> = {};
    compiled.ruleNames.forEach((name, i) => (rules[name] = slot.scorer.ruleScore(i)));
    pass.scores.push({
      subscription_id: plan.id,
      market: slot.market,
      symbol: slot.symbol,
      timestamp: closeTime,
      timeframe: plan.timeframe,
      strategy_id: plan.strategyId,
      strategy_version: plan.strategyVersion,
      strategy_timeframe: plan.timeframe,
      total,
      rules: JSON.stringify(rules),
    });
    const side = Number.isNaN(previous) ? null : detectSignal(previous, total, compiled.entry, compiled.exit);
    if (side) {
      pass.signals.push({
        sub: plan,
        write: {
          user_id: plan.ownerId,
          subscription_id: plan.id,
          strategy_id: plan.strategyId,
          strategy_version: plan.strategyVersion,
          market: slot.market,
          symbol: slot.symbol,
          timeframe: plan.timeframe,
          side,
          score: total,
          level: side === 'buy' ? compiled.entry : compiled.exit,
          price: String(candle.close),
          timestamp: closeTime,
        },
      });
    }
  };

  /** Stores a pass, acts on its signals and tells each owner, one message per subscription and market. */
  const commit = async (pass: Pass) => {
    if (pass.scores.length === 0 && pass.signals.length === 0) return;
    const context = await outcome.prepare(db, pass.signals);
    // One transaction for the whole close: SQLite pays one commit, not one per statement.
    const recorded = await db.transaction().execute(async (trx) => {
      await scoreWriter.write(trx, pass.scores);
      const done: { subscriptionId: number; signal: Signal; notification: Notification }[] = [];
      for (const { sub, write } of pass.signals) {
        const result = await outcome.record(trx, context, sub, write);
        if (result) done.push({ subscriptionId: sub.id, ...result });
      }
      return done;
    });
    // Committed: the portfolio sockets hear of the orders and fills, the owners of their signals.
    await outcome.flush(context);
    for (const { notification } of recorded) await notifier.push(notification, 'created');
    const signals = recorded;
    stats.scores += pass.scores.length;
    stats.signals += signals.length;
    const messages = new Map<string, { owner: number; message: z.infer<typeof ScoreLiveMessage> }>();
    const messageOf = (subscriptionId: number, market: string) => {
      const key = `${subscriptionId}\u0000${market}`;
      let entry = messages.get(key);
      if (!entry) {
        const owner = scored.get(subscriptionId)?.plan.ownerId;
        if (owner === undefined) return undefined;
        entry = { owner, message: { _type: 'score', params: { subscription_id: subscriptionId, market }, data: { scores: [], signals: [] } } };
        messages.set(key, entry);
      }
      return entry.message;
    };
    // Totals only: per-rule scores of a thousand symbols would be most of the message; they are one read away.
    for (const row of pass.scores) {
      const { total, rules: _rules, ...rest } = row;
      messageOf(row.subscription_id, row.market)?.data.scores.push({ ...(rest as Omit<Score, 'score_type' | 'value'>), score_type: 'total', value: total ?? 0 });
    }
    for (const { subscriptionId, signal } of signals) messageOf(subscriptionId, signal.market)?.data.signals.push(signal);
    for (const { owner, message } of messages.values()) await bus.publish(topics.user(owner), message).catch(() => undefined);
  };

  /** Scores the closed candles of one batch (reading partial ones from storage). */
  const scoreClosed = async (closed: ClosedCandle[]) => {
    const started = performance.now();
    const pass: Pass = { scores: [], signals: [] };
    let slots = 0;
    for (const close of closed) {
      const entries = bySymbol.get(symbolKey(close.market, close.symbol))?.get(close.timeframe);
      if (!entries || entries.length === 0) continue;
      let candle: EngineCandle | undefined = close.candle;
      if (close.partial) candle = await storedCandle(close.market, close.symbol, close.timeframe, close.candle.open_time);
      if (!candle) continue;
      stats.closes += 1;
      for (const { sub, slot } of entries) {
        feed(sub, slot, candle, close.closeTime, pass);
        slots += 1;
      }
    }
    await commit(pass);
    if (slots > 0) stats = { ...stats, last_pass_ms: Math.round(performance.now() - started), last_pass_slots: slots };
  };

  const storedCandle = async (market: string, symbol: string, timeframe: Timeframe, openTime: number): Promise<EngineCandle | undefined> => {
    const answer = await klines.read({
      market, symbol, timeframe, from_timestamp: openTime, to_timestamp: openTime, from_timestamp_inclusive: true,
      limit: 1, read_from_last: false, latest: false, return_as: 'arrays',
    });
    const c = answer.data as CandleColumns;
    if (c.open_time.length === 0) return undefined;
    return { open_time: c.open_time[0]!, open: c.open[0]!, high: c.high[0]!, low: c.low[0]!, close: c.close[0]!, volume: c.volume[0]! };
  };

  /**
   * A new slot warmed up from storage. Candles up to its newest stored score only warm it; those
   * after are scored (catch-up after a restart). A symbol never scored before scores its newest
   * closed candle, so the board has a value at once.
   */
  const buildSlot = async (sub: Scored, market: string, symbol: string, history: Map<string, Promise<CandleColumns>>, pass: Pass): Promise<Slot> => {
    const slot: Slot = { market, symbol, scorer: sub.compiled.createScorer(), previous: Number.NaN, fedUntil: 0 };
    const tf = sub.plan.timeframe;
    const key = `${market}\u0000${symbol}\u0000${tf}`;
    let read = history.get(key);
    if (!read) {
      read = klines
        .read({
          market, symbol, timeframe: tf, limit: Math.min(KLINES_MAX_LIMIT, sub.compiled.warmup + MAX_CATCH_UP),
          read_from_last: true, latest: false, return_as: 'arrays', from_timestamp_inclusive: true,
        })
        .then((answer) => answer.data as CandleColumns)
        .catch(() => ({ open_time: [], open: [], high: [], low: [], close: [], volume: [] }));
      history.set(key, read);
    }
    const candles = await read;
    const lastScored = await scoresRepository.lastScoredTime(db, sub.plan.id, market, symbol);
    const b = await bucketer(market, tf);
    const n = candles.open_time.length;
    for (let i = 0; i < n; i++) {
      const closeTime = b.end(candles.open_time[i]!);
      const store = lastScored === null ? i === n - 1 : closeTime > lastScored;
      const candle = { open_time: candles.open_time[i]!, open: candles.open[i]!, high: candles.high[i]!, low: candles.low[i]!, close: candles.close[i]!, volume: candles.volume[i]! };
      feed(sub, slot, candle, closeTime, store ? pass : null);
    }
    return slot;
  };

  /** Follows the plan: new subscriptions and symbols get warmed-up slots, removed ones go. */
  const refresh = async () => {
    const plan = await loadScoringPlan(db);
    const wanted = new Map(plan.map((p) => [p.id, p]));
    for (const id of scored.keys()) if (!wanted.has(id)) scored.delete(id);
    const history = new Map<string, Promise<CandleColumns>>();
    const pass: Pass = { scores: [], signals: [] };
    for (const p of plan) {
      let sub = scored.get(p.id);
      const fingerprint = scorerFingerprint(p);
      if (!sub || sub.fingerprint !== fingerprint) {
        sub = { plan: p, compiled: compileStrategy(p.body), fingerprint, slots: new Map() };
        scored.set(p.id, sub);
      }
      sub.plan = p;
      const keep = new Set(p.symbols.map((s) => symbolKey(s.market, s.symbol)));
      // A slot still warming up was built before its history was stored (a first start back-fills
      // in the background): build it again from what storage holds now.
      for (const [key, slot] of sub.slots) if (!keep.has(key) || !slot.scorer.ready) sub.slots.delete(key);
      for (const { market, symbol } of p.symbols) {
        const key = symbolKey(market, symbol);
        if (!sub.slots.has(key)) sub.slots.set(key, await buildSlot(sub, market, symbol, history, pass));
      }
    }
    await commit(pass);
    reindex();
    await followMarkets();
  };

  const reindex = () => {
    bySymbol.clear();
    for (const sub of scored.values()) {
      for (const [key, slot] of sub.slots) {
        let byTf = bySymbol.get(key);
        if (!byTf) bySymbol.set(key, (byTf = new Map()));
        const list = byTf.get(sub.plan.timeframe) ?? [];
        list.push({ sub, slot });
        byTf.set(sub.plan.timeframe, list);
      }
    }
  };

  /** Listens to the klines of every market scored, and stops listening to the others. */
  const followMarkets = async () => {
    const needed = new Set([...bySymbol.keys()].map((key) => key.split('\u0000')[0]!));
    for (const [market, unsubscribe] of marketFeeds) {
      if (needed.has(market)) continue;
      unsubscribe();
      marketFeeds.delete(market);
      closers.delete(market);
    }
    for (const market of needed) {
      if (marketFeeds.has(market)) continue;
      // Candles that closed before this minute were stored, so a bucket begun earlier is read back from storage.
      closers.set(market, createCandleCloser(market, await timeZoneOf(market), Math.floor(Date.now() / 60_000) * 60_000));
      const unsubscribe = await bus.subscribe(klineTopic(market), (message) => {
        const batch = message as KlineMessage;
        if (batch.timeframe !== '1m' || status !== 'running') return;
        void enqueue('score', () => onMinutes(market, batch.data));
      });
      marketFeeds.set(market, unsubscribe);
    }
  };

  const onMinutes = async (market: string, rows: (EngineCandle & { symbol: string })[]) => {
    const closer = closers.get(market);
    if (!closer) return;
    const closed: ClosedCandle[] = [];
    for (const row of rows) {
      const timeframes = bySymbol.get(symbolKey(market, row.symbol));
      if (timeframes) closed.push(...closer.add(row.symbol, row, timeframes.keys()));
    }
    await scoreClosed(closed);
  };

  const sweep = async () => {
    const closed: ClosedCandle[] = [];
    for (const closer of closers.values()) closed.push(...closer.sweep(Date.now()));
    await scoreClosed(closed);
  };

  /** Every stored candle of [from, now) of one symbol, oldest first, read in pages. */
  const candlesFrom = async (market: string, symbol: string, timeframe: Timeframe, from: number, signal: AbortSignal): Promise<CandleColumns> => {
    const out: CandleColumns = { open_time: [], open: [], high: [], low: [], close: [], volume: [] };
    let next = from;
    let inclusive = true;
    for (;;) {
      signal.throwIfAborted();
      const page = await klines.read({
        market, symbol, timeframe, from_timestamp: next, to_timestamp: Date.now(), from_timestamp_inclusive: inclusive,
        limit: KLINES_MAX_LIMIT, read_from_last: false, latest: false, return_as: 'arrays',
      });
      const c = page.data as CandleColumns;
      for (const key of ['open_time', 'open', 'high', 'low', 'close', 'volume'] as const) for (const v of c[key]) out[key].push(v);
      if (!page.has_more || c.open_time.length === 0) return out;
      next = c.open_time[c.open_time.length - 1]!;
      inclusive = false;
    }
  };

  /**
   * `strategy.recompute_scores`: the chosen active subscriptions' scores from `from` on are
   * computed again from stored candles and replace the stored ones. Signals are not raised again
   * (they were acted on when they happened). Runs on the engine's queue, so live scoring waits;
   * the live scorers are rebuilt after from what is now stored.
   */
  const recompute = async (
    target: { strategyId?: number | undefined; subscriptionId?: number | undefined; from?: number | undefined },
    task: { signal: AbortSignal; progress(current: number, total: number, message?: string | null): void },
  ) => {
    const from = target.from ?? 0;
    const plan = (await loadScoringPlan(db)).filter(
      (p) => (target.subscriptionId === undefined || p.id === target.subscriptionId) && (target.strategyId === undefined || p.strategyId === target.strategyId),
    );
    if (target.subscriptionId !== undefined && plan.length === 0) throw new Error(`Subscription ${target.subscriptionId} is not an active subscription of an active strategy`);
    const total = plan.reduce((n, p) => n + p.symbols.length, 0);
    let done = 0;
    let written = 0;
    const work = async () => {
      for (const p of plan) {
        const compiled = compileStrategy(p.body);
        const step = TIMEFRAME_MS[p.timeframe];
        for (const { market, symbol } of p.symbols) {
          task.progress(done, total, `${p.name}: ${market}/${symbol}`);
          const b = await bucketer(market, p.timeframe);
          const candles = await candlesFrom(market, symbol, p.timeframe, Math.max(0, from - compiled.warmup * step), task.signal);
          const sub: Scored = { plan: p, compiled, fingerprint: '', slots: new Map() };
          const slot: Slot = { market, symbol, scorer: compiled.createScorer(), previous: Number.NaN, fedUntil: 0 };
          const pass: Pass = { scores: [], signals: [] };
          const now = Date.now();
          for (let i = 0; i < candles.open_time.length; i++) {
            const closeTime = b.end(candles.open_time[i]!);
            if (closeTime > now) break; // the forming candle is not scored
            const candle = { open_time: candles.open_time[i]!, open: candles.open[i]!, high: candles.high[i]!, low: candles.low[i]!, close: candles.close[i]!, volume: candles.volume[i]! };
            feed(sub, slot, candle, closeTime, closeTime >= from ? pass : null);
          }
          await db.transaction().execute(async (trx) => {
            await trx.deleteFrom('scores').where('subscription_id', '=', p.id).where('market', '=', market).where('symbol', '=', symbol).where('timestamp', '>=', from).execute();
            // The newest score is replaced too (the writer only moves it forward in time).
            if (pass.scores.length > 0) await trx.deleteFrom('latest_scores').where('subscription_id', '=', p.id).where('market', '=', market).where('symbol', '=', symbol).execute();
            await scoreWriter.write(trx, pass.scores);
          });
          written += pass.scores.length;
          done += 1;
        }
        // Its live scorers start again from what is stored now.
        scored.delete(p.id);
      }
      reindex();
      if (status === 'running') await refresh();
    };
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    await run;
    task.progress(total, total, null);
    return { subscriptions: plan.length, symbols: total, scores: written, from };
  };

  return {
    recompute,

    async start() {
      if (status === 'running') return;
      status = 'running';
      startedAt = new Date().toISOString();
      lastError = null;
      await enqueue('start', refresh);
      timers = [
        setInterval(() => void enqueue('refresh', refresh), deps.refreshMs ?? PLAN_REFRESH_MS),
        setInterval(() => void enqueue('sweep', sweep), SWEEP_MS),
      ];
      for (const timer of timers) timer.unref();
    },

    async stop() {
      status = 'stopped';
      for (const timer of timers) clearInterval(timer);
      timers = [];
      for (const unsubscribe of marketFeeds.values()) unsubscribe();
      marketFeeds.clear();
      closers.clear();
      await queue;
      scored.clear();
      bySymbol.clear();
    },

    /** Re-reads the plan now (after a subscription or group edit in this process); resolves when applied. */
    refresh: () => enqueue('refresh', refresh),

    /** Resolves once everything queued so far is done (tests). */
    idle: () => queue.then(() => undefined),

    /** The `strategy-engine` service's figures. */
    status() {
      let slots = 0;
      for (const sub of scored.values()) slots += sub.slots.size;
      return {
        name: 'strategy-engine',
        status,
        started_at: status === 'stopped' ? null : startedAt,
        last_error: lastError,
        data: { subscriptions: scored.size, scorers: slots, markets: marketFeeds.size, ...stats },
      };
    },
  };
}

export type StrategyEngine = ReturnType<typeof createStrategyEngine>;
