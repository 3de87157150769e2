import type { FastifyInstance } from 'fastify';

/** /service_manager/* rows (issue 8). SCAFFOLD. */
export function serviceRoutes(_app: FastifyInstance) {}
