import type { FastifyInstance } from 'fastify';
import { pick } from '../../../contract/endpoint';
import { scoreEndpoints } from '../../../contract/signals/endpoints';
import { serve } from '../route';

const endpoint = <I extends (typeof scoreEndpoints)[number]['id']>(id: I) => pick(scoreEndpoints, id);

/** The portfolio manager's score reads: one score, the newest of each symbol, a symbol's history. */
export function scoreRoutes(app: FastifyInstance) {
  const { scores } = app.ctx.services;
  serve(app, endpoint('portfolio-manager.readScore'), async ({ user, query }) => scores.readScore(user.id, query));
  serve(app, endpoint('portfolio-manager.readLastScores'), async ({ user, query }) => scores.readLastScores(user.id, query));
  serve(app, endpoint('portfolio-manager.readSymbolScoreHistory'), async ({ user, query }) => scores.readHistory(user.id, query));
}
