import type { BalanceChange } from '../../../../contract/portfolio/ledger';
import type { Order } from '../../../../contract/portfolio/orders';
import type { PortfolioServerMessage } from '../../../../contract/portfolio/socket';
import type { Bus } from '../../../live/bus';

/** Beside `topics` of live/bus.ts: everything the `/api/ws/portfolio/{id}` sockets of one portfolio hear. */
export const portfolioTopic = (portfolioId: number) => `portfolio:${portfolioId}`;

export const balanceMessage = (portfolioId: number, change: BalanceChange): PortfolioServerMessage => ({
  _type: 'balance',
  params: { portfolio_id: portfolioId, symbols: [...new Set(change.balances.map((b) => b.symbol))] },
  data: change,
});

export const orderMessage = (order: Order): PortfolioServerMessage => ({
  _type: 'order',
  params: { portfolio_id: order.portfolio_id, order_id: order.id },
  data: order,
});

/**
 * Messages gathered while a database transaction runs and published once it has committed, so a
 * socket never sees a change that was rolled back.
 */
export function createOutbox(bus: Bus) {
  const pending: { portfolioId: number; message: PortfolioServerMessage }[] = [];
  return {
    balance(portfolioId: number, change: BalanceChange) {
      if (change.balances.length > 0) pending.push({ portfolioId, message: balanceMessage(portfolioId, change) });
    },
    order(order: Order) {
      pending.push({ portfolioId: order.portfolio_id, message: orderMessage(order) });
    },
    /** Publishes and empties; a bus failure never fails the write that already committed. */
    async flush() {
      for (const { portfolioId, message } of pending.splice(0)) await bus.publish(portfolioTopic(portfolioId), message).catch(() => undefined);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
