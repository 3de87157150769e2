import { assertEvent, assign, emit, setup } from 'xstate';
import type { Balance, BalanceChange } from '../../contract/portfolio/ledger';
import type { Order } from '../../contract/portfolio/orders';
import type { PortfolioDetail } from '../../contract/portfolio/portfolios';

/**
 * The live side of one portfolio screen, fed by `/api/ws/portfolio/{id}`: the portfolio as last
 * pushed (its summary moves with prices), each symbol's newest balance snapshot and each order's
 * newest state. A message never moves a balance or an order back in time, so a late frame cannot
 * undo a newer one. After the socket comes back from a drop it emits `portfolio.resync`: the
 * screen refetches what it may have missed; every data message emits `portfolio.changed` with what
 * changed, so the screen refetches the reads it touches (ledger, history).
 */

export interface PortfolioLiveContext {
  portfolioId: number;
  portfolio: PortfolioDetail | null;
  /** Newest snapshot by symbol. */
  balances: Record<string, Balance>;
  /** Newest state by order id. */
  orders: Record<number, Order>;
  /** Set when a `deleted` message came: the screen leaves. */
  deleted: boolean;
  updatedAt: number | null;
  now: () => number;
}

export type PortfolioLiveEvent =
  | { type: 'portfolio.connected' }
  | { type: 'portfolio.disconnected' }
  | { type: 'portfolio.balance'; change: BalanceChange }
  | { type: 'portfolio.order'; order: Order }
  | { type: 'portfolio.detail'; portfolio: PortfolioDetail; reason: 'changed' | 'valuation' | 'deleted' }
  | { type: 'portfolio.clear' };

export type PortfolioLiveEmitted = { type: 'portfolio.resync' } | { type: 'portfolio.changed'; what: 'balance' | 'order' | 'portfolio' };

/** Snapshots merged in by symbol; an older one (by time, then id) is ignored. Same object when nothing changed. */
export function mergeBalances(held: Record<string, Balance>, incoming: readonly Balance[]): Record<string, Balance> {
  let next = held;
  for (const balance of incoming) {
    const have = next[balance.symbol];
    if (have && (have.timestamp > balance.timestamp || (have.timestamp === balance.timestamp && have.id >= balance.id))) continue;
    if (next === held) next = { ...held };
    next[balance.symbol] = balance;
  }
  return next;
}

/** An order's newer state replaces the older (by `updated_at`); same object when it is not newer. */
export function mergeOrder(held: Record<number, Order>, order: Order): Record<number, Order> {
  const have = held[order.id];
  if (have && have.updated_at > order.updated_at) return held;
  if (have && have.updated_at === order.updated_at && have.status === order.status && have.filled === order.filled) return held;
  return { ...held, [order.id]: order };
}

export const portfolioLiveMachine = setup({
  types: {
    input: {} as { portfolioId: number; now?: () => number } | undefined,
    context: {} as PortfolioLiveContext,
    events: {} as PortfolioLiveEvent,
    emitted: {} as PortfolioLiveEmitted,
  },
  actions: {
    receiveBalance: assign(({ context, event }) => {
      assertEvent(event, 'portfolio.balance');
      const balances = mergeBalances(context.balances, event.change.balances);
      return balances === context.balances ? {} : { balances, updatedAt: context.now() };
    }),
    receiveOrder: assign(({ context, event }) => {
      assertEvent(event, 'portfolio.order');
      const orders = mergeOrder(context.orders, event.order);
      return orders === context.orders ? {} : { orders, updatedAt: context.now() };
    }),
    receiveDetail: assign(({ context, event }) => {
      assertEvent(event, 'portfolio.detail');
      const held = context.portfolio;
      // A valuation older than the one held is dropped; an edit always wins.
      if (held && event.reason === 'valuation' && held.summary && event.portfolio.summary && held.summary.valued_at > event.portfolio.summary.valued_at) return {};
      return { portfolio: event.portfolio, deleted: event.reason === 'deleted', updatedAt: context.now() };
    }),
    clearAll: assign(({ context }) => ({ portfolio: null, balances: {}, orders: {}, deleted: false, updatedAt: context.now() })),
    askResync: emit({ type: 'portfolio.resync' } as const),
    balanceChanged: emit({ type: 'portfolio.changed', what: 'balance' } as const),
    orderChanged: emit({ type: 'portfolio.changed', what: 'order' } as const),
    portfolioChanged: emit({ type: 'portfolio.changed', what: 'portfolio' } as const),
  },
}).createMachine({
  id: 'portfolioLive',
  context: ({ input }) => ({
    portfolioId: input?.portfolioId ?? 0,
    portfolio: null,
    balances: {},
    orders: {},
    deleted: false,
    updatedAt: null,
    now: input?.now ?? Date.now,
  }),
  initial: 'waiting',
  on: {
    'portfolio.balance': { actions: ['receiveBalance', 'balanceChanged'] },
    'portfolio.order': { actions: ['receiveOrder', 'orderChanged'] },
    'portfolio.detail': { actions: ['receiveDetail', 'portfolioChanged'] },
    'portfolio.clear': { target: '.waiting', actions: 'clearAll' },
  },
  states: {
    /** The socket has not opened yet: what is on screen is what the reads answered. */
    waiting: {
      tags: ['loading'],
      on: { 'portfolio.connected': 'live' },
    },
    live: {
      tags: ['live'],
      on: { 'portfolio.disconnected': 'interrupted' },
    },
    /** The socket dropped; it reconnects by itself. What is on screen may be behind. */
    interrupted: {
      tags: ['stale'],
      on: { 'portfolio.connected': { target: 'live', actions: 'askResync' } },
    },
  },
});
