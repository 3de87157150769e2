import type { FastifyInstance } from 'fastify';

/** /task/* rows and the utility rows test-celery and test-email (issue 8). SCAFFOLD. */
export function taskRoutes(_app: FastifyInstance) {}
