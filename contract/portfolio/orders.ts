import { z } from 'zod';
import { Decimal, EpochMs, EpochMsParam, Id, IdParam, IsoDateTime, PositiveDecimal, SkipLimitQuery } from '../common';
import { MarketName, OrderSide, OrderStatusCode, OrderType, OrderTypeCode, SymbolName, Timeframe } from '../codes';
import { csvList, SortOrder } from './primitives';
import { RuleName } from './rules';

/** Where an order came from: the user's hand, or a signal through a subscription's link. */
export const OrderSource = z.discriminatedUnion('type', [
  z.object({ type: z.literal('manual') }),
  z.object({
    type: z.literal('signal'),
    link_id: Id,
    subscription_id: Id,
    strategy_id: Id,
    /** The score that crossed the strategy's entry or exit level, −100…100. */
    score: z.number().min(-100).max(100),
    /** Close time of the candle the signal fired on. */
    signal_timestamp: EpochMs,
  }),
]);
export type OrderSource = z.infer<typeof OrderSource>;
export const OrderSourceType = z.enum(['manual', 'signal']);

export const Order = z.object({
  id: Id,
  portfolio_id: Id,
  market: MarketName,
  /** The traded pair (`BTCUSDT`); the `symbol_pair` filter of query_orders matches it. */
  symbol: SymbolName,
  /** What is bought or sold (`BTC`) and what pays for it (`USDT`). */
  main_symbol: SymbolName,
  quote_symbol: SymbolName,
  side: OrderSide,
  order_type: OrderTypeCode,
  status: OrderStatusCode,
  /** The timeframe of the signal behind it; null for manual orders unless the user gave one. */
  timeframe: Timeframe.nullable(),
  /** Limit price for limit orders, trigger price for stop orders, null for market orders. */
  price: Decimal.nullable(),
  amount: Decimal,
  filled: Decimal,
  average_fill_price: Decimal.nullable(),
  fee: Decimal,
  fee_symbol: SymbolName.nullable(),
  source: OrderSource,
  /** Rules this order broke whose action is `flag` (a `refuse` rule rejects it instead). */
  rule_flags: z.array(RuleName),
  /** Why the order was rejected (broker answer, overdraft, a refusing rule). */
  reject_reason: z.string().nullable(),
  note: z.string().nullable(),
  client_order_id: z.string().nullable(),
  /** When the order was placed. */
  timestamp: EpochMs,
  filled_at: EpochMs.nullable(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});
export type Order = z.infer<typeof Order>;

export const OrderPage = z.object({ data: z.array(Order), count: z.number().int().nonnegative() });
export type OrderPage = z.infer<typeof OrderPage>;

export const ReadOrderQuery = z.object({ order_id: IdParam });

/**
 * Every filter is optional and they combine with AND. Without `portfolio_id` the search spans all
 * of the caller's portfolios (the dashboard); it never reaches another user's orders.
 */
export const OrderQuery = SkipLimitQuery.extend({
  portfolio_id: IdParam.optional(),
  market: MarketName.optional(),
  /** Comma-separated status codes, e.g. `10,20` for everything still live. */
  status: csvList(z.coerce.number().pipe(OrderStatusCode), 5).optional(),
  side: OrderSide.optional(),
  order_type: z.coerce.number().pipe(OrderTypeCode).optional(),
  timeframe: Timeframe.optional(),
  symbol_pair: SymbolName.optional(),
  main_symbol: SymbolName.optional(),
  quote_symbol: SymbolName.optional(),
  source: OrderSourceType.optional(),
  link_id: IdParam.optional(),
  /** Inclusive lower bound on `timestamp`, epoch ms. */
  from_timestamp: EpochMsParam.optional(),
  /** Exclusive upper bound on `timestamp`, epoch ms. */
  to_timestamp: EpochMsParam.optional(),
  order: SortOrder.default('desc'),
});

const ClientOrderId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1–64 letters, digits, _ or -');
const OrderNote = z.string().trim().max(500);

/**
 * A manual order. Paper portfolios fill market orders at the live price with the market's fee,
 * and limit/stop orders when the price crosses; watch-only portfolios refuse orders (409).
 */
export const NewOrder = z
  .strictObject({
    portfolio_id: Id,
    symbol: SymbolName,
    side: OrderSide,
    order_type: OrderTypeCode.default(OrderType.market),
    amount: PositiveDecimal,
    /** Required for limit and stop orders, not allowed for market orders. */
    price: PositiveDecimal.optional(),
    timeframe: Timeframe.optional(),
    note: OrderNote.optional(),
    /** Idempotency key: sending the same one again returns the first order instead of a second. */
    client_order_id: ClientOrderId.optional(),
  })
  .refine((o) => (o.order_type === OrderType.market) === (o.price === undefined), {
    message: 'limit and stop orders need a price; market orders take none',
    path: ['price'],
  });
export type NewOrder = z.input<typeof NewOrder>;

/**
 * One call for the three things a user does to an existing order. `confirm` sends a
 * pending-confirmation order (from a signal) on, optionally resized or repriced; `cancel` works on
 * pending and open orders; `modify` changes an unfilled order. Anything else answers 409.
 */
export const OrderUpdate = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('confirm'),
    order_id: Id,
    amount: PositiveDecimal.optional(),
    price: PositiveDecimal.optional(),
  }),
  z.strictObject({
    action: z.literal('cancel'),
    order_id: Id,
    reason: z.string().trim().max(500).optional(),
  }),
  z
    .strictObject({
      action: z.literal('modify'),
      order_id: Id,
      amount: PositiveDecimal.optional(),
      price: PositiveDecimal.optional(),
      note: OrderNote.nullable().optional(),
    })
    .refine((o) => o.amount !== undefined || o.price !== undefined || o.note !== undefined, {
      message: 'give amount, price or note to change',
    }),
]);
export type OrderUpdate = z.input<typeof OrderUpdate>;
