import type { FastifyInstance } from 'fastify';
import { pick } from '../../../contract/endpoint';
import { notificationEndpoints } from '../../../contract/notifications/endpoints';
import { serve } from '../route';

const endpoint = <I extends (typeof notificationEndpoints)[number]['id']>(id: I) => pick(notificationEndpoints, id);

/** Every `notifications` row (issue 7). */
export function notificationRoutes(app: FastifyInstance) {
  const { notifications, channels } = app.ctx.services;

  serve(app, endpoint('notifications.list'), async ({ user, query }) => notifications.list(user.id, query));
  serve(app, endpoint('notifications.setStatus'), async ({ user, params, query }) => notifications.setStatus(user.id, params.id, query.status));
  serve(app, endpoint('notifications.delete'), async ({ user, params }) => notifications.remove(user.id, params.id));
  serve(app, endpoint('notifications.create'), async ({ user, body }) => notifications.create(user, body));
  serve(app, endpoint('notifications.broadcast'), async ({ body }) => notifications.broadcast(body));
  serve(app, endpoint('notifications.bulkSetStatus'), async ({ user, body }) => notifications.bulkSetStatus(user.id, body));

  serve(app, endpoint('notifications.listChannels'), async ({ user }) => channels.list(user.id));
  serve(app, endpoint('notifications.createChannel'), async ({ user, body }) => channels.create(user.id, body));
  serve(app, endpoint('notifications.updateChannel'), async ({ user, params, body }) => channels.update(user.id, params.id, body));
  serve(app, endpoint('notifications.deleteChannel'), async ({ user, params }) => channels.remove(user.id, params.id));
}
