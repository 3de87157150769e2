import type { Kysely } from 'kysely';
import type { NotificationLiveMessage } from '../../../contract/notifications/schemas';
import type { Notification } from '../../../contract/notifications/schemas';
import { topics, type Bus } from '../../live/bus';
import type { Database } from '../../store/schema';
import { notificationsRepository, type NotificationWrite } from '../../store/repositories/notifications';

/** Told of every stored notification (channel delivery); must not throw into the caller. */
export type CreatedListener = (notification: Notification) => void;

/**
 * Stores a notification and pushes it to its owner's `/api/ws/app` sockets at once. Stored first:
 * a client that was offline finds it on reconnect (the catch-up of DOMAIN.md), so the push is
 * best effort and its failure never loses the notification. `onCreated` listeners (the channel
 * delivery) hear of each one after its push, so delivery never delays the live message.
 */
export function createNotifier(deps: { db: Kysely<Database>; bus: Bus; onPushError?: (error: unknown) => void }) {
  const listeners = new Set<CreatedListener>();

  /**
   * A `created` push also tells the listeners: callers that store a notification inside their own
   * transaction (the strategy engine) push it after commit, and that is when it may go out.
   */
  const push = async (notification: Notification, event: NotificationLiveMessage['params']['event']) => {
    const message: NotificationLiveMessage = { _type: 'notification', params: { event }, data: notification };
    try {
      await deps.bus.publish(topics.user(notification.user_id), message);
    } catch (error) {
      deps.onPushError?.(error);
    }
    if (event === 'created') created(notification);
  };

  const created = (notification: Notification) => {
    for (const listener of listeners) {
      try {
        listener(notification);
      } catch (error) {
        deps.onPushError?.(error);
      }
    }
  };

  return {
    async notify(write: NotificationWrite, now = Date.now()): Promise<Notification> {
      const notification = await notificationsRepository.insert(deps.db, write, now);
      await push(notification, 'created');
      return notification;
    },
    /** Many in one transaction (a broadcast): all stored or none, then each pushed. */
    async notifyMany(writes: NotificationWrite[], now = Date.now()): Promise<Notification[]> {
      const notifications = await deps.db.transaction().execute((trx) => notificationsRepository.insertMany(trx, writes, now));
      for (const notification of notifications) await push(notification, 'created');
      return notifications;
    },
    push,
    /** Calls `listener` with every notification stored through this notifier; returns the unsubscribe. */
    onCreated(listener: CreatedListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
