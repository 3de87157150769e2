import type { FastifyInstance } from 'fastify';
import { pick } from '../../../contract/endpoint';
import { portfolioEndpoints } from '../../../contract/portfolio/endpoints';
import { serve } from '../route';

const endpoint = <I extends (typeof portfolioEndpoints)[number]['id']>(id: I) => pick(portfolioEndpoints, id);

/** The `portfolio` CRUD rows; what is inside a portfolio is the portfolio manager's (issue 6). */
export function portfolioRoutes(app: FastifyInstance) {
  const { portfolios } = app.ctx.services;
  serve(app, endpoint('portfolio.list'), async ({ user, query }) => portfolios.list(user.id, query));
  serve(app, endpoint('portfolio.create'), async ({ user, body }) => portfolios.create(user.id, body));
  serve(app, endpoint('portfolio.get'), async ({ user, params, query }) => portfolios.get(user.id, params.id, query.with_summary));
  serve(app, endpoint('portfolio.update'), async ({ user, params, body }) => portfolios.update(user.id, params.id, body));
  serve(app, endpoint('portfolio.delete'), async ({ user, params }) => portfolios.delete(user.id, params.id));
}
