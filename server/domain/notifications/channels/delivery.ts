import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { NotificationCategory } from '../../../../contract/codes';
import type { Notification } from '../../../../contract/notifications/schemas';
import type { Database } from '../../../store/schema';
import { channelsRepository, storedConfig, type ChannelRow } from '../../../store/repositories/channels';
import { deliveriesRepository } from '../../../store/repositories/deliveries';
import { notificationsRepository } from '../../../store/repositories/notifications';
import type { TaskContext, TaskRunner } from '../../tasks/taskRunner';
import type { Notifier } from '../notifier';
import type { NotificationSettings } from '../settings';
import type { Senders, SendResult } from './senders';
import { refuseUrl } from './urlGuard';

/** Does this channel take this notification (its minimum priority and categories)? */
export function channelTakes(row: ChannelRow, notification: Notification): boolean {
  if (row.is_active !== 1 || notification.priority < row.min_priority) return false;
  const categories = JSON.parse(row.categories) as NotificationCategory[];
  return categories.length === 0 || categories.includes(notification.category);
}

/**
 * Channel delivery: each (notification, channel) pair is one `notification.deliver` task that
 * tries, waits the configured backoff and tries again, recording every attempt. Failures in a row
 * are counted on the channel; at the limit it is paused once and its owner gets an in-app
 * `system` notification. Test messages are tried once: the user is waiting for the answer.
 */
export function createChannelDelivery(deps: {
  db: Kysely<Database>;
  notifier: Notifier;
  tasks: TaskRunner;
  senders: Senders;
  settings: () => NotificationSettings;
  log?: { warn(obj: object, msg: string): void };
}) {
  const { db, notifier, tasks, senders, settings } = deps;
  const running = new Set<string>();
  let stopped = false;

  const guard = async (row: ChannelRow): Promise<string | null> => {
    const config = storedConfig(row);
    const url = config.type === 'webhook' ? config.url : config.type === 'telegram' ? config.api_base_url : undefined;
    return url ? refuseUrl(url, settings().allowPrivateWebhooks) : null;
  };

  /**
   * Counts the outcome on the channel; pauses it when failures reach the limit. Returns the row
   * only when this call paused it, so however many deliveries fail at once the user is told once.
   */
  const account = async (trx: Kysely<Database>, channelId: number, result: SendResult, now: number): Promise<ChannelRow | undefined> => {
    if (result.ok) {
      await channelsRepository.update(trx, channelId, { consecutive_failures: 0, last_success_at: now }, now);
      return undefined;
    }
    const row = await trx
      .updateTable('notification_channels')
      .set({
        consecutive_failures: sql<number>`consecutive_failures + 1`,
        last_error_message: result.error ?? 'failed',
        last_error_at: now,
        updated_at: now,
      })
      .where('id', '=', channelId)
      .returningAll()
      .executeTakeFirst();
    if (!row || row.consecutive_failures < settings().pauseAfterFailures) return undefined;
    return trx
      .updateTable('notification_channels')
      .set({ is_active: 0, paused_for_failures_at: now, updated_at: now })
      .where('id', '=', channelId)
      .where('is_active', '=', 1)
      .returningAll()
      .executeTakeFirst();
  };

  const tellPaused = (paused: ChannelRow, result: SendResult) =>
    notifier.notify({
      user_id: paused.user_id,
      title: `Channel "${paused.name}" paused`,
      body: `It failed ${paused.consecutive_failures} times in a row (last error: ${result.error ?? 'unknown'}). Fix it and resume it in the channel settings.`,
      priority: 30,
      category: 'system',
      sub_category: 'channel_paused',
      data: { channel_id: paused.id, channel_type: paused.type },
    });

  /** One attempt: recorded before it is made (its id is in the webhook payload), finished after. */
  const attempt = async (row: ChannelRow, notification: Notification | null, taskId: string, n: number, lastTry: boolean, delay: number) => {
    const started = Date.now();
    const deliveryId = await deliveriesRepository.start(db, {
      channel_id: row.id,
      notification_id: notification?.id ?? null,
      is_test: notification === null,
      task_id: taskId,
      attempt: n,
    }, started);
    const refused = await guard(row);
    const result: SendResult = refused
      ? { ok: false, status_code: null, error: `refused: ${refused}` }
      : await senders.send(storedConfig(row), { channelId: row.id, deliveryId, attempt: n, notification });
    const now = Date.now();
    // The attempt's outcome and the channel's counters change together.
    const paused = await db.transaction().execute(async (trx) => {
      await deliveriesRepository.finish(trx, deliveryId, {
        outcome: result.ok ? 'success' : 'failure',
        status_code: result.status_code,
        error: result.error,
        duration_ms: Math.max(0, now - started),
        next_retry_at: result.ok || lastTry ? null : now + delay,
      });
      return account(trx, row.id, result, now);
    });
    if (paused) await tellPaused(paused, result);
    return result;
  };

  const body = (channelId: number, notification: Notification | null) => async (ctx: TaskContext) => {
    const delays = notification === null ? [] : settings().deliveryRetryDelaysMs;
    for (let n = 1; ; n++) {
      const row = await channelsRepository.getById(db, channelId);
      if (!row) return { delivered: false, attempts: n - 1, reason: 'the channel was removed' };
      // A paused channel stops retrying; a test message goes through a paused channel on purpose.
      if (notification !== null && row.is_active !== 1) return { delivered: false, attempts: n - 1, reason: 'the channel is paused' };
      const lastTry = n > delays.length;
      const delay = delays[n - 1] ?? 0;
      const result = await attempt(row, notification, ctx.id, n, lastTry, delay);
      if (result.ok) return { delivered: true, attempts: n };
      if (lastTry) throw new Error(`not delivered after ${n} attempt(s): ${result.error ?? 'failed'}`);
      ctx.progress(n, delays.length + 1, `attempt ${n} failed; retrying`);
      await sleep(delay, undefined, { signal: ctx.signal });
    }
  };

  /** Answers the id at once: the notifier's listener and a channel's "send test" cannot wait. */
  const start = (row: ChannelRow, notification: Notification | null): string => {
    const info = tasks.submit(
      'notification.deliver',
      notification ? { notification_id: notification.id, channel_id: row.id } : { channel_id: row.id },
      { userId: row.user_id },
    );
    running.add(info.id);
    void tasks.wait(info.id).finally(() => running.delete(info.id));
    return info.id;
  };

  /** Every matching active channel of the owner gets its own delivery task. */
  const deliver = async (notification: Notification): Promise<string[]> => {
    if (stopped) return [];
    const rows = await channelsRepository.activeForUser(db, notification.user_id, notification.priority);
    return rows.filter((row) => channelTakes(row, notification)).map((row) => start(row, notification));
  };

  /** A stored notification (the one a task's args name), whoever owns it. */
  const notificationById = async (id: number): Promise<Notification | undefined> => {
    const owner = await db.selectFrom('notifications').select('user_id').where('id', '=', id).executeTakeFirst();
    return owner ? notificationsRepository.get(db, Number(owner.user_id), id) : undefined;
  };

  // Safe to retry after a crash: attempts are recorded, and a receiver sees at most a repeat.
  tasks.define('notification.deliver', {
    retrySafe: true,
    async run({ notification_id, channel_id }, ctx) {
      const notification = notification_id === undefined ? null : await notificationById(notification_id);
      if (notification === undefined) throw new Error(`Notification ${notification_id} does not exist`);
      if (channel_id === undefined) {
        // No channel named: every matching active channel of the owner gets its own task.
        if (notification === null) throw new Error('notification_id or channel_id is required');
        return { queued: await deliver(notification) };
      }
      return body(channel_id, notification)(ctx);
    },
  });

  const follow = () =>
    notifier.onCreated((notification) => {
      deliver(notification).catch((err: unknown) => deps.log?.warn({ err, notificationId: notification.id }, 'queueing channel delivery failed'));
    });
  // Deliveries follow new notifications from the start; the notifier service stops and starts them.
  let unsubscribe: (() => void) | undefined = follow();

  return {
    deliver,
    /** A test message through one channel (even a paused one); returns its task id. */
    sendTest: (row: ChannelRow) => start(row, null),
    /** Resolves when every delivery task started so far has finished (tests, shutdown). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running].map((id) => tasks.wait(id)));
    },
    /** Takes new notifications again after a stop (the notifier service's start). */
    start(): void {
      stopped = false;
      unsubscribe ??= follow();
    },
    /** Stops taking new notifications and aborts pending retries. */
    async stop(): Promise<void> {
      stopped = true;
      unsubscribe?.();
      unsubscribe = undefined;
      await Promise.all([...running].map((id) => tasks.revoke(id, true)));
      await Promise.all([...running].map((id) => tasks.wait(id)));
      senders.close();
    },
  };
}

export type ChannelDelivery = ReturnType<typeof createChannelDelivery>;
