import type { FastifyInstance, FastifyReply } from 'fastify';
import { pick } from '../../../contract/endpoint';
import { chartEndpoints, marketEndpoints, marketKlineReadEndpoints } from '../../../contract/market/endpoints';
import { serve } from '../route';

/**
 * Sends a candle answer as JSON text. The route's response schema would otherwise check every
 * one of the 60,000 numbers of a 10,000-candle answer through zod, which costs several times the
 * rest of the request (about 100 ms against a 20 ms budget). These answers are built by typed code
 * from the store's numbers, and the tests parse them with the contract's schemas instead.
 */
function sendCandles<T>(reply: FastifyReply, body: T): T {
  void reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
  return reply as never;
}

/** Klines, the TradingView-style chart rows and read_last_market_kline (issue 4). */
export function chartRoutes(app: FastifyInstance) {
  const { klines, marks, portfolios } = app.ctx.services;

  serve(app, pick(marketEndpoints, 'market.getKlines'), async ({ query, reply }) => sendCandles(reply, await klines.read(query)));
  serve(app, pick(chartEndpoints, 'chart.symbols'), async ({ query }) => klines.chart.symbols(query));
  serve(app, pick(chartEndpoints, 'chart.bars'), async ({ query, reply }) => sendCandles(reply, await klines.chart.bars(query)));
  serve(app, pick(chartEndpoints, 'chart.marks'), async ({ user, query }) =>
    klines.chart.marks(query, (read) => marks.read({ ...read, userId: user.id })),
  );

  // The portfolio fixes the market; another user's portfolio answers 404.
  serve(app, pick(marketKlineReadEndpoints, 'portfolio-manager.readLastMarketKline'), async ({ user, query }) => {
    const portfolio = await portfolios.owned(user.id, query.portfolio_id);
    const kline = await klines.lastKline(portfolio.market, query.symbol, query.timeframe, {
      ...(query.source ? { source: query.source } : {}),
      closedOnly: query.closed_only,
    });
    return { portfolio_id: portfolio.id, kline };
  });
}
