import type { FastifyInstance, FastifyReply } from 'fastify';
import { pick } from '../../../contract/endpoint';
import { chartEndpoints, marketEndpoints, marketKlineReadEndpoints } from '../../../contract/market/endpoints';
import { NotFoundError } from '../../domain/errors';
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
  const { klines } = app.ctx.services;

  serve(app, pick(marketEndpoints, 'market.getKlines'), async ({ query, reply }) => sendCandles(reply, await klines.read(query)));
  serve(app, pick(chartEndpoints, 'chart.symbols'), async ({ query }) => klines.chart.symbols(query));
  serve(app, pick(chartEndpoints, 'chart.bars'), async ({ query, reply }) => sendCandles(reply, await klines.chart.bars(query)));
  serve(app, pick(chartEndpoints, 'chart.marks'), async ({ query }) => klines.chart.marks(query));

  // Portfolios arrive with the portfolio issue; until then no portfolio_id names one of the
  // caller's portfolios, so every call is a 404 (the same answer another user's portfolio will
  // get). Then: look the portfolio up for the user and answer klines.lastKline(its market, …).
  serve(app, pick(marketKlineReadEndpoints, 'portfolio-manager.readLastMarketKline'), async () => {
    throw new NotFoundError('Portfolio');
  });
}
