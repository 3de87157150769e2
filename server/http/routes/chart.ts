import type { FastifyInstance } from 'fastify';

/** Klines, the TradingView-style chart rows and read_last_market_kline (issue 4). */
export function chartRoutes(_app: FastifyInstance) {}
