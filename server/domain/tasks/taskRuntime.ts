import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema';
import type { Mailer } from '../mail/mailer';
import { defineSystemTasks } from './systemTasks';
import type { TaskArgsOf, TaskContext, TaskRunner } from './taskRunner';

/**
 * Gives the runner its database and settings and defines the tasks no other service owns:
 * system.test, email.send and strategy.recompute_scores (through the engine's recompute).
 * The market, notification and backtest tasks are defined by their own services.
 */
export function setUpTaskRuntime(deps: {
  tasks: TaskRunner;
  db: Kysely<Database>;
  config: { taskConcurrency: number; taskRetentionDays: number };
  mailer: Mailer;
  recompute: (target: { strategyId?: number; subscriptionId?: number; from?: number }, ctx: TaskContext) => Promise<unknown>;
  log?: { warn(obj: object, msg: string): void };
}) {
  const { tasks } = deps;
  tasks.attach({
    db: deps.db,
    concurrency: deps.config.taskConcurrency,
    retentionDays: deps.config.taskRetentionDays,
    ...(deps.log ? { log: deps.log } : {}),
  });
  defineSystemTasks({ tasks, mailer: deps.mailer });
  tasks.define('strategy.recompute_scores', {
    // Recomputing replaces the same rows: running it again gives the same scores.
    retrySafe: true,
    run: (args: TaskArgsOf<'strategy.recompute_scores'>, ctx) =>
      deps.recompute(
        {
          ...(args.strategy_id !== undefined ? { strategyId: args.strategy_id } : {}),
          ...(args.subscription_id !== undefined ? { subscriptionId: args.subscription_id } : {}),
          ...(args.from !== undefined ? { from: args.from } : {}),
        },
        ctx,
      ),
  });
}
