import type { Kysely } from 'kysely';
import { OrderStatus, OrderType } from '../../../../contract/codes';
import type { Order } from '../../../../contract/portfolio/orders';
import type { PriceBatch } from '../../../feeds/priceHub';
import type { Bus } from '../../../live/bus';
import { ordersRepository } from '../../../store/repositories/orders';
import { portfoliosRepository } from '../../../store/repositories/portfolios';
import type { Database } from '../../../store/schema';
import type { LivePrices } from './livePrices';
import { Dec, dec } from './money';
import { fillOrder } from './orderFlow';
import { createOutbox } from './portfolioTopic';
import type { SceneReader } from './scene';

/**
 * The price at which an open order fills now, or null: a limit buy when the price falls to its
 * limit (fills at the limit), a limit sell when it rises to it; a stop buy when the price rises to
 * the trigger, a stop sell when it falls to it (both fill at the price seen).
 */
export function crossingPrice(order: Pick<Order, 'order_type' | 'side' | 'price'>, price: Dec): Dec | null {
  if (order.price === null) return null;
  const level = dec(order.price);
  if (order.order_type === OrderType.limit) {
    const crossed = order.side === 'buy' ? price.lte(level) : price.gte(level);
    return crossed ? level : null;
  }
  if (order.order_type === OrderType.stop) {
    const crossed = order.side === 'buy' ? price.gte(level) : price.lte(level);
    return crossed ? price : null;
  }
  return null;
}

/**
 * Fills open limit and stop orders of paper portfolios when a market's price batch crosses them.
 * Batches are handled one after another so two batches never fill the same order twice; each
 * fill is its own database transaction. A fill that cannot be paid any more is rejected.
 */
export function createPaperBroker(deps: { db: Kysely<Database>; bus: Bus; prices: LivePrices; scenes: SceneReader; marketNames: () => Promise<string[]>; onError?: (error: unknown) => void }) {
  const { db, bus, prices, scenes } = deps;
  let chain: Promise<void> = Promise.resolve();
  let fills = 0;
  let stopListening: (() => void) | undefined;

  const handle = async (batch: PriceBatch) => {
    const open = await ordersRepository.openPaperOrders(db, batch.market);
    if (open.length === 0) return;
    const latest = new Map(batch.data.map((p) => [p.symbol, dec(p.price)]));
    for (const order of open) {
      const seen = latest.get(order.symbol);
      const at = seen ? crossingPrice(order, seen) : null;
      if (!at) continue;
      const portfolio = await portfoliosRepository.findById(db, order.portfolio_id);
      if (!portfolio) continue;
      const info = await scenes.info(portfolio.market);
      const scene = await scenes.orderScene(portfolio, info, order.symbol, seen, batch.timestamp || Date.now());
      const outbox = createOutbox(bus);
      await db.transaction().execute(async (trx) => {
        const current = await ordersRepository.findById(trx, order.id);
        if (current?.status !== OrderStatus.open) return;
        const done = await fillOrder(trx, outbox, scene, current, at, 'reject');
        if (done.status === OrderStatus.filled) fills += 1;
      });
      await outbox.flush();
    }
  };

  const listen = () => {
    stopListening ??= prices.listen((batch) => {
      chain = chain.then(() => handle(batch)).catch((error: unknown) => deps.onError?.(error));
      return chain;
    });
  };
  // Listening starts at once: orders placed while the server runs follow their market on placement.
  listen();

  return {
    /**
     * Follows every market's prices (so orders left open before a restart fill, and values are
     * live from the first batch); called when the server starts, after the feeds.
     */
    async start() {
      listen();
      for (const market of await deps.marketNames()) await prices.follow(market);
    },
    async stop() {
      stopListening?.();
      stopListening = undefined;
      await chain.catch(() => undefined);
      await prices.stop();
    },
    /** Waits until every batch heard so far is handled (tests). */
    idle: () => chain,
    stats: () => ({ fills }),
  };
}

export type PaperBroker = ReturnType<typeof createPaperBroker>;
