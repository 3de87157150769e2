import type { FastifyInstance } from 'fastify';

/** The `market` rows of the route table (filled by the markets work of issue 4). */
export function marketRoutes(_app: FastifyInstance) {}
