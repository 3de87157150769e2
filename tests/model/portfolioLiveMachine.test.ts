import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type EventObject } from 'xstate';
import type { Balance } from '../../contract/portfolio/ledger';
import type { Order } from '../../contract/portfolio/orders';
import { portfolioLiveMachine, type PortfolioLiveContext } from '../../src/machines/portfolioLiveMachine';
import { generatePaths, missingCoverage, NO_GAPS, replayPath, type StepCheck } from './support/modelPaths';

/*
 * The live store of a portfolio screen: paths from its graph replayed on a real actor. After every
 * step each symbol holds its newest snapshot and each order its newest state (a late frame never
 * moves them back), tags follow the socket, and a refetch is asked exactly on a reconnect after a drop.
 */

const T0 = 1_767_225_600_000;
const ISO = (ms: number) => new Date(ms).toISOString();
const balance = (id: number, symbol: string, total: string, ts: number): Balance => ({
  id, portfolio_id: 5, symbol, free: total, locked: '0', total, cost_basis: '0', price: null, value: null, transaction_id: id, order_id: null, timestamp: ts,
});
const order = (status: 10 | 20 | 30, updated: number): Order => ({
  id: 9, portfolio_id: 5, market: 'crypto', symbol: 'BTCUSDT', main_symbol: 'BTC', quote_symbol: 'USDT', side: 'buy', order_type: 10, status, timeframe: null, price: null,
  amount: '1', filled: status === 30 ? '1' : '0', average_fill_price: null, fee: '0', fee_symbol: null, source: { type: 'manual' }, rule_flags: [], reject_reason: null, note: null,
  client_order_id: null, timestamp: T0, filled_at: null, created_at: ISO(T0), updated_at: ISO(updated),
});

const EVENTS = [
  { type: 'portfolio.connected' },
  { type: 'portfolio.disconnected' },
  { type: 'portfolio.balance', change: { transaction: null, balances: [balance(2, 'USDT', '1000', T0 + 2000)] } },
  // A late snapshot from before: must not move USDT back.
  { type: 'portfolio.balance', change: { transaction: null, balances: [balance(1, 'USDT', '500', T0 + 1000), balance(3, 'BTC', '1', T0 + 1000)] } },
  { type: 'portfolio.order', order: order(30, T0 + 3000) },
  { type: 'portfolio.order', order: order(10, T0 + 1000) },
  { type: 'portfolio.clear' },
] as EventObject[];

const context = (c: PortfolioLiveContext) => ({ symbols: Object.keys(c.balances).sort(), usdt: c.balances.USDT?.id ?? null, order: c.orders[9]?.status ?? null });

const paths = generatePaths(portfolioLiveMachine, {
  events: EVENTS,
  context,
  coverEdge: (snapshot, event) => snapshot.matches('live') && ['portfolio.balance', 'portfolio.order'].includes(event.type),
});

describe('portfolioLiveMachine (model)', () => {
  it('visits every state and transition', () => {
    expect(missingCoverage(portfolioLiveMachine, paths)).toEqual(NO_GAPS);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const clock = new SimulatedClock();
      clock.set(T0);
      const actor = createActor(portfolioLiveMachine, { clock, input: { portfolioId: 5, now: () => clock.now() } });
      let resyncs = 0;
      actor.on('portfolio.resync', () => void resyncs++);
      const newest = new Map<string, Balance>();
      let newestOrder: Order | null = null;
      let seen = 0;
      const check = ({ event, snapshot, previous }: StepCheck) => {
        const e = event as { type: string; change?: { balances: Balance[] }; order?: Order };
        if (e.type === 'portfolio.clear') {
          newest.clear();
          newestOrder = null;
        }
        for (const b of e.change?.balances ?? []) if (!newest.has(b.symbol) || newest.get(b.symbol)!.timestamp < b.timestamp) newest.set(b.symbol, b);
        if (e.order && (!newestOrder || newestOrder.updated_at <= e.order.updated_at)) newestOrder = e.order;
        const c = snapshot.context as PortfolioLiveContext;
        expect(c.balances).toEqual(Object.fromEntries(newest));
        expect(c.orders[9] ?? null).toEqual(newestOrder);
        expect(snapshot.hasTag('live')).toBe(snapshot.matches('live'));
        expect(snapshot.hasTag('stale')).toBe(snapshot.matches('interrupted'));
        const asked = resyncs - seen;
        seen = resyncs;
        expect(asked).toBe(previous?.matches('interrupted') && snapshot.matches('live') ? 1 : 0);
      };
      await replayPath(path, { actor, clock, context, check });
    });
  }
});
