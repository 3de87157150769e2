import type { Kysely } from 'kysely';
import type { OrderSide, Timeframe } from '../../../contract/codes';
import type { Order, OrderSource } from '../../../contract/portfolio/orders';
import type { Database, OrderRow, OrdersTable } from '../schema';
import { toIso } from './times';

type Db = Kysely<Database>;

function toSource(row: OrderRow): OrderSource {
  if (row.source_type !== 'signal') return { type: 'manual' };
  return {
    type: 'signal',
    link_id: row.link_id!,
    subscription_id: row.subscription_id!,
    strategy_id: row.strategy_id!,
    score: row.signal_score!,
    signal_timestamp: row.signal_timestamp!,
  };
}

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    portfolio_id: row.portfolio_id,
    market: row.market,
    symbol: row.symbol,
    main_symbol: row.main_symbol,
    quote_symbol: row.quote_symbol,
    side: row.side as OrderSide,
    order_type: row.order_type as Order['order_type'],
    status: row.status as Order['status'],
    timeframe: row.timeframe as Timeframe | null,
    price: row.price,
    amount: row.amount,
    filled: row.filled,
    average_fill_price: row.average_fill_price,
    fee: row.fee,
    fee_symbol: row.fee_symbol,
    source: toSource(row),
    rule_flags: JSON.parse(row.rule_flags) as Order['rule_flags'],
    reject_reason: row.reject_reason,
    note: row.note,
    client_order_id: row.client_order_id,
    timestamp: row.timestamp,
    filled_at: row.filled_at,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/** A new order: the contract's fields (source included) without the ids and row times. */
export type OrderWrite = Omit<Order, 'id' | 'created_at' | 'updated_at'>;

function toRow(order: OrderWrite, now: number): Omit<OrdersTable, 'id'> {
  const { source, rule_flags, ...fields } = order;
  const signal = source.type === 'signal' ? source : undefined;
  return {
    ...fields,
    source_type: source.type,
    link_id: signal?.link_id ?? null,
    subscription_id: signal?.subscription_id ?? null,
    strategy_id: signal?.strategy_id ?? null,
    signal_score: signal?.score ?? null,
    signal_timestamp: signal?.signal_timestamp ?? null,
    rule_flags: JSON.stringify(rule_flags),
    created_at: now,
    updated_at: now,
  };
}

export type OrderChange = Partial<
  Pick<OrdersTable, 'status' | 'order_type' | 'price' | 'amount' | 'filled' | 'average_fill_price' | 'fee' | 'fee_symbol' | 'reject_reason' | 'note' | 'filled_at' | 'timestamp'>
> & { rule_flags?: string[] };

export interface OrderFilter {
  portfolioId?: number;
  market?: string;
  statuses?: number[];
  side?: string;
  orderType?: number;
  timeframe?: string;
  symbolPair?: string;
  mainSymbol?: string;
  quoteSymbol?: string;
  source?: string;
  linkId?: number;
  from?: number;
  to?: number;
}

/** Orders of portfolios. The routes are issue 6's; the live engine places signal orders here. */
export const ordersRepository = {
  /**
   * Inserts the order, or answers the one already stored under the same idempotency key
   * (`client_order_id` in the portfolio, or the signal's link, symbol and candle) with
   * `created: false`. Runs in the caller's transaction when given one.
   */
  async insertOrder(db: Db, order: OrderWrite, now = Date.now()): Promise<{ order: Order; created: boolean }> {
    // ON CONFLICT DO NOTHING rather than catching the violation: in PostgreSQL a failed statement
    // would abort the caller's transaction.
    const row = await db
      .insertInto('orders')
      .values(toRow(order, now))
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return { order: toOrder(row), created: true };
    const existing = await ordersRepository.findByIdempotencyKey(db, order);
    if (!existing) throw new Error('order insert was skipped but no order holds its idempotency key');
    return { order: existing, created: false };
  },

  /** The stored order with the same idempotency key as `order`, if any. */
  async findByIdempotencyKey(db: Db, order: OrderWrite): Promise<Order | undefined> {
    let query = db.selectFrom('orders').selectAll();
    if (order.source.type === 'signal') {
      query = query
        .where('link_id', '=', order.source.link_id)
        .where('market', '=', order.market)
        .where('symbol', '=', order.symbol)
        .where('signal_timestamp', '=', order.source.signal_timestamp);
    } else if (order.client_order_id !== null) {
      query = query.where('portfolio_id', '=', order.portfolio_id).where('client_order_id', '=', order.client_order_id);
    } else {
      return undefined;
    }
    const row = await query.executeTakeFirst();
    return row ? toOrder(row) : undefined;
  },

  async findById(db: Db, id: number) {
    const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toOrder(row) : undefined;
  },

  /** Changes an order's mutable fields (status, fill, price, amount…), in the caller's transaction. */
  async updateOrder(db: Db, id: number, change: OrderChange, now = Date.now()): Promise<Order> {
    const { rule_flags, ...fields } = change;
    const row = await db
      .updateTable('orders')
      .set({ ...fields, ...(rule_flags !== undefined ? { rule_flags: JSON.stringify(rule_flags) } : {}), updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toOrder(row);
  },

  /** The order if it belongs to one of the owner's portfolios. */
  async findOwned(db: Db, ownerId: number, id: number): Promise<Order | undefined> {
    const row = await db
      .selectFrom('orders')
      .innerJoin('portfolios', 'portfolios.id', 'orders.portfolio_id')
      .selectAll('orders')
      .where('orders.id', '=', id)
      .where('portfolios.owner_id', '=', ownerId)
      .executeTakeFirst();
    return row ? toOrder(row) : undefined;
  },

  /** A page of the owner's orders matching every filter given (AND). */
  async page(db: Db, ownerId: number, f: OrderFilter, skip: number, limit: number, order: 'asc' | 'desc') {
    const matching = () => {
      let q = db.selectFrom('orders').innerJoin('portfolios', 'portfolios.id', 'orders.portfolio_id').where('portfolios.owner_id', '=', ownerId);
      if (f.portfolioId !== undefined) q = q.where('orders.portfolio_id', '=', f.portfolioId);
      if (f.market !== undefined) q = q.where('orders.market', '=', f.market);
      if (f.statuses && f.statuses.length > 0) q = q.where('orders.status', 'in', f.statuses);
      if (f.side !== undefined) q = q.where('orders.side', '=', f.side);
      if (f.orderType !== undefined) q = q.where('orders.order_type', '=', f.orderType);
      if (f.timeframe !== undefined) q = q.where('orders.timeframe', '=', f.timeframe);
      if (f.symbolPair !== undefined) q = q.where('orders.symbol', '=', f.symbolPair);
      if (f.mainSymbol !== undefined) q = q.where('orders.main_symbol', '=', f.mainSymbol);
      if (f.quoteSymbol !== undefined) q = q.where('orders.quote_symbol', '=', f.quoteSymbol);
      if (f.source !== undefined) q = q.where('orders.source_type', '=', f.source);
      if (f.linkId !== undefined) q = q.where('orders.link_id', '=', f.linkId);
      if (f.from !== undefined) q = q.where('orders.timestamp', '>=', f.from);
      if (f.to !== undefined) q = q.where('orders.timestamp', '<', f.to);
      return q;
    };
    const rows = await matching().selectAll('orders').orderBy('orders.timestamp', order).orderBy('orders.id', order).offset(skip).limit(limit).execute();
    const { count } = await matching().select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    return { data: rows.map(toOrder), count: Number(count) };
  },

  /** Open orders of paper portfolios in a market: what the paper broker watches. */
  async openPaperOrders(db: Db, market?: string): Promise<Order[]> {
    let q = db
      .selectFrom('orders')
      .innerJoin('portfolios', 'portfolios.id', 'orders.portfolio_id')
      .selectAll('orders')
      .where('orders.status', '=', 20)
      .where('portfolios.account_type', '=', 10);
    if (market !== undefined) q = q.where('orders.market', '=', market);
    return (await q.orderBy('orders.id').execute()).map(toOrder);
  },

  /** How many orders of each status each portfolio holds: portfolio id → status → count. */
  async statusCounts(db: Db, portfolioIds: number[]): Promise<Map<number, Map<number, number>>> {
    const counts = new Map<number, Map<number, number>>(portfolioIds.map((id) => [id, new Map()]));
    if (portfolioIds.length === 0) return counts;
    const rows = await db
      .selectFrom('orders')
      .select(['portfolio_id', 'status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('portfolio_id', 'in', portfolioIds)
      .groupBy(['portfolio_id', 'status'])
      .execute();
    for (const row of rows) counts.get(Number(row.portfolio_id))?.set(Number(row.status), Number(row.count));
    return counts;
  },
};
