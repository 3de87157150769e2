import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceTopic } from '../../server/feeds/priceHub';
import { checkLedger } from '../../server/domain/portfolios/ledger/checkLedger';
import { startTestServer, type TestServer } from './support/testServer';

const MARKET = 'crypto';
const M = '/api/portfolio/manager';

describe('ledger, orders and paper fills', () => {
  let ts: TestServer;
  let token: string;
  let other: string;
  let pid: number;

  /** A price batch on the bus, as the market feed publishes it; waits until the paper broker has handled it. */
  const pushPrice = async (symbol: string, price: number, timestamp = Date.now()) => {
    await ts.server.app.ctx.bus.publish(priceTopic(MARKET), {
      market: MARKET,
      source: 'simulated',
      timestamp,
      data: [{ symbol, price, timestamp, open_24h: price, change_24h_pct: 0, high_24h: price, low_24h: price, volume_24h: 0, candle: { open_time: timestamp, open: price, high: price, low: price, close: price, volume: 0 } }],
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await ts.server.app.ctx.services.paperBroker.idle();
  };
  const last = async (symbol: string) => (await ts.call('GET', `${M}/read_symbol_last_balance?portfolio_id=${pid}&symbol=${symbol}`, { token })).body.holding;

  beforeAll(async () => {
    ts = await startTestServer();
    token = (await ts.createUser('trader@bazaar.test')).token;
    other = (await ts.createUser('other@bazaar.test')).token;
    const created = await ts.call('POST', '/api/portfolio/', { token, json: { name: 'Paper', market: MARKET } });
    expect(created.status).toBe(200);
    pid = created.body.id;
    // What server.ts does after starting the feeds (see docs/DECISIONS.md): follow every market's prices.
    await ts.server.app.ctx.services.paperBroker.start();
    // The live price the paper fills use: BTC at 20 000 USDT.
    await pushPrice('BTCUSDT', 20000);
  });
  afterAll(async () => ts?.close());

  it('deposits, buys at the live price with the fee, sells, and every figure adds up by hand', async () => {
    const deposit = await ts.call('POST', `${M}/set_new_balance`, { token, json: { portfolio_id: pid, type: 10, symbol: 'USDT', amount: '10000' } });
    expect(deposit.status).toBe(200);
    expect(deposit.body.balances).toEqual([expect.objectContaining({ symbol: 'USDT', free: '10000', locked: '0', total: '10000', cost_basis: '10000', value: '10000' })]);

    // Market buy of 0.25 BTC at 20 000: 5 000 USDT plus the crypto market's 0.1 % fee (5 USDT).
    const buy = await ts.call('POST', `${M}/set_order`, { token, json: { portfolio_id: pid, symbol: 'BTCUSDT', side: 'buy', amount: '0.25' } });
    expect(buy.status).toBe(200);
    expect(buy.body).toMatchObject({ status: 30, filled: '0.25', average_fill_price: '20000', fee: '5', fee_symbol: 'USDT', main_symbol: 'BTC', quote_symbol: 'USDT' });
    expect(await last('USDT')).toMatchObject({ total: '4995', free: '4995', cost_basis: '4995' });
    expect(await last('BTC')).toMatchObject({ total: '0.25', cost_basis: '5005', market_value: '5000', unrealized_pnl: '-5' });

    // The price rises to 22 000; sell 0.1 BTC: 2 200 in, fee 2.2 out.
    await pushPrice('BTCUSDT', 22000);
    const sell = await ts.call('POST', `${M}/set_order`, { token, json: { portfolio_id: pid, symbol: 'BTCUSDT', side: 'sell', amount: '0.1' } });
    expect(sell.body).toMatchObject({ status: 30, average_fill_price: '22000', fee: '2.2' });
    expect(await last('USDT')).toMatchObject({ total: '7192.8' });
    // Average cost: 5005 × 0.15 / 0.25 = 3003 left on 0.15 BTC.
    expect(await last('BTC')).toMatchObject({ total: '0.15', cost_basis: '3003', market_value: '3300', unrealized_pnl: '297' });

    const all = await ts.call('GET', `${M}/read_all_last_balances?portfolio_id=${pid}`, { token });
    expect(all.body).toMatchObject({ total_value: '10492.8', total_cost_basis: '10195.8' });
    const summary = await ts.call('GET', `/api/portfolio/${pid}`, { token });
    expect(summary.body.summary).toMatchObject({ total_value: '10492.8', cost_basis: '10195.8', unrealized_pnl: '297', holdings_count: 2 });
    // Deposits today are left out of the day change: 10 492.8 − 0 − 10 000.
    expect(summary.body.summary.day_change_value).toBe('492.8');

    const value = await ts.call('GET', `${M}/real_time_symbol_value?portfolio_id=${pid}&symbol=BTC&amount=2`, { token });
    expect(value.body).toMatchObject({ price: '22000', value: '44000' });
    expect(await checkLedger(ts.server.store.db, pid)).toEqual([]);
  });

  it('refuses an overdraft with 409 naming what is free, and writes nothing', async () => {
    const before = (await ts.call('GET', `${M}/read_balance?portfolio_id=${pid}`, { token })).body.count;
    const withdraw = await ts.call('POST', `${M}/set_new_balance`, { token, json: { portfolio_id: pid, type: 20, symbol: 'BTC', amount: '1' } });
    expect(withdraw.status).toBe(409);
    expect(withdraw.body.detail).toContain('0.15 BTC');
    const buy = await ts.call('POST', `${M}/set_order`, { token, json: { portfolio_id: pid, symbol: 'BTCUSDT', side: 'buy', amount: '100' } });
    expect(buy.status).toBe(409);
    expect((await ts.call('GET', `${M}/read_balance?portfolio_id=${pid}`, { token })).body.count).toBe(before);
    expect((await ts.call('GET', `${M}/query_orders?portfolio_id=${pid}&status=50`, { token })).body.count).toBe(0);
  });

  it('answers 422 for bad input and 404 for another user', async () => {
    const unknown = await ts.call('POST', `${M}/set_new_balance`, { token, json: { portfolio_id: pid, type: 10, symbol: 'NOPE', amount: '1' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0].loc).toEqual(['body', 'symbol']);
    expect((await ts.call('POST', `${M}/set_new_balance`, { token, json: { portfolio_id: pid, type: 10, symbol: 'USDT', amount: '0' } })).status).toBe(422);
    expect((await ts.call('POST', `${M}/set_new_balance`, { token, json: { portfolio_id: pid, type: 12, symbol: 'USDT', amount: '1' } })).status).toBe(422);
    expect((await ts.call('POST', `${M}/set_new_balance`, { token: other, json: { portfolio_id: pid, type: 10, symbol: 'USDT', amount: '1' } })).status).toBe(404);
    expect((await ts.call('GET', `${M}/read_all_last_balances?portfolio_id=${pid}`, { token: other })).status).toBe(404);
    const order = (await ts.call('GET', `${M}/query_orders?portfolio_id=${pid}`, { token })).body.data[0];
    expect((await ts.call('GET', `${M}/read_order?order_id=${order.id}`, { token: other })).status).toBe(404);
    expect((await ts.call('GET', `${M}/query_orders?portfolio_id=${pid}`, { token: other })).body.count).toBe(0);
  });

  it('holds funds for a limit order and fills it when the price crosses; cancelling releases them', async () => {
    const limit = await ts.call('POST', `${M}/set_order`, { token, json: { portfolio_id: pid, symbol: 'BTCUSDT', side: 'buy', order_type: 20, amount: '0.1', price: '21000' } });
    expect(limit.status).toBe(200);
    expect(limit.body.status).toBe(20);
    expect(await last('USDT')).toMatchObject({ total: '7192.8', locked: '2100', free: '5092.8' });
    await pushPrice('BTCUSDT', 21500);
    expect((await ts.call('GET', `${M}/read_order?order_id=${limit.body.id}`, { token })).body.status).toBe(20);
    await pushPrice('BTCUSDT', 20900);
    const filled = (await ts.call('GET', `${M}/read_order?order_id=${limit.body.id}`, { token })).body;
    // Fills at its limit: 2 100 + 2.1 fee.
    expect(filled).toMatchObject({ status: 30, average_fill_price: '21000', fee: '2.1' });
    expect(await last('USDT')).toMatchObject({ total: '5090.7', locked: '0', free: '5090.7' });
    expect(await last('BTC')).toMatchObject({ total: '0.25' });

    const sellStop = await ts.call('POST', `${M}/set_order`, { token, json: { portfolio_id: pid, symbol: 'BTCUSDT', side: 'sell', order_type: 30, amount: '0.05', price: '15000' } });
    expect(await last('BTC')).toMatchObject({ locked: '0.05', free: '0.2' });
    const cancel = await ts.call('PUT', `${M}/update_order`, { token, json: { action: 'cancel', order_id: sellStop.body.id } });
    expect(cancel.body.status).toBe(40);
    expect(await last('BTC')).toMatchObject({ locked: '0', free: '0.25' });
    expect((await ts.call('PUT', `${M}/update_order`, { token, json: { action: 'cancel', order_id: sellStop.body.id } })).status).toBe(409);
    expect(await checkLedger(ts.server.store.db, pid)).toEqual([]);
  });

  it('never loses an update under parallel withdrawals', async () => {
    const start = Number((await last('USDT')).total);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => ts.call('POST', `${M}/set_new_balance`, { token, json: { portfolio_id: pid, type: 20, symbol: 'USDT', amount: '500' } })),
    );
    const ok = results.filter((r) => r.status === 200).length;
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    // 5 090.7 covers ten withdrawals of 500 and not an eleventh.
    expect(ok).toBe(10);
    expect(Number((await last('USDT')).total)).toBeCloseTo(start - ok * 500, 8);
    expect(await checkLedger(ts.server.store.db, pid)).toEqual([]);
  });

  it('reconciles to a counted total, hides dust, and draws the history', async () => {
    const up = await ts.call('PUT', `${M}/update_balance`, { token, json: { portfolio_id: pid, symbol: 'USDT', total: '100.7' } });
    expect(up.status).toBe(200);
    expect(up.body.transaction).toMatchObject({ type: 10, amount: '10' });
    const same = await ts.call('PUT', `${M}/update_balance`, { token, json: { portfolio_id: pid, symbol: 'USDT', total: '100.7' } });
    expect(same.body).toEqual({ transaction: null, balances: [] });
    const dust = await ts.call('GET', `${M}/read_all_last_balances?portfolio_id=${pid}&minimum_value=1000`, { token });
    expect(dust.body.data.map((h: { symbol: string }) => h.symbol)).toEqual(['BTC']);
    const history = await ts.call('GET', `${M}/read_balance_history?portfolio_id=${pid}&timeframe=1h&limit=3`, { token });
    expect(history.status).toBe(200);
    expect(history.body.points).toHaveLength(3);
    expect(history.body.points.at(-1)).toMatchObject({ total: null, cost_basis: expect.any(String) });
  });

  it('refuses orders on watch-only portfolios', async () => {
    const watch = await ts.call('POST', '/api/portfolio/', { token, json: { name: 'Watch', market: MARKET, account_type: 30 } });
    const order = await ts.call('POST', `${M}/set_order`, { token, json: { portfolio_id: watch.body.id, symbol: 'BTCUSDT', side: 'buy', amount: '1' } });
    expect(order.status).toBe(409);
    expect((await ts.call('GET', `${M}/query_orders?portfolio_id=${watch.body.id}`, { token })).body.count).toBe(0);
  });
});
