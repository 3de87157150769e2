import { assertEvent, assign, emit, setup } from 'xstate';
import type { Score, Signal } from '../../contract/signals/scores';
import type { TaskInfo } from '../../contract/system/tasks';

/**
 * The live side of the signals screens: the newest total score of each subscription × symbol,
 * the newest signals (score crossings) and the state of the user's tasks (a backtest's progress),
 * fed by the app socket's `score` and `task` messages and seeded by the score reads. A frame never
 * moves a score back in time, so a late REST answer cannot undo a live one. After the socket comes
 * back from a drop it emits `signals.resync`: the screens refetch what they may have missed.
 */

/** Signals kept for the dashboard's "newest signals"; tasks kept for progress bars. */
export const LIVE_SIGNALS_CAP = 50;
export const LIVE_TASKS_CAP = 50;

/** One subscription's view of one symbol. */
export const scoreKey = (score: Pick<Score, 'subscription_id' | 'market' | 'symbol'>) =>
  `${score.subscription_id}|${score.market}|${score.symbol}`;

export interface LiveScore {
  score: Score;
  /** When a socket frame last changed it (epoch ms): cells flash on it. Null for seeded scores. */
  liveAt: number | null;
}

export interface LiveSignalsInput {
  now?: () => number;
}

export interface LiveSignalsContext {
  /** Total scores by `scoreKey`. */
  totals: Record<string, LiveScore>;
  /** Newest first (candle close time, then id), unique by id, at most LIVE_SIGNALS_CAP. */
  signals: Signal[];
  /** By task id; the most recently updated LIVE_TASKS_CAP. */
  tasks: Record<string, TaskInfo>;
  /** When the last frame or seed changed something (epoch ms). */
  updatedAt: number | null;
  now: () => number;
}

export type LiveSignalsEvent =
  | { type: 'signals.connected' }
  | { type: 'signals.disconnected' }
  | { type: 'signals.seed'; scores: Score[] }
  | { type: 'signals.scores'; scores: Score[]; signals: Signal[] }
  | { type: 'signals.task'; task: TaskInfo }
  | { type: 'signals.clear' };

export type LiveSignalsEmitted = { type: 'signals.resync' };

/** Scores merged in: only totals, and only when at least as new as the one held. Same object when nothing changed. */
export function mergeTotals(
  totals: Record<string, LiveScore>,
  scores: readonly Score[],
  liveAt: number | null,
): Record<string, LiveScore> {
  let next = totals;
  for (const score of scores) {
    if (score.score_type !== 'total') continue;
    const key = scoreKey(score);
    const held = next[key];
    if (held && held.score.timestamp > score.timestamp) continue;
    if (held && held.score.timestamp === score.timestamp && held.score.value === score.value) continue;
    if (next === totals) next = { ...totals };
    next[key] = { score, liveAt: liveAt ?? held?.liveAt ?? null };
  }
  return next;
}

const newestFirst = (a: Signal, b: Signal) => b.timestamp - a.timestamp || b.id - a.id;

/** New signals added (a repeat replaces its older copy), newest first, capped. Same array when none came. */
export function mergeSignals(signals: Signal[], incoming: readonly Signal[]): Signal[] {
  if (incoming.length === 0) return signals;
  const ids = new Set(incoming.map((s) => s.id));
  return [...incoming, ...signals.filter((s) => !ids.has(s.id))].sort(newestFirst).slice(0, LIVE_SIGNALS_CAP);
}

/** A task's newer state replaces the older; the least recently updated go past the cap. */
export function mergeTask(tasks: Record<string, TaskInfo>, task: TaskInfo): Record<string, TaskInfo> {
  const held = tasks[task.id];
  if (held && held.updated_at > task.updated_at) return tasks;
  const next = { ...tasks, [task.id]: task };
  const ids = Object.keys(next);
  if (ids.length <= LIVE_TASKS_CAP) return next;
  ids.sort((a, b) => next[a]!.updated_at.localeCompare(next[b]!.updated_at));
  for (const id of ids.slice(0, ids.length - LIVE_TASKS_CAP)) delete next[id];
  return next;
}

export const liveSignalsMachine = setup({
  types: {
    input: {} as LiveSignalsInput | undefined,
    context: {} as LiveSignalsContext,
    events: {} as LiveSignalsEvent,
    emitted: {} as LiveSignalsEmitted,
  },
  actions: {
    seedScores: assign(({ context, event }) => {
      assertEvent(event, 'signals.seed');
      const totals = mergeTotals(context.totals, event.scores, null);
      return totals === context.totals ? {} : { totals, updatedAt: context.now() };
    }),
    receiveScores: assign(({ context, event }) => {
      assertEvent(event, 'signals.scores');
      const totals = mergeTotals(context.totals, event.scores, context.now());
      const signals = mergeSignals(context.signals, event.signals);
      const changed = totals !== context.totals || signals !== context.signals;
      return changed ? { totals, signals, updatedAt: context.now() } : {};
    }),
    receiveTask: assign(({ context, event }) => {
      assertEvent(event, 'signals.task');
      const tasks = mergeTask(context.tasks, event.task);
      return tasks === context.tasks ? {} : { tasks, updatedAt: context.now() };
    }),
    clearAll: assign(({ context }) => ({ totals: {}, signals: [], tasks: {}, updatedAt: context.now() })),
    askResync: emit({ type: 'signals.resync' } as const),
  },
}).createMachine({
  id: 'liveSignals',
  initial: 'waiting',
  context: ({ input }) => ({ totals: {}, signals: [], tasks: {}, updatedAt: null, now: input?.now ?? Date.now }),
  // Data is taken in every state: a seed may land before the socket opens, a frame just after it drops.
  on: {
    'signals.seed': { actions: 'seedScores' },
    'signals.scores': { actions: 'receiveScores' },
    'signals.task': { actions: 'receiveTask' },
    'signals.clear': { target: '.waiting', actions: 'clearAll' },
  },
  states: {
    /** The app socket has not opened yet (or the user signed out). */
    waiting: {
      tags: ['loading'],
      on: { 'signals.connected': 'live' },
    },
    /** Frames arrive as the engine scores. */
    live: {
      tags: ['live'],
      on: { 'signals.disconnected': 'interrupted' },
    },
    /** The socket dropped: what is held may be behind; reconnecting asks the screens to catch up. */
    interrupted: {
      tags: ['stale'],
      on: { 'signals.connected': { target: 'live', actions: 'askResync' } },
    },
  },
});
