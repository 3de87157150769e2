import type { FastifyInstance } from 'fastify';

/** Balances, transactions and orders rows of the portfolio manager (issue 6). */
export function ledgerRoutes(_app: FastifyInstance) {}
