import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/domain/portfolios/ledger/checkLedger';
import { priceTopic } from '../../server/feeds/priceHub';
import { candleSeries, THRESHOLD_STRATEGY } from './support/candleSeries';
import { startTestServer, type TestServer } from './support/testServer';

/*
 * Issue 6's journey on a real server: a paper portfolio from a deposit, through a signal's order
 * waiting for the user's yes, its confirmation and fill, a manual sell, a second signal that could
 * not be paid for, to the balance history — every figure worked out by hand, in exact decimals.
 */

const MARKET = 'crypto';
const M = '/api/portfolio/manager';

describe('a paper portfolio from deposit to signal orders, fills and balance history', () => {
  let ts: TestServer;
  let token: string;
  let pid: number;
  const { candle, close } = candleSeries(() => ts, MARKET, 'BTCUSDT');
  const engine = () => ts.server.app.ctx.services.engine;
  /** A candle closes as the feed closes it: stored, then published; waits for the engine to score it. */
  const closeCandle = async (i: number, price: number) => {
    const before = engine().status().data.closes;
    await close([candle(i, price)]);
    await expect.poll(() => engine().status().data.closes).toBeGreaterThan(before);
    await engine().idle();
  };
  /** A live price batch as the feed publishes it; waits until the paper broker has it. */
  const livePrice = async (price: number) => {
    const timestamp = Date.now();
    await ts.server.app.ctx.bus.publish(priceTopic(MARKET), {
      market: MARKET, source: 'simulated', timestamp,
      data: [{ symbol: 'BTCUSDT', price, timestamp, open_24h: price, change_24h_pct: 0, high_24h: price, low_24h: price, volume_24h: 0, candle: { open_time: timestamp, open: price, high: price, low: price, close: price, volume: 0 } }],
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await ts.server.app.ctx.services.paperBroker.idle();
  };
  const holding = async (symbol: string) => (await ts.call('GET', `${M}/read_symbol_last_balance?portfolio_id=${pid}&symbol=${symbol}`, { token })).body.holding;
  const orders = async () => (await ts.call('GET', `${M}/query_orders?portfolio_id=${pid}`, { token })).body.data as { id: number; side: string; status: number; amount: string; filled: string; fee: string }[];

  beforeAll(async () => {
    ts = await startTestServer();
    token = (await ts.createUser('journey@bazaar.test')).token;
    pid = (await ts.call('POST', '/api/portfolio/', { token, json: { name: 'Paper', market: MARKET } })).body.id;
    await close(Array.from({ length: 50 }, (_, i) => candle(i, 90)), false);
    const group = await ts.call('POST', '/api/relations/create_group', { token, json: { name: 'BTC', symbols: [{ market: MARKET, symbol: 'BTCUSDT' }] } });
    const strategy = await ts.call('POST', '/api/strategy/', { token, json: { name: 'Threshold', body: THRESHOLD_STRATEGY } });
    // `ask`: every order from a signal waits for the user's yes.
    const subscription = await ts.call('POST', '/api/relations/create_subscription', {
      token,
      json: { name: 'BTC', strategy_id: strategy.body.id, timeframe: '1m', group_ids: [group.body.id], confirmation_mode: 20 },
    });
    await ts.call('POST', '/api/relations/create_subscription_link', { token, json: { subscription_id: subscription.body.id, portfolio_id: pid, confirmation: true } });
    await engine().refresh();
  });
  afterAll(async () => ts?.close());

  it('deposits 1,000 USDT', async () => {
    const deposit = await ts.call('POST', `${M}/set_new_balance`, { token, json: { portfolio_id: pid, type: 10, symbol: 'USDT', amount: '1000' } });
    expect(deposit.status).toBe(200);
    expect(await holding('USDT')).toMatchObject({ total: '1000', free: '1000' });
  });

  it('a buy signal places an order that waits for the yes, and moves no balance', async () => {
    await livePrice(110);
    await closeCandle(50, 110);
    const [order, ...more] = await orders();
    expect(more).toEqual([]);
    // 100 USDT's worth (the default signal_order_value) at 110: 0.909090909… → 0.90909091.
    expect(order).toMatchObject({ side: 'buy', status: 10, amount: '0.90909091', filled: '0' });
    expect(await holding('USDT')).toMatchObject({ total: '1000', free: '1000' });
  });

  it('confirming fills it at the live price with the 0.1 % fee', async () => {
    const [pending] = await orders();
    const confirmed = await ts.call('PUT', `${M}/update_order`, { token, json: { action: 'confirm', order_id: pending!.id } });
    expect(confirmed.status).toBe(200);
    // 0.90909091 × 110 = 100.0000001 USDT; fee 0.1000000001; 1000 − 100.0000001 − 0.1000000001.
    expect(confirmed.body).toMatchObject({ status: 30, filled: '0.90909091', average_fill_price: '110', fee: '0.1000000001' });
    expect(await holding('USDT')).toMatchObject({ total: '899.8999998999' });
    expect(await holding('BTC')).toMatchObject({ total: '0.90909091', cost_basis: '100.1000001001' });
    // A filled order cannot be confirmed again.
    expect((await ts.call('PUT', `${M}/update_order`, { token, json: { action: 'confirm', order_id: pending!.id } })).status).toBe(409);
  });

  it('a manual sell of 0.5 BTC at 120 fills at once', async () => {
    await livePrice(120);
    const sell = await ts.call('POST', `${M}/set_order`, { token, json: { portfolio_id: pid, symbol: 'BTCUSDT', side: 'sell', amount: '0.5' } });
    // 0.5 × 120 = 60 in, fee 0.06 out: 899.8999998999 + 59.94.
    expect(sell.body).toMatchObject({ status: 30, average_fill_price: '120', fee: '0.06' });
    expect(await holding('USDT')).toMatchObject({ total: '959.8399998999' });
    expect(await holding('BTC')).toMatchObject({ total: '0.40909091' });
  });

  it('a sell signal for more than is held waits too, and confirming it is refused with what is free', async () => {
    await closeCandle(51, 90);
    const pending = (await orders()).find((o) => o.side === 'sell' && o.status === 10)!;
    // 100 USDT's worth at 90: 1.111111111… → 1.11111111 BTC, more than the 0.40909091 held.
    expect(pending.amount).toBe('1.11111111');
    const refused = await ts.call('PUT', `${M}/update_order`, { token, json: { action: 'confirm', order_id: pending.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('0.40909091 BTC');
    expect(await holding('BTC')).toMatchObject({ total: '0.40909091' });
    const cancelled = await ts.call('PUT', `${M}/update_order`, { token, json: { action: 'cancel', order_id: pending.id } });
    expect(cancelled.body).toMatchObject({ status: 40 });
  });

  it('the balance history and the ledger agree with every step', async () => {
    const history = await ts.call('GET', `${M}/read_balance_history?portfolio_id=${pid}&symbol=USDT&timeframe=1d`, { token });
    expect(history.status).toBe(200);
    const points = history.body.points as { total: string; net_flow: string }[];
    expect(points.at(-1)).toMatchObject({ total: '959.8399998999', net_flow: '1000' });
    const ledger = await ts.call('GET', `${M}/read_balance?portfolio_id=${pid}&limit=50`, { token });
    // Deposit, the confirmed buy and the manual sell: three transactions.
    expect(ledger.body.count).toBe(3);
    expect(await checkLedger(ts.server.store.db, pid)).toEqual([]);
  });
});
