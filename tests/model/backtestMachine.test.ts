import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type EventObject } from 'xstate';
import type { BacktestResult } from '../../contract/signals/backtest';
import type { TaskInfo } from '../../contract/system/tasks';
import { backtestMachine, type BacktestContext, type BacktestEvent } from '../../src/machines/backtestMachine';
import { createFakeActors, describeEvent as defaultDescription, generatePaths, missingCoverage, NO_GAPS, replayPath, type ModelEvent, type StepCheck } from './support/modelPaths';

/*
 * One backtest run on the backtest screen: paths from the machine's graph, replayed on a real
 * actor with fake calls on a simulated clock. The rules: the start call gets the form's request;
 * the run follows only its own task, never back in time; it asks `/task/state` exactly `pollMs`
 * after the last news and never again once that was refused; a finished task's result is loaded
 * once; a failed task, start or result ends the run with that error.
 */

const POLL_MS = 3000;
const T0 = 1_767_225_600_000;
const request = { market: 'crypto', symbols: ['BTCUSDT'], timeframe: '1h' as const, from: T0 - 30 * 86_400_000, to: T0, initial_balance: '10000', position_size: 1 };
const started = { task_id: 'task-1', task_name: 'strategy.backtest' as const, state: 'PENDING' as const };

function task(id: string, state: TaskInfo['state'], updatedAt: number, current: number, error: TaskInfo['error'] = null): TaskInfo {
  return {
    id,
    name: 'strategy.backtest',
    state,
    progress: { current, total: 100, message: 'BTCUSDT' },
    has_result: state === 'SUCCESS',
    result: null,
    error,
    args: { strategy_id: 7 },
    user_id: 1,
    retries: 0,
    revoke: null,
    created_at: new Date(T0).toISOString(),
    started_at: new Date(T0).toISOString(),
    finished_at: ['SUCCESS', 'FAILURE'].includes(state) ? new Date(updatedAt).toISOString() : null,
    updated_at: new Date(updatedAt).toISOString(),
  };
}

const noData = { type: 'NoData', message: 'No candles of BTCUSDT 1h between the dates' };
const PROGRESS = task('task-1', 'PROGRESS', T0 + 1000, 40);
const OLD_PROGRESS = task('task-1', 'PROGRESS', T0 + 500, 10);
const SUCCESS = task('task-1', 'SUCCESS', T0 + 2000, 100);
const FAILURE = task('task-1', 'FAILURE', T0 + 2000, 40, noData);
const OTHER = task('task-2', 'PROGRESS', T0 + 3000, 99);
const result = { strategy_id: 7, strategy_version: 2, metrics: { total_return: 0.12 } } as unknown as BacktestResult;
const refused = { kind: 'HTTP_ERROR', status: 403, data: { detail: 'Not enough privileges' }, message: 'Not enough privileges' };
const offline = { kind: 'FETCH_ERROR', message: 'Failed to fetch' };
const invalid = { kind: 'HTTP_ERROR', status: 422, data: { detail: [{ loc: ['body', 'symbols'], msg: 'unknown symbol "BTCUSDX"', type: 'value_error' }] }, message: 'unknown symbol' };
const unparsable = { kind: 'PARSING_ERROR', status: 200, message: 'Unexpected backtest result' };

const EVENTS = [
  { type: 'backtest.start', strategyId: 7, request },
  { type: 'xstate.done.actor.startBacktest', output: started },
  { type: 'xstate.error.actor.startBacktest', error: invalid },
  { type: 'backtest.task', task: PROGRESS },
  { type: 'backtest.task', task: OLD_PROGRESS },
  { type: 'backtest.task', task: SUCCESS },
  { type: 'backtest.task', task: FAILURE },
  { type: 'backtest.task', task: OTHER },
  { type: 'xstate.done.actor.pollTask', output: PROGRESS },
  { type: 'xstate.done.actor.pollTask', output: SUCCESS },
  { type: 'xstate.error.actor.pollTask', error: refused },
  { type: 'xstate.error.actor.pollTask', error: offline },
  { type: 'xstate.done.actor.loadResult', output: result },
  { type: 'xstate.error.actor.loadResult', error: unparsable },
] as ModelEvent[];

const context = (c: BacktestContext) => ({ task: c.task ? `${c.task.state}@${c.task.updated_at}` : null, canPoll: c.canPoll, result: c.result !== null, error: c.error !== null });

function describeEvent(event: EventObject): string {
  const e = event as BacktestEvent | { type: string; output?: TaskInfo; error?: { status?: number; kind?: string } };
  if (e.type === 'backtest.start') return `start #${(e as { strategyId: number }).strategyId}`;
  if (e.type === 'backtest.task') return `task ${(e as { task: TaskInfo }).task.id} ${(e as { task: TaskInfo }).task.state}${(e as { task: TaskInfo }).task === OLD_PROGRESS ? ' (late)' : ''}`;
  if (e.type === 'xstate.done.actor.pollTask') return `done(pollTask: ${(e as { output: TaskInfo }).output.state})`;
  return defaultDescription(event);
}

/** One path to every state, plus every task frame in every running state (late, foreign, finishing ones). */
const paths = generatePaths(backtestMachine, {
  input: { pollMs: POLL_MS },
  events: EVENTS,
  context,
  describeEvent,
  coverEdge: (snapshot, event) => snapshot.matches('running') && event.type === 'backtest.task',
});

function checker(clock: SimulatedClock, fakes: ReturnType<typeof createFakeActors>) {
  let lastNewsAt = clock.now();
  let polls = 0;
  let loads = 0;
  let refusedOnce = false;
  return ({ event, snapshot, previous }: StepCheck) => {
    const c = snapshot.context as BacktestContext;
    const was = previous?.context as BacktestContext | undefined;
    expect(snapshot.hasTag('busy')).toBe(snapshot.matches('starting') || snapshot.matches('running') || snapshot.matches('loadingResult'));

    // The start call gets what the form asked for.
    for (const call of fakes.calls('startBacktest')) expect(call).toEqual({ strategyId: 7, request });
    // Only our task is followed, and never back in time.
    if (c.task) expect(c.task.id).toBe('task-1');
    if (was?.task && c.task && c.taskId === was.taskId) expect(c.task.updated_at >= was.task.updated_at).toBe(true);
    if (event.type === 'backtest.task' && (event as unknown as { task: TaskInfo }).task.id !== 'task-1') expect(c.task).toBe(was?.task ?? null);

    // Polls: each one `pollMs` after the last news; none once refused.
    const pollCalls = fakes.calls('pollTask').length;
    if (pollCalls > polls) {
      expect(refusedOnce).toBe(false);
      expect(clock.now() - lastNewsAt).toBe(POLL_MS);
      for (const call of fakes.calls('pollTask')) expect(call).toEqual({ taskId: 'task-1' });
    }
    polls = pollCalls;
    if (event.type === 'xstate.error.actor.pollTask' && (event as unknown as { error: unknown }).error === refused) refusedOnce = true;
    if (event.type === 'backtest.start') refusedOnce = refusedOnce && !c.canPoll;
    if (snapshot.matches({ running: 'waiting' }) && (event.type === 'backtest.task' || event.type.startsWith('xstate.done.actor.pollTask') || event.type.startsWith('xstate.error.actor.pollTask') || event.type.startsWith('xstate.done.actor.startBacktest'))) {
      lastNewsAt = clock.now();
    }

    // A finished task's result is loaded once, with that task.
    const loadCalls = fakes.calls('loadResult');
    if (loadCalls.length > loads) {
      expect(snapshot.matches('loadingResult')).toBe(true);
      expect(loadCalls.at(-1)).toEqual({ taskId: 'task-1', task: SUCCESS });
    }
    loads = loadCalls.length;

    if (snapshot.matches('done')) expect(c.result).toBe(result);
    if (snapshot.matches('failed')) {
      if (event.type === 'xstate.error.actor.startBacktest') expect(c.error).toBe(invalid);
      else if (event.type === 'xstate.error.actor.loadResult') expect(c.error).toBe(unparsable);
      else expect(c.error).toEqual(noData);
    }
    if (snapshot.matches('idle')) expect(c).toMatchObject({ start: null, task: null, result: null, error: null });
    if (snapshot.matches('running') && !previous?.matches('running')) expect(c.taskId).toBe('task-1');
  };
}

describe('backtestMachine (model)', () => {
  it('has the planned number of paths', () => {
    expect(paths.map((p) => p.description)).toHaveLength(40);
  });

  it('visits every state and transition', () => {
    expect(missingCoverage(backtestMachine, paths)).toEqual(NO_GAPS);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const fakes = createFakeActors();
      const clock = new SimulatedClock();
      clock.set(T0);
      const actor = createActor(
        backtestMachine.provide({ actors: { startBacktest: fakes.promise(), pollTask: fakes.promise(), loadResult: fakes.promise() } }),
        { clock, input: { pollMs: POLL_MS } },
      );
      await replayPath(path, { actor, clock, fakes, context, check: checker(clock, fakes), describeEvent });
    });
  }
});
