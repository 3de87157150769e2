import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { BacktestRequest, BacktestResult, BacktestStarted } from '../../contract/signals/backtest';
import type { TaskInfo, TaskProgress } from '../../contract/system/tasks';

/**
 * One backtest run on the backtest screen: start it (`startBacktest` answers the task), follow the
 * task (its `task` frames from the app socket arrive as `backtest.task`; when none came for
 * `pollMs`, `pollTask` asks `/task/state`, until it is refused), then load and check the result
 * (`loadResult`: the one from the finished task, or read with get_result). A task that fails or
 * is revoked ends the run with its error; so does a result that does not parse.
 */

export interface BacktestStart {
  strategyId: number;
  request: BacktestRequest;
}

export interface BacktestInput {
  /** How long without news of the task before asking for it; default 5 s. */
  pollMs?: number;
  /** Whether `/task/state` may be asked at all (an admin row: false for other users); default true. */
  canPoll?: boolean;
}

export interface BacktestContext {
  start: BacktestStart | null;
  taskId: string | null;
  task: TaskInfo | null;
  progress: TaskProgress | null;
  result: BacktestResult | null;
  /** An ApiError from a call, or the task's own `{ type, message }`. */
  error: unknown;
  /** False once `/task/state` refused (it is an admin row): only the socket tells us then. */
  canPoll: boolean;
  pollMs: number;
}

export type BacktestEvent =
  | { type: 'backtest.start'; strategyId: number; request: BacktestRequest }
  | { type: 'backtest.task'; task: TaskInfo }
  | { type: 'backtest.reset' };

const FINISHED = ['SUCCESS', 'FAILURE', 'REVOKED'];

const httpStatus = (error: unknown) =>
  error && typeof error === 'object' && 'status' in error ? (error as { status?: unknown }).status : undefined;

export const backtestMachine = setup({
  types: {
    input: {} as BacktestInput | undefined,
    context: {} as BacktestContext,
    events: {} as BacktestEvent,
  },
  actors: {
    // Replaced by the caller with the real calls; the defaults refuse so a missing provide is loud.
    startBacktest: fromPromise<BacktestStarted, BacktestStart>(async () => {
      throw new Error('backtestMachine: provide a `startBacktest` actor');
    }),
    pollTask: fromPromise<TaskInfo, { taskId: string }>(async () => {
      throw new Error('backtestMachine: provide a `pollTask` actor');
    }),
    loadResult: fromPromise<BacktestResult, { taskId: string; task: TaskInfo }>(async () => {
      throw new Error('backtestMachine: provide a `loadResult` actor');
    }),
  },
  guards: {
    isOurTask: ({ context, event }) => {
      assertEvent(event, 'backtest.task');
      return event.task.id === context.taskId;
    },
    succeeded: ({ context }) => context.task?.state === 'SUCCESS',
    ended: ({ context }) => !!context.task && FINISHED.includes(context.task.state),
    canPoll: ({ context }) => context.canPoll,
  },
  actions: {
    takeStart: assign(({ event }) => {
      assertEvent(event, 'backtest.start');
      return {
        start: { strategyId: event.strategyId, request: event.request },
        taskId: null,
        task: null,
        progress: null,
        result: null,
        error: null,
      };
    }),
    storeTask: assign(({ context }, task: TaskInfo) => {
      // A late frame never moves the task back.
      if (context.task && context.task.updated_at > task.updated_at) return {};
      return { task, progress: task.progress ?? context.progress };
    }),
    takeTaskError: assign(({ context }) => ({
      error: context.task?.error ?? { type: context.task?.state ?? 'FAILURE', message: context.task?.state ?? 'FAILURE' },
    })),
    clearRun: assign({ start: null, taskId: null, task: null, progress: null, result: null, error: null }),
  },
  delays: {
    pollInterval: ({ context }) => context.pollMs,
  },
}).createMachine({
  id: 'backtest',
  initial: 'idle',
  context: ({ input }) => ({
    start: null,
    taskId: null,
    task: null,
    progress: null,
    result: null,
    error: null,
    canPoll: input?.canPoll ?? true,
    pollMs: input?.pollMs ?? 5000,
  }),
  states: {
    idle: {
      on: { 'backtest.start': { target: 'starting', actions: 'takeStart' } },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'startBacktest',
        src: 'startBacktest',
        input: ({ context }) => context.start!,
        onDone: { target: 'running', actions: assign({ taskId: ({ event }) => event.output.task_id }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    running: {
      tags: ['busy'],
      always: [
        { guard: 'succeeded', target: 'loadingResult' },
        { guard: 'ended', target: 'failed', actions: 'takeTaskError' },
      ],
      on: {
        // News of the task restarts the wait before the next poll.
        'backtest.task': {
          guard: 'isOurTask',
          target: '.waiting',
          reenter: true,
          actions: { type: 'storeTask', params: ({ event }) => event.task },
        },
      },
      initial: 'waiting',
      states: {
        waiting: {
          after: { pollInterval: { guard: 'canPoll', target: 'polling' } },
        },
        polling: {
          invoke: {
            id: 'pollTask',
            src: 'pollTask',
            input: ({ context }) => ({ taskId: context.taskId! }),
            onDone: { target: 'waiting', actions: { type: 'storeTask', params: ({ event }) => event.output } },
            // Refused (not an admin) or not found: stop asking and wait for the socket. Other
            // failures (network) try again after the next interval.
            onError: {
              target: 'waiting',
              actions: assign({ canPoll: ({ event }) => ![401, 403, 404].includes(httpStatus(event.error) as number) }),
            },
          },
        },
      },
    },
    loadingResult: {
      tags: ['busy'],
      invoke: {
        id: 'loadResult',
        src: 'loadResult',
        input: ({ context }) => ({ taskId: context.taskId!, task: context.task! }),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    done: {
      on: {
        'backtest.start': { target: 'starting', actions: 'takeStart' },
        'backtest.reset': { target: 'idle', actions: 'clearRun' },
      },
    },
    failed: {
      on: {
        'backtest.start': { target: 'starting', actions: 'takeStart' },
        'backtest.reset': { target: 'idle', actions: 'clearRun' },
      },
    },
  },
});
