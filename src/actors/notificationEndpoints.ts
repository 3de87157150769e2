import { pick } from '../../contract/endpoint';
import { notificationEndpoints } from '../../contract/notifications/endpoints';

/** The calls of the notification screens, picked once. Loaded by those lazy screens only. */
export const notificationApi = {
  list: pick(notificationEndpoints, 'notifications.list'),
  setStatus: pick(notificationEndpoints, 'notifications.setStatus'),
  bulkSetStatus: pick(notificationEndpoints, 'notifications.bulkSetStatus'),
  remove: pick(notificationEndpoints, 'notifications.delete'),
  broadcast: pick(notificationEndpoints, 'notifications.broadcast'),
  channels: pick(notificationEndpoints, 'notifications.listChannels'),
  createChannel: pick(notificationEndpoints, 'notifications.createChannel'),
  updateChannel: pick(notificationEndpoints, 'notifications.updateChannel'),
  deleteChannel: pick(notificationEndpoints, 'notifications.deleteChannel'),
} as const;

/** Query tags the notification screens refetch by after a change or a socket frame. */
export const notificationTags = {
  list: 'notifications',
  channels: 'notification-channels',
} as const;
