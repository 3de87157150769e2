import type { FastifyInstance } from 'fastify';

/** `init_new_symbol` and `data_update`: start back-fill and update tasks (issue 4). */
export function marketDataRoutes(_app: FastifyInstance) {}
