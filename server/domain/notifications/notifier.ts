import type { Kysely } from 'kysely';
import type { NotificationLiveMessage } from '../../../contract/notifications/schemas';
import type { Notification } from '../../../contract/notifications/schemas';
import { topics, type Bus } from '../../live/bus';
import type { Database } from '../../store/schema';
import { notificationsRepository, type NotificationWrite } from '../../store/repositories/notifications';

/**
 * Stores a notification and pushes it to its owner's `/api/ws/app` sockets at once. Stored first:
 * a client that was offline finds it on reconnect (the catch-up of DOMAIN.md), so the push is
 * best effort and its failure never loses the notification.
 */
export function createNotifier(deps: { db: Kysely<Database>; bus: Bus; onPushError?: (error: unknown) => void }) {
  const push = async (notification: Notification, event: NotificationLiveMessage['params']['event']) => {
    const message: NotificationLiveMessage = { _type: 'notification', params: { event }, data: notification };
    try {
      await deps.bus.publish(topics.user(notification.user_id), message);
    } catch (error) {
      deps.onPushError?.(error);
    }
  };

  return {
    async notify(write: NotificationWrite, now = Date.now()): Promise<Notification> {
      const notification = await notificationsRepository.insert(deps.db, write, now);
      await push(notification, 'created');
      return notification;
    },
    push,
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
