import type { FastifyInstance } from 'fastify';

/** `/api/ws/portfolio/{portfolioId}` (issue 6): balance, order and portfolio messages of one portfolio, to its owner. */
export function portfolioSocketRoute(_app: FastifyInstance) {}
