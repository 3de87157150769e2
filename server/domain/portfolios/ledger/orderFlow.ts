import type { Kysely } from 'kysely';
import { AccountType, OrderStatus, OrderType, TransactionType } from '../../../../contract/codes';
import type { Order } from '../../../../contract/portfolio/orders';
import { ordersRepository, type OrderWrite } from '../../../store/repositories/orders';
import type { Database, PortfolioRow } from '../../../store/schema';
import { ConflictError } from '../../errors';
import { checkOrderAgainstRules } from '../rules/checkOrder';
import { moveLocked, writeTransaction, type WriteContext } from './ledgerWriter';
import { Dec, dec, str } from './money';
import type { Outbox } from './portfolioTopic';

type Db = Kysely<Database>;

/** Everything placing or filling an order needs, read before the database transaction. */
export interface OrderScene {
  portfolio: PortfolioRow;
  ctx: WriteContext;
  feeRate: Dec;
  /** The pair's price to fill a market order at now (the live price, or a signal's candle close). */
  marketPrice: Dec | null;
  now: number;
}

/**
 * How an order asks to be handled when something refuses it: a manual order answers the caller
 * (409 with the reason, nothing written); a signal's order is kept as rejected with the reason,
 * so the user sees what their signal tried.
 */
export type RefusalMode = 'throw' | 'reject';

/** What an open paper order holds aside: the quote it may spend (buy) or the asset it sells. */
export function lockOf(order: Pick<Order, 'side' | 'amount' | 'price' | 'main_symbol' | 'quote_symbol'>): { symbol: string; amount: Dec } | null {
  if (order.side === 'sell') return { symbol: order.main_symbol, amount: dec(order.amount) };
  if (order.price === null) return null;
  return { symbol: order.quote_symbol, amount: dec(order.amount).times(dec(order.price)) };
}

const isPaper = (p: PortfolioRow) => p.account_type === AccountType.paper;

async function refuse(trx: Db, outbox: Outbox, order: Order, reason: string, mode: RefusalMode): Promise<Order> {
  if (mode === 'throw') throw new ConflictError(reason);
  const rejected = await ordersRepository.updateOrder(trx, order.id, { status: OrderStatus.rejected, reject_reason: reason });
  outbox.order(rejected);
  return rejected;
}

/**
 * Fills an order whole at `price`: one buy or sell transaction (fee in the quote symbol at the
 * market's rate) releasing what the order held, and the order marked filled. Refusals (overdraft,
 * a refusing rule) are raised before anything is written, so the caller's transaction stays usable.
 */
export async function fillOrder(trx: Db, outbox: Outbox, scene: OrderScene, order: Order, price: Dec, mode: RefusalMode): Promise<Order> {
  const verdict = await checkOrderAgainstRules(trx, {
    // The order is stored already: the open-orders rule must not count it twice.
    orderId: order.id,
    portfolioId: order.portfolio_id,
    market: order.market,
    symbol: order.symbol,
    side: order.side,
    amount: order.amount,
    price: str(price),
  });
  if (verdict.refuse) return refuse(trx, outbox, order, verdict.refuse, mode);
  const amount = dec(order.amount);
  const quoteAmount = amount.times(price);
  const fee = quoteAmount.times(scene.feeRate);
  const held = order.status === OrderStatus.open && isPaper(scene.portfolio) ? lockOf(order) : null;
  let entry;
  try {
    entry = await writeTransaction(
      trx,
      scene.ctx,
      {
        type: order.side === 'buy' ? TransactionType.buy : TransactionType.sell,
        symbol: order.main_symbol,
        amount: order.amount,
        price: str(price),
        quote_symbol: order.quote_symbol,
        quote_amount: str(quoteAmount),
        fee: str(fee),
        fee_symbol: order.quote_symbol,
        order_id: order.id,
        note: null,
        timestamp: scene.now,
      },
      held ? new Map([[held.symbol, held.amount]]) : new Map(),
    );
  } catch (error) {
    if (error instanceof ConflictError) return refuse(trx, outbox, order, error.message, mode);
    throw error;
  }
  const flags = [...new Set([...order.rule_flags, ...verdict.flags])];
  const filled = await ordersRepository.updateOrder(trx, order.id, {
    status: OrderStatus.filled,
    filled: order.amount,
    average_fill_price: str(price),
    fee: str(fee),
    fee_symbol: order.quote_symbol,
    filled_at: scene.now,
    rule_flags: flags,
  });
  outbox.balance(order.portfolio_id, entry);
  outbox.order(filled);
  return filled;
}

/**
 * Sends an order on (new, or a confirmed pending one): paper market orders fill now; paper limit
 * and stop orders open and hold their funds until the price crosses (the paper broker); live
 * orders open and wait for a broker adapter. Watch-only portfolios take no orders (409).
 */
export async function sendOrder(trx: Db, outbox: Outbox, scene: OrderScene, order: Order, mode: RefusalMode): Promise<Order> {
  if (scene.portfolio.account_type === AccountType.watchOnly) {
    return refuse(trx, outbox, order, 'A watch-only portfolio takes no orders', mode);
  }
  if (isPaper(scene.portfolio) && order.order_type === OrderType.market) {
    if (!scene.marketPrice) return refuse(trx, outbox, order, `No price is known for ${order.symbol} yet; try again when the feed has one`, mode);
    return fillOrder(trx, outbox, scene, order, scene.marketPrice, mode);
  }
  const verdict = await checkOrderAgainstRules(trx, {
    // The order is stored already: the open-orders rule must not count it twice.
    orderId: order.id,
    portfolioId: order.portfolio_id,
    market: order.market,
    symbol: order.symbol,
    side: order.side,
    amount: order.amount,
    price: order.price ?? (scene.marketPrice ? str(scene.marketPrice) : '0'),
  });
  if (verdict.refuse) return refuse(trx, outbox, order, verdict.refuse, mode);
  if (isPaper(scene.portfolio)) {
    const held = lockOf(order);
    if (held) {
      try {
        outbox.balance(order.portfolio_id, { transaction: null, balances: [await moveLocked(trx, scene.ctx, held.symbol, held.amount, order.id, scene.now)] });
      } catch (error) {
        if (error instanceof ConflictError) return refuse(trx, outbox, order, error.message, mode);
        throw error;
      }
    }
  }
  const opened = await ordersRepository.updateOrder(trx, order.id, {
    status: OrderStatus.open,
    rule_flags: [...new Set([...order.rule_flags, ...verdict.flags])],
  });
  outbox.order(opened);
  return opened;
}

/** Inserts a new order as pending, then either leaves it waiting for the user's yes or sends it on. */
export async function placeOrder(trx: Db, outbox: Outbox, scene: OrderScene, write: OrderWrite, opts: { mode: RefusalMode; awaitConfirmation: boolean }): Promise<{ order: Order; created: boolean }> {
  const { order, created } = await ordersRepository.insertOrder(trx, { ...write, status: OrderStatus.pendingConfirmation }, scene.now);
  if (!created) return { order, created };
  if (opts.awaitConfirmation) {
    outbox.order(order);
    return { order, created };
  }
  return { order: await sendOrder(trx, outbox, scene, order, opts.mode), created };
}

/** Releases what an open paper order held (cancel, or before a modify re-locks it). */
export async function releaseOrder(trx: Db, outbox: Outbox, scene: OrderScene, order: Order): Promise<void> {
  if (order.status !== OrderStatus.open || !isPaper(scene.portfolio)) return;
  const held = lockOf(order);
  if (!held) return;
  outbox.balance(order.portfolio_id, { transaction: null, balances: [await moveLocked(trx, scene.ctx, held.symbol, held.amount.neg(), order.id, scene.now)] });
}
