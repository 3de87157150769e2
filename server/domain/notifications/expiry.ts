import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema';
import { notificationsRepository } from '../../store/repositories/notifications';
import { createTaskScheduler } from '../tasks/scheduler';
import type { TaskRunner } from '../tasks/taskRunner';
import type { Notifier } from './notifier';

/**
 * The `notification.expire` task: every notification past its expires_at becomes 50 (expired)
 * and its owner hears of it. A scheduled job looks every interval and starts the task only when
 * something is due, so the task list is not filled with empty runs. Safe to retry: expiring is
 * idempotent.
 */
export function createExpiry(deps: { db: Kysely<Database>; notifier: Notifier; tasks: TaskRunner; intervalMs: () => number; log?: { warn(obj: object, msg: string): void } }) {
  const { db, notifier, tasks } = deps;
  let current: string | undefined;

  /** Expires what is due now and pushes each change; returns how many. */
  const expireNow = async (now = Date.now()): Promise<number> => {
    const expired = await notificationsRepository.expireDue(db, now);
    for (const notification of expired) await notifier.push(notification, 'updated');
    return expired.length;
  };

  tasks.define('notification.expire', { retrySafe: true, run: async () => ({ expired: await expireNow() }) });

  const anyDue = async (now: number) =>
    (await db
      .selectFrom('notifications')
      .select('id')
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', now)
      .where('status', '!=', 50)
      .limit(1)
      .executeTakeFirst()) !== undefined;

  const schedule = createTaskScheduler(deps.log ? { log: deps.log } : {}).every({
    label: 'notification.expire',
    everyMs: deps.intervalMs,
    async tick() {
      if (!(await anyDue(Date.now()))) return;
      const info = await tasks.start('notification.expire', {}, { preventConcurrent: true, userId: null });
      current = info.id;
      try {
        await tasks.wait(info.id);
      } finally {
        current = undefined;
      }
    },
  });

  return {
    expireNow,
    start: () => schedule.start(),
    async stop() {
      schedule.stop();
      if (current) await tasks.wait(current);
    },
  };
}
