import type { FastifyInstance } from 'fastify';

/** `/irproxy/simple_cache_receive/`: batches pushed by the relay (issue 4). */
export function ingestRoutes(_app: FastifyInstance) {}
