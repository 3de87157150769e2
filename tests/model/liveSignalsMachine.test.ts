import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type EventObject } from 'xstate';
import type { Score, Signal } from '../../contract/signals/scores';
import type { TaskInfo } from '../../contract/system/tasks';
import { liveSignalsMachine, scoreKey, type LiveSignalsContext, type LiveSignalsEvent } from '../../src/machines/liveSignalsMachine';
import { describeEvent as defaultDescription, generatePaths, missingCoverage, NO_GAPS, replayPath, type StepCheck } from './support/modelPaths';

/*
 * The live store of the signals screens: paths from its graph, replayed on a real actor. After
 * every step the held totals must be, for each subscription × symbol, the newest total received
 * since the last clear (seeds and frames alike, rule scores ignored); signals unique, newest first;
 * tasks at their newest update; the tags follow the socket; and a reconnect after a drop (only
 * that) asks the screens to refetch.
 */

const T0 = 1_767_225_600_000; // 2026-01-01
const HOUR = 3_600_000;

function score(subscription: number, symbol: string, timestamp: number, value: number, type = 'total'): Score {
  return {
    subscription_id: subscription,
    strategy_id: 7,
    strategy_version: 1,
    strategy_timeframe: '1h',
    timeframe: '1h',
    market: 'crypto',
    symbol,
    score_type: type,
    value,
    timestamp,
  };
}

function signal(id: number, symbol: string, timestamp: number, side: 'buy' | 'sell'): Signal {
  return {
    id,
    subscription_id: 1,
    strategy_id: 7,
    strategy_version: 1,
    market: 'crypto',
    symbol,
    timeframe: '1h',
    side,
    score: side === 'buy' ? 70 : -70,
    level: side === 'buy' ? 50 : -50,
    price: '65000.5',
    timestamp,
    notification_id: null,
    orders: [],
    created_at: new Date(timestamp).toISOString(),
  };
}

function task(state: TaskInfo['state'], updatedAt: number, current: number): TaskInfo {
  const iso = new Date(updatedAt).toISOString();
  return {
    id: 'task-1',
    name: 'strategy.backtest',
    state,
    progress: { current, total: 10, message: null },
    has_result: state === 'SUCCESS',
    result: null,
    error: null,
    args: { strategy_id: 7 },
    user_id: 1,
    retries: 0,
    revoke: null,
    created_at: new Date(T0).toISOString(),
    started_at: new Date(T0).toISOString(),
    finished_at: state === 'SUCCESS' ? iso : null,
    updated_at: iso,
  };
}

const EVENTS = [
  { type: 'signals.connected' },
  { type: 'signals.disconnected' },
  // The score read: two totals and a rule score (never held).
  { type: 'signals.seed', scores: [score(1, 'BTCUSDT', T0 + HOUR, 40), score(1, 'ETHUSDT', T0 + HOUR, -20), score(1, 'BTCUSDT', T0 + HOUR, 60, 'trend_up')] },
  // A candle close: BTC rises past the entry level, a buy signal.
  { type: 'signals.scores', scores: [score(1, 'BTCUSDT', T0 + 2 * HOUR, 70)], signals: [signal(11, 'BTCUSDT', T0 + 2 * HOUR, 'buy')] },
  // A late frame from before the seed: it must not move BTC back.
  { type: 'signals.scores', scores: [score(1, 'BTCUSDT', T0, -90)], signals: [] },
  { type: 'signals.task', task: task('PROGRESS', T0 + 1000, 4) },
  { type: 'signals.task', task: task('SUCCESS', T0 + 2000, 10) },
  { type: 'signals.clear' },
] as EventObject[];

/** Which data is held (not its exact values): enough to reach every order of arrivals that matters. */
const context = (c: LiveSignalsContext) => ({
  keys: Object.keys(c.totals).sort(),
  btc: c.totals[scoreKey({ subscription_id: 1, market: 'crypto', symbol: 'BTCUSDT' })]?.score.timestamp ?? null,
  signals: c.signals.length,
  task: c.tasks['task-1']?.state ?? null,
});

function describeEvent(event: EventObject): string {
  const e = event as LiveSignalsEvent;
  if (e.type === 'signals.seed') return `${e.type} (${e.scores.length} scores)`;
  if (e.type === 'signals.scores') return `${e.type} ${e.scores.map((s) => `${s.symbol}@${(s.timestamp - T0) / HOUR}h=${s.value}`).join(', ')}${e.signals.length ? ` +${e.signals.length} signal` : ''}`;
  if (e.type === 'signals.task') return `${e.type} ${e.task.state}`;
  return defaultDescription(event);
}

/**
 * Besides one path to every state: every data event in every held-data state while live, so late
 * frames (an old score after a new one, a seed after a frame, progress after success) are replayed.
 */
const paths = generatePaths(liveSignalsMachine, {
  events: EVENTS,
  context,
  describeEvent,
  coverEdge: (snapshot, event) => snapshot.matches('live') && ['signals.seed', 'signals.scores', 'signals.task'].includes(event.type),
});

/** The reference: what every event received since the last clear adds up to. */
function reference() {
  let totals = new Map<string, Score>();
  let signals = new Map<number, Signal>();
  let tasks = new Map<string, TaskInfo>();
  return {
    apply(event: EventObject) {
      const e = event as LiveSignalsEvent;
      const take = (scores: Score[]) => {
        for (const s of scores) {
          if (s.score_type !== 'total') continue;
          const held = totals.get(scoreKey(s));
          if (!held || held.timestamp <= s.timestamp) totals.set(scoreKey(s), s);
        }
      };
      if (e.type === 'signals.seed') take(e.scores);
      if (e.type === 'signals.scores') {
        take(e.scores);
        for (const s of e.signals) signals.set(s.id, s);
      }
      if (e.type === 'signals.task') {
        const held = tasks.get(e.task.id);
        if (!held || held.updated_at <= e.task.updated_at) tasks.set(e.task.id, e.task);
      }
      if (e.type === 'signals.clear') {
        totals = new Map();
        signals = new Map();
        tasks = new Map();
      }
    },
    totals: () => totals,
    signals: () => [...signals.values()].sort((a, b) => b.timestamp - a.timestamp || b.id - a.id),
    tasks: () => tasks,
  };
}

function checker(clock: SimulatedClock, resyncs: { count: number }) {
  const ref = reference();
  let seenResyncs = 0;
  return ({ event, snapshot, previous }: StepCheck) => {
    ref.apply(event);
    const c = snapshot.context as LiveSignalsContext;
    expect(Object.fromEntries(Object.entries(c.totals).map(([key, live]) => [key, live.score]))).toEqual(Object.fromEntries(ref.totals()));
    expect(c.signals).toEqual(ref.signals());
    expect(c.tasks).toEqual(Object.fromEntries(ref.tasks()));
    // A frame that changed a total marks it live now; a seed never does.
    const before = (previous?.context as LiveSignalsContext | undefined)?.totals ?? {};
    for (const [key, live] of Object.entries(c.totals)) {
      const changed = before[key]?.score !== live.score;
      if (changed && event.type === 'signals.scores') expect(live.liveAt).toBe(clock.now());
      else if (changed) expect(live.liveAt).toBe(before[key]?.liveAt ?? null);
      else expect(live.liveAt).toBe(before[key]!.liveAt);
    }
    // Tags say where the socket is.
    expect(snapshot.hasTag('live')).toBe(snapshot.matches('live'));
    expect(snapshot.hasTag('stale')).toBe(snapshot.matches('interrupted'));
    expect(snapshot.hasTag('loading')).toBe(snapshot.matches('waiting'));
    // A refetch is asked exactly when the socket comes back after a drop.
    const asked = resyncs.count - seenResyncs;
    seenResyncs = resyncs.count;
    expect(asked).toBe(previous?.matches('interrupted') && snapshot.matches('live') ? 1 : 0);
    clock.increment(1000);
  };
}

describe('liveSignalsMachine (model)', () => {
  it('has the planned number of paths', () => {
    expect(paths.map((p) => p.description)).toHaveLength(91);
  });

  it('visits every state and transition', () => {
    expect(missingCoverage(liveSignalsMachine, paths)).toEqual(NO_GAPS);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const clock = new SimulatedClock();
      clock.set(T0);
      const resyncs = { count: 0 };
      const actor = createActor(liveSignalsMachine, { clock, input: { now: () => clock.now() } });
      actor.on('signals.resync', () => void resyncs.count++);
      await replayPath(path, { actor, clock, context, check: checker(clock, resyncs), describeEvent });
    });
  }
});
