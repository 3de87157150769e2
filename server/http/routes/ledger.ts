import type { FastifyInstance } from 'fastify';
import { pick } from '../../../contract/endpoint';
import { portfolioManagerEndpoints } from '../../../contract/portfolio/endpoints';
import { serve } from '../route';

const endpoint = <I extends (typeof portfolioManagerEndpoints)[number]['id']>(id: I) => pick(portfolioManagerEndpoints, id);

/** Balances, transactions and orders rows of the portfolio manager (issue 6). */
export function ledgerRoutes(app: FastifyInstance) {
  const { balances, orders, livePrices, feeds, portfolios } = app.ctx.services;
  // Live values read the feeds' book when no price batch has been heard yet.
  livePrices.attachFeeds(feeds);
  // Portfolio summaries come from the ledger's balances.
  portfolios.useValuation((portfolio, now) => balances.summaryFigures(portfolio.id, portfolio.market, now));

  serve(app, endpoint('portfolio-manager.readBalance'), async ({ user, query }) => balances.readLedger(user.id, query));
  serve(app, endpoint('portfolio-manager.readSymbolLastBalance'), async ({ user, query }) => balances.symbolLastBalance(user.id, query));
  serve(app, endpoint('portfolio-manager.readAllLastBalances'), async ({ user, query }) => balances.allLastBalances(user.id, query));
  serve(app, endpoint('portfolio-manager.readBalanceHistory'), async ({ user, query }) => balances.history(user.id, query));
  serve(app, endpoint('portfolio-manager.setNewBalance'), async ({ user, body }) => balances.record(user.id, body));
  serve(app, endpoint('portfolio-manager.updateBalance'), async ({ user, body }) => balances.reconcile(user.id, body));
  serve(app, endpoint('portfolio-manager.realTimeSymbolValue'), async ({ user, query }) => balances.realTimeValue(user.id, query));
  serve(app, endpoint('portfolio-manager.setOrder'), async ({ user, body }) => orders.setOrder(user.id, body));
  serve(app, endpoint('portfolio-manager.updateOrder'), async ({ user, body }) => orders.updateOrder(user.id, body));
  serve(app, endpoint('portfolio-manager.readOrder'), async ({ user, query }) => orders.readOrder(user.id, query.order_id));
  serve(app, endpoint('portfolio-manager.queryOrders'), async ({ user, query }) => orders.queryOrders(user.id, query));
}
