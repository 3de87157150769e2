import type { FastifyInstance } from 'fastify';

/** `/api/ws/market/{market}/live_price` (issue 4). */
export function livePriceRoute(_app: FastifyInstance) {}
