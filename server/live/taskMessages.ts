import type { Kysely } from 'kysely';
import type { TaskLiveMessage } from '../../contract/system/tasks';
import type { TaskRunner } from '../domain/tasks/taskRunner';
import type { Database } from '../store/schema';
import { topics, type Bus } from './bus';

/** How long a starter's admin flag is trusted before it is read again. */
const ADMIN_FLAG_TTL_MS = 10_000;

/**
 * Every state or progress change of a task (progress throttled by the runner) goes to the admins'
 * `/api/ws/app` sockets (the tasks panel), and to the starter's own sockets when the starter is
 * not an admin (a backtest's owner watches its progress bar); an admin starter already hears it
 * as an admin. Without `db` every starter is treated as a non-admin. Returns the unsubscribe.
 */
export function forwardTaskMessages(tasks: TaskRunner, bus: Bus, db?: Kysely<Database>): () => void {
  const flags = new Map<number, { admin: boolean; at: number }>();

  const isAdmin = async (userId: number): Promise<boolean> => {
    if (!db) return false;
    const cached = flags.get(userId);
    if (cached && Date.now() - cached.at < ADMIN_FLAG_TTL_MS) return cached.admin;
    const row = await db.selectFrom('users').select('is_superuser').where('id', '=', userId).executeTakeFirst();
    const admin = row?.is_superuser === 1;
    flags.set(userId, { admin, at: Date.now() });
    return admin;
  };

  // One chain, so a task's messages keep their order even while a starter's flag is read.
  let chain: Promise<unknown> = Promise.resolve();
  return tasks.onChange((info) => {
    const message: TaskLiveMessage = { _type: 'task', params: { task_id: info.id, name: info.name }, data: info };
    chain = chain
      .then(async () => {
        await bus.publish(topics.admins, message);
        if (info.user_id !== null && !(await isAdmin(info.user_id))) await bus.publish(topics.user(info.user_id), message);
      })
      .catch(() => undefined);
  });
}
