import { z } from 'zod';
import { EpochMs, Id, IdParam } from '../common';
import { MarketName, SymbolName } from '../codes';
import { BalanceChange } from './ledger';
import { Order } from './orders';
import { PortfolioDetail } from './portfolios';

/**
 * `/api/ws/portfolio/{portfolioId}`: live updates of one portfolio, to its owner only. Every
 * message is `{ _type, params, data }`. Close codes: 4401 bad or expired token (the app logs out and
 * does not reconnect); 4403 not the caller's portfolio, or no such portfolio (not told apart, so ids
 * cannot be probed); 1000 right after a `deleted` message.
 */

export const PortfolioSocketParams = z.object({ portfolioId: IdParam });

export const PortfolioSocketQuery = z.object({
  /** The bearer access token; browsers cannot set headers on a websocket. */
  token: z.string().min(1).max(4096),
  /** The portfolio's market, which picks the live price feed its values follow; omitted: the portfolio's own. */
  market: MarketName.optional(),
});

const EmptyParams = z.object({});

/** A transaction was written or an order moved funds between free and locked. */
export const BalanceMessage = z.object({
  _type: z.literal('balance'),
  params: z.object({ portfolio_id: Id, symbols: z.array(SymbolName) }),
  data: BalanceChange,
});

/** An order was placed, confirmed, filled (partly or wholly), cancelled or rejected. */
export const OrderMessage = z.object({
  _type: z.literal('order'),
  params: z.object({ portfolio_id: Id, order_id: Id }),
  data: Order,
});

/**
 * The portfolio itself: `changed` after an edit, `valuation` when live prices move its summary
 * (throttled), `deleted` just before the server closes the socket.
 */
export const PortfolioMessage = z.object({
  _type: z.literal('portfolio'),
  params: z.object({ portfolio_id: Id, reason: z.enum(['changed', 'valuation', 'deleted']) }),
  data: PortfolioDetail,
});

export const PongMessage = z.object({
  _type: z.literal('pong'),
  params: EmptyParams,
  data: z.object({ server_time: EpochMs }),
});

/** A message the server could not act on; the connection stays open. */
export const SocketErrorMessage = z.object({
  _type: z.literal('error'),
  params: EmptyParams,
  data: z.object({
    code: z.enum(['bad_message', 'unknown_type', 'rate_limited', 'internal']),
    detail: z.string(),
  }),
});

export const PortfolioServerMessage = z.discriminatedUnion('_type', [
  BalanceMessage,
  OrderMessage,
  PortfolioMessage,
  PongMessage,
  SocketErrorMessage,
]);
export type PortfolioServerMessage = z.infer<typeof PortfolioServerMessage>;

/** The heartbeat, every 30 s; `params` and `data` may be sent empty but carry nothing. */
export const PingMessage = z.strictObject({
  _type: z.literal('ping'),
  params: z.strictObject({}).optional(),
  data: z.null().optional(),
});

export const PortfolioClientMessage = z.discriminatedUnion('_type', [PingMessage]);
export type PortfolioClientMessage = z.infer<typeof PortfolioClientMessage>;
