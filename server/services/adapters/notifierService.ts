import type { Kysely } from 'kysely';
import type { TaskRunner } from '../../domain/tasks/taskRunner';
import type { Database } from '../../store/schema';
import type { ServiceAdapter } from '../managedService';

/** `notifier`: notification expiry and delivery through the users' channels (email, webhook, Telegram). */
export function notifierService(deps: {
  notificationJobs: { start(): void; stop(): Promise<void> };
  tasks: TaskRunner;
  db: Kysely<Database>;
}): ServiceAdapter {
  const { notificationJobs, tasks } = deps;

  /** Channels paused after repeated failures: their owners must fix and resume them. */
  const pausedChannels = async () => {
    const row = await deps.db
      .selectFrom('notification_channels')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('is_active', '=', 0)
      .where('paused_for_failures_at', 'is not', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };

  return {
    name: 'notifier',
    kind: 'notifier',
    market: null,
    start: async () => notificationJobs.start(),
    stop: () => notificationJobs.stop(),
    async data() {
      const { byName } = tasks.stats();
      const deliveries = byName['notification.deliver'] ?? { pending: 0, running: 0 };
      const expiry = byName['notification.expire'] ?? { pending: 0, running: 0 };
      return {
        deliveries_pending: deliveries.pending,
        deliveries_running: deliveries.running,
        expiry_running: expiry.pending + expiry.running > 0,
        paused_channels: await pausedChannels(),
      };
    },
  };
}
