import type { Notification, SettableNotificationStatus } from '../../../contract/notifications/schemas';
import type { AppSystem } from '../../actors/appSystem';

/**
 * Sets one notification's status and applies the answer to the active list at once: the socket
 * frame that follows changes nothing more, and a dropped socket does not leave the bell behind.
 * The endpoint (and zod with it) loads on first use, outside the shell's chunk.
 */
export async function setNotificationStatus(system: AppSystem, id: number, status: SettableNotificationStatus): Promise<Notification> {
  const { notificationApi } = await import('../../actors/notificationEndpoints');
  const updated = await system.api.call(notificationApi.setStatus, { params: { id }, query: { status } });
  system.notifications.send({ type: 'notification.received', event: 'updated', notification: updated });
  return updated;
}
