import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema';
import { notificationsRepository } from '../../store/repositories/notifications';
import { ConflictError } from '../errors';
import type { TaskRunner } from '../tasks/taskRunner';
import type { Notifier } from './notifier';

/**
 * The `notification.expire` task: every notification past its expires_at becomes 50 (expired)
 * and its owner hears of it. A timer looks every interval and starts the task only when
 * something is due, so the task list is not filled with empty runs.
 */
export function createExpiry(deps: { db: Kysely<Database>; notifier: Notifier; tasks: TaskRunner; intervalMs: () => number; log?: { warn(obj: object, msg: string): void } }) {
  const { db, notifier, tasks } = deps;
  let timer: NodeJS.Timeout | undefined;
  let current: string | undefined;

  /** Expires what is due now and pushes each change; returns how many. */
  const expireNow = async (now = Date.now()): Promise<number> => {
    const expired = await notificationsRepository.expireDue(db, now);
    for (const notification of expired) await notifier.push(notification, 'updated');
    return expired.length;
  };

  const anyDue = async (now: number) =>
    (await db
      .selectFrom('notifications')
      .select('id')
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', now)
      .where('status', '!=', 50)
      .limit(1)
      .executeTakeFirst()) !== undefined;

  const tick = async () => {
    if (!(await anyDue(Date.now()))) return;
    try {
      const info = tasks.start('notification.expire', {}, async () => ({ expired: await expireNow() }), { preventConcurrent: true });
      current = info.id;
      await tasks.wait(info.id);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    } finally {
      current = undefined;
    }
  };

  return {
    expireNow,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        tick().catch((err: unknown) => deps.log?.warn({ err }, 'notification expiry failed'));
      }, deps.intervalMs());
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (current) await tasks.wait(current);
    },
  };
}
