import type { FastifyInstance } from 'fastify';

/** Every `notifications` row (issue 7). */
export function notificationRoutes(_app: FastifyInstance) {}
