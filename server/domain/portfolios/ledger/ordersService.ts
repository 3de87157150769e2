import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { OrderStatus, OrderType, PortfolioStatus } from '../../../../contract/codes';
import type { NewOrder, Order, OrderPage, OrderQuery, OrderUpdate } from '../../../../contract/portfolio/orders';
import type { Bus } from '../../../live/bus';
import { ordersRepository } from '../../../store/repositories/orders';
import { portfoliosRepository } from '../../../store/repositories/portfolios';
import type { Database } from '../../../store/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { moveLocked } from './ledgerWriter';
import { dec, str } from './money';
import { lockOf, placeOrder, releaseOrder, sendOrder } from './orderFlow';
import { createOutbox } from './portfolioTopic';
import type { SceneReader } from './scene';

type Db = Kysely<Database>;

const LIVE: readonly number[] = [OrderStatus.pendingConfirmation, OrderStatus.open];

/** The orders rows: place, confirm/cancel/modify, read and search the caller's orders. */
export function createOrdersService(deps: { db: Db; bus: Bus; scenes: SceneReader }) {
  const { db, bus, scenes } = deps;

  const ownedOrder = async (userId: number, orderId: number): Promise<Order> => {
    const order = await ordersRepository.findOwned(db, userId, orderId);
    if (!order) throw new NotFoundError('Order');
    return order;
  };

  return {
    async setOrder(userId: number, body: z.output<typeof NewOrder>): Promise<Order> {
      const portfolio = await scenes.owned(userId, body.portfolio_id);
      if (portfolio.status !== PortfolioStatus.active) throw new ConflictError('The portfolio is paused or archived; activate it to place orders');
      const info = await scenes.info(portfolio.market);
      const pair = info.pairs.get(body.symbol);
      if (!pair) throw ValidationError.field(['body', 'symbol'], `unknown symbol "${body.symbol}" in market ${info.market}`, 'unknown_symbol');
      const scene = await scenes.orderScene(portfolio, info, pair.name);
      const outbox = createOutbox(bus);
      const { order } = await db.transaction().execute((trx) =>
        placeOrder(
          trx,
          outbox,
          scene,
          {
            portfolio_id: portfolio.id,
            market: portfolio.market,
            symbol: pair.name,
            main_symbol: pair.main_symbol,
            quote_symbol: pair.quote_symbol,
            side: body.side,
            order_type: body.order_type,
            status: OrderStatus.pendingConfirmation,
            timeframe: body.timeframe ?? null,
            price: body.price !== undefined ? str(dec(body.price)) : null,
            amount: str(dec(body.amount)),
            filled: '0',
            average_fill_price: null,
            fee: '0',
            fee_symbol: null,
            source: { type: 'manual' },
            rule_flags: [],
            reject_reason: null,
            note: body.note ?? null,
            client_order_id: body.client_order_id ?? null,
            timestamp: scene.now,
            filled_at: null,
          },
          { mode: 'throw', awaitConfirmation: false },
        ),
      );
      await outbox.flush();
      return order;
    },

    /** Confirm a pending order, cancel a pending or open one, or modify an unfilled one; anything else is 409. */
    async updateOrder(userId: number, body: z.output<typeof OrderUpdate>): Promise<Order> {
      const before = await ownedOrder(userId, body.order_id);
      const portfolio = (await portfoliosRepository.findById(db, before.portfolio_id))!;
      const info = await scenes.info(portfolio.market);
      const scene = await scenes.orderScene(portfolio, info, before.symbol);
      const outbox = createOutbox(bus);
      const result = await db.transaction().execute(async (trx) => {
        // Read again inside the transaction: a fill or another update may have got there first.
        const order = (await ordersRepository.findById(trx, before.id))!;
        if (!LIVE.includes(order.status)) throw new ConflictError(`The order is already ${statusWord(order.status)}`);
        if (body.action === 'cancel') {
          await releaseOrder(trx, outbox, scene, order);
          const cancelled = await ordersRepository.updateOrder(trx, order.id, { status: OrderStatus.cancelled, reject_reason: body.reason ?? null });
          outbox.order(cancelled);
          return cancelled;
        }
        if (body.action === 'confirm') {
          if (order.status !== OrderStatus.pendingConfirmation) throw new ConflictError('Only an order waiting for confirmation can be confirmed');
          if (portfolio.status !== PortfolioStatus.active) throw new ConflictError('The portfolio is paused or archived; activate it to confirm orders');
          const resized = await ordersRepository.updateOrder(trx, order.id, {
            ...(body.amount !== undefined ? { amount: str(dec(body.amount)) } : {}),
            // A price given on confirmation turns a market order into a limit order at that price.
            ...(body.price !== undefined ? { price: str(dec(body.price)), order_type: order.order_type === OrderType.market ? OrderType.limit : order.order_type } : {}),
            timestamp: scene.now,
          });
          return sendOrder(trx, outbox, scene, resized, 'throw');
        }
        if (body.price !== undefined && order.order_type === OrderType.market) {
          throw ValidationError.field(['body', 'price'], 'a market order takes no price');
        }
        await releaseOrder(trx, outbox, scene, order);
        const modified = await ordersRepository.updateOrder(trx, order.id, {
          ...(body.amount !== undefined ? { amount: str(dec(body.amount)) } : {}),
          ...(body.price !== undefined ? { price: str(dec(body.price)) } : {}),
          ...(body.note !== undefined ? { note: body.note } : {}),
        });
        if (modified.status === OrderStatus.open && portfolio.account_type === 10) {
          const held = lockOf(modified);
          if (held) {
            
            outbox.balance(portfolio.id, { transaction: null, balances: [await moveLocked(trx, scene.ctx, held.symbol, held.amount, modified.id, scene.now)] });
          }
        }
        outbox.order(modified);
        return modified;
      });
      await outbox.flush();
      return result;
    },

    readOrder: ownedOrder,

    async queryOrders(userId: number, q: z.output<typeof OrderQuery>): Promise<OrderPage> {
      return ordersRepository.page(
        db,
        userId,
        {
          portfolioId: q.portfolio_id,
          market: q.market,
          statuses: q.status,
          side: q.side,
          orderType: q.order_type,
          timeframe: q.timeframe,
          symbolPair: q.symbol_pair,
          mainSymbol: q.main_symbol,
          quoteSymbol: q.quote_symbol,
          source: q.source,
          linkId: q.link_id,
          from: q.from_timestamp,
          to: q.to_timestamp,
        },
        q.skip,
        q.limit,
        q.order,
      );
    },
  };
}

function statusWord(status: number) {
  return status === OrderStatus.filled ? 'filled' : status === OrderStatus.cancelled ? 'cancelled' : 'rejected';
}

export type OrdersService = ReturnType<typeof createOrdersService>;
