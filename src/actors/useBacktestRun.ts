import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { BacktestResult } from '../../contract/signals/backtest';
import type { TaskInfo } from '../../contract/system/tasks';
import { backtestMachine, type BacktestStart } from '../machines/backtestMachine';
import { ApiError } from '../services/apiErrors';
import { useAppSystem } from './hooks';
import { signalsApi } from './signalsEndpoints';
import { useLiveSignalsRef } from './useSignalsLive';

/** A result that is not a backtest result is reported like an answer that does not parse. */
function parseResult(value: unknown): BacktestResult {
  const parsed = BacktestResult.safeParse(value);
  if (!parsed.success) throw new ApiError('PARSING_ERROR', 200, value, `Unexpected backtest result: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * The backtest screen's run: a backtest actor with the real calls, fed the task's frames from the
 * live-signals store (which holds every task frame since it started, so a task finishing before
 * the screen asks is not missed).
 */
export function useBacktestRun(options: { pollMs?: number } = {}) {
  const { api, auth } = useAppSystem();
  // `/task/state` is an admin row: other users follow the socket only, without refused calls.
  const isAdmin = useSelector(auth, (s) => Boolean(s.context.user?.is_superuser));
  const live = useLiveSignalsRef();
  const logic = useMemo(
    () =>
      backtestMachine.provide({
        actors: {
          startBacktest: fromPromise(async ({ input }: { input: BacktestStart }) =>
            api.call(signalsApi.backtest, { params: { strategyId: input.strategyId }, body: input.request }),
          ),
          pollTask: fromPromise(async ({ input }: { input: { taskId: string } }) =>
            api.call(signalsApi.taskState, { query: { task_id: input.taskId } }),
          ),
          loadResult: fromPromise(async ({ input }: { input: { taskId: string; task: TaskInfo } }) => {
            if (input.task.has_result && input.task.result != null) return parseResult(input.task.result);
            const task = await api.call(signalsApi.taskState, { query: { task_id: input.taskId, get_result: true } });
            return parseResult(task.result);
          }),
        },
      }),
    [api],
  );
  const actor = useActorRef(logic, { input: { pollMs: options.pollMs, canPoll: isAdmin } });
  const taskId = useSelector(actor, (s) => s.context.taskId);
  const task = useSelector(live, (s) => (taskId ? s.context.tasks[taskId] : undefined));
  useEffect(() => {
    if (task) actor.send({ type: 'backtest.task', task });
  }, [actor, task]);
  return actor;
}
