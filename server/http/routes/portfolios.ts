import type { FastifyInstance } from 'fastify';
import { pick } from '../../../contract/endpoint';
import { portfolioEndpoints } from '../../../contract/portfolio/endpoints';
import type { PortfolioDetail } from '../../../contract/portfolio/portfolios';
import { portfolioTopic } from '../../domain/portfolios/ledger/portfolioTopic';
import { serve } from '../route';

const endpoint = <I extends (typeof portfolioEndpoints)[number]['id']>(id: I) => pick(portfolioEndpoints, id);

/**
 * The `portfolio` CRUD rows; what is inside a portfolio is the portfolio manager's (issue 6). An
 * edit or a delete is told to the portfolio's sockets (`portfolio` message); a delete's closes them.
 */
export function portfolioRoutes(app: FastifyInstance) {
  const { portfolios } = app.ctx.services;
  const tell = (detail: PortfolioDetail, reason: 'changed' | 'deleted') =>
    app.ctx.bus.publish(portfolioTopic(detail.id), { _type: 'portfolio', params: { portfolio_id: detail.id, reason }, data: detail }).catch(() => undefined);

  serve(app, endpoint('portfolio.list'), async ({ user, query }) => portfolios.list(user.id, query));
  serve(app, endpoint('portfolio.create'), async ({ user, body }) => portfolios.create(user.id, body));
  serve(app, endpoint('portfolio.get'), async ({ user, params, query }) => portfolios.get(user.id, params.id, query.with_summary));
  serve(app, endpoint('portfolio.update'), async ({ user, params, body }) => {
    const updated = await portfolios.update(user.id, params.id, body);
    await tell(updated, 'changed');
    return updated;
  });
  serve(app, endpoint('portfolio.delete'), async ({ user, params }) => {
    const detail = await portfolios.get(user.id, params.id, true);
    const answer = await portfolios.delete(user.id, params.id);
    await tell(detail, 'deleted');
    return answer;
  });
}
