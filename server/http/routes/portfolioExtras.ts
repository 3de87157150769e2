import type { FastifyInstance } from 'fastify';

/** Settings, tags, markers and rulesets rows of the portfolio manager (issue 6). */
export function portfolioExtrasRoutes(_app: FastifyInstance) {}
