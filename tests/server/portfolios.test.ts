import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LastMarketKline } from '../../contract/market/klines';
import { Order } from '../../contract/portfolio/orders';
import { PortfolioDetail, PortfolioList } from '../../contract/portfolio/portfolios';
import { ordersRepository, type OrderWrite } from '../../server/store/repositories/orders';
import { storeCandles, sixHours, T0, MIN } from './klines/klineFixture';
import { as, createPortfolio, locs, ok, type Client } from './signals/fixtures';
import { startTestServer, type TestServer } from './support/testServer';

const P = '/api/portfolio';

/** A market order as a signal through a link would place it, pending the owner's yes. */
function signalOrder(portfolioId: number, linkId: number, signalTimestamp: number, extra: Partial<OrderWrite> = {}): OrderWrite {
  return {
    portfolio_id: portfolioId,
    market: 'crypto',
    symbol: 'BTCUSDT',
    main_symbol: 'BTC',
    quote_symbol: 'USDT',
    side: 'buy',
    order_type: 10,
    status: 10,
    timeframe: '1h',
    price: null,
    amount: '0.015',
    filled: '0',
    average_fill_price: null,
    fee: '0',
    fee_symbol: null,
    source: { type: 'signal', link_id: linkId, subscription_id: 4, strategy_id: 1, score: 62.5, signal_timestamp: signalTimestamp },
    rule_flags: [],
    reject_reason: null,
    note: null,
    client_order_id: null,
    timestamp: signalTimestamp + 5,
    filled_at: null,
    ...extra,
  };
}

describe('portfolios', () => {
  let t: TestServer;
  let alice: Client;
  let bob: Client;
  let aliceId: number;
  beforeAll(async () => {
    t = await startTestServer();
    const user = await t.createUser('alice.portfolios@bazaar.test');
    aliceId = user.id;
    alice = as(t, user.token);
    bob = as(t, (await t.createUser('bob.portfolios@bazaar.test')).token);
  });
  afterAll(async () => t?.close());

  describe('creating', () => {
    it("creates a paper portfolio in the market's currency by default, with a zero summary", async () => {
      const res = await alice.post(P, { name: 'Crypto paper', market: 'crypto' });
      expect(res.status).toBe(200);
      const portfolio = PortfolioDetail.parse(res.body);
      expect(portfolio).toMatchObject({
        owner_id: aliceId,
        name: 'Crypto paper',
        description: null,
        market: 'crypto',
        currency: 20,
        status: 10,
        account_type: 10,
        broker_id: null,
      });
      expect(portfolio.summary).toMatchObject({ total_value: '0', holdings_count: 0, open_orders_count: 0, pending_orders_count: 0 });
      const tse = await createPortfolio(alice, { name: 'Tehran watch', market: 'tse', account_type: 30, description: 'بورس' });
      expect(tse).toMatchObject({ currency: 10, account_type: 30, description: 'بورس' });
    });

    it('creates a live portfolio with its broker, and a portfolio in another currency', async () => {
      expect(await createPortfolio(alice, { name: 'Live', account_type: 20, broker_id: 'binance' })).toMatchObject({ account_type: 20, broker_id: 'binance' });
      expect(await createPortfolio(alice, { name: 'In euros', currency: 30, status: 20 })).toMatchObject({ currency: 30, status: 20 });
    });

    it('refuses bad input with 422 naming the field, writing nothing', async () => {
      const before = (await ok(alice.get(P))).count;
      const cases: [unknown, string[]][] = [
        [{ name: 'x', market: 'nasdaq' }, ['body.market']],
        [{ name: 'x', market: 'crypto', account_type: 20 }, ['body.broker_id']],
        [{ name: 'x', market: 'crypto', broker_id: 'binance' }, ['body.broker_id']],
        [{ name: 'x', market: 'crypto', currency: 40 }, ['body.currency']],
        [{ name: '', market: 'crypto', status: 99 }, ['body.name', 'body.status']],
        [{ name: 'x', market: 'crypto', owner_id: 2 }, ['body.owner_id']],
      ];
      for (const [body, expected] of cases) {
        const res = await alice.post(P, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(locs(res).sort()).toEqual(expected);
      }
      expect((await ok(alice.get(P))).count).toBe(before);
    });
  });

  describe('listing and reading', () => {
    it("lists the caller's portfolios, filtered by market, status and account type", async () => {
      const all = PortfolioList.parse(await ok(alice.get(P)));
      expect(all.data.map((p) => p.name)).toEqual(['Crypto paper', 'Tehran watch', 'Live', 'In euros']);
      expect((await ok(alice.get(P, { market: 'tse' }))).data.map((p: { name: string }) => p.name)).toEqual(['Tehran watch']);
      expect((await ok(alice.get(P, { status: 20 }))).data.map((p: { name: string }) => p.name)).toEqual(['In euros']);
      expect((await ok(alice.get(P, { account_type: 20 }))).data.map((p: { name: string }) => p.name)).toEqual(['Live']);
      const page = await ok(alice.get(P, { skip: 1, limit: 2, with_summary: false }));
      expect(page.count).toBe(4);
      expect(page.data.map((p: { name: string; summary: unknown }) => [p.name, p.summary])).toEqual([
        ['Tehran watch', null],
        ['Live', null],
      ]);
      expect((await alice.get(P, { status: 15 })).status).toBe(422);
      expect((await ok(bob.get(P))).count).toBe(0);
    });

    it('gets one, with or without its summary', async () => {
      const [first] = (await ok(alice.get(P))).data;
      expect(await ok(alice.get(`${P}/${first.id}`))).toMatchObject({ id: first.id, summary: { holdings_count: 0 } });
      expect((await ok(alice.get(`${P}/${first.id}`, { with_summary: false }))).summary).toBeNull();
    });
  });

  describe('changing and deleting', () => {
    it('renames, describes, pauses and archives; omitted fields keep their value', async () => {
      const p = await createPortfolio(alice, { name: 'To change', description: 'keep me' });
      expect(await ok(alice.put(`${P}/${p.id}`, { name: 'Changed' }))).toMatchObject({ name: 'Changed', description: 'keep me', status: 10 });
      expect(await ok(alice.put(`${P}/${p.id}`, { status: 30, description: null }))).toMatchObject({ name: 'Changed', description: null, status: 30 });
      expect((await ok(alice.get(P, { status: 30 }))).data.map((x: { id: number }) => x.id)).toEqual([p.id]);
    });

    it('refuses an empty change, a market change and a broker on a paper portfolio (422), and a broker removal on a live one', async () => {
      const p = await createPortfolio(alice, { name: 'Fixed' });
      expect((await alice.put(`${P}/${p.id}`, {})).status).toBe(422);
      // The unknown field is named; with nothing left to change the body is also refused as a whole.
      expect(locs(await alice.put(`${P}/${p.id}`, { market: 'tse' }))).toContain('body.market');
      expect(locs(await alice.put(`${P}/${p.id}`, { broker_id: 'binance' }))).toEqual(['body.broker_id']);
      const live = await createPortfolio(alice, { name: 'Live two', account_type: 20, broker_id: 'binance' });
      expect(locs(await alice.put(`${P}/${live.id}`, { broker_id: null }))).toEqual(['body.broker_id']);
      expect(await ok(alice.put(`${P}/${live.id}`, { broker_id: 'paper' }))).toMatchObject({ broker_id: 'paper' });
      expect((await ok(alice.get(`${P}/${p.id}`))).market).toBe('crypto');
    });

    it("answers 404 for another user's portfolio, whatever the call, changing nothing", async () => {
      const p = await createPortfolio(alice, { name: 'Mine only' });
      for (const res of [await bob.get(`${P}/${p.id}`), await bob.put(`${P}/${p.id}`, { name: 'Taken' }), await bob.del(`${P}/${p.id}`)]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ detail: 'Portfolio not found' });
      }
      expect((await ok(alice.get(`${P}/${p.id}`))).name).toBe('Mine only');
      expect((await alice.get(`${P}/999999`)).status).toBe(404);
    });

    it('deletes a portfolio with its orders, and clears it as the default portfolio', async () => {
      const p = await createPortfolio(alice, { name: 'Doomed' });
      const db = t.server.app.ctx.db;
      await ordersRepository.insertOrder(db, signalOrder(p.id, 1, T0));
      await db.updateTable('profiles').set({ default_portfolio_id: p.id }).where('user_id', '=', aliceId).execute();
      expect(await ok(alice.del(`${P}/${p.id}`))).toEqual({ msg: 'Portfolio deleted' });
      expect((await alice.get(`${P}/${p.id}`)).status).toBe(404);
      expect(await db.selectFrom('orders').selectAll().where('portfolio_id', '=', p.id).execute()).toEqual([]);
      expect((await ok(alice.get('/api/user/profile'))).default_portfolio_id).toBeNull();
    });
  });

  describe('orders the live engine places', () => {
    it('inserts an order once per link, symbol and signal candle, and once per client_order_id', async () => {
      const p = await createPortfolio(alice, { name: 'Signals' });
      const db = t.server.app.ctx.db;
      const first = await ordersRepository.insertOrder(db, signalOrder(p.id, 9, T0));
      expect(first.created).toBe(true);
      expect(Order.parse(first.order)).toMatchObject({
        portfolio_id: p.id,
        status: 10,
        amount: '0.015',
        source: { type: 'signal', link_id: 9, score: 62.5, signal_timestamp: T0 },
      });
      const again = await ordersRepository.insertOrder(db, signalOrder(p.id, 9, T0, { amount: '1' }));
      expect(again).toEqual({ created: false, order: first.order });
      expect((await ordersRepository.insertOrder(db, signalOrder(p.id, 9, T0 + 3_600_000))).created).toBe(true);

      const manual = { ...signalOrder(p.id, 0, T0), source: { type: 'manual' as const }, status: 20 as const, order_type: 20 as const, price: '60000', client_order_id: 'abc-1' };
      const placed = await ordersRepository.insertOrder(db, manual);
      expect(placed.created).toBe(true);
      expect(placed.order.source).toEqual({ type: 'manual' });
      expect(await ordersRepository.insertOrder(db, { ...manual, amount: '5' })).toMatchObject({ created: false, order: { id: placed.order.id, amount: '0.015' } });
      // Manual orders without a key are never merged.
      const plain = { ...manual, client_order_id: null };
      expect((await ordersRepository.insertOrder(db, plain)).created).toBe(true);
      expect((await ordersRepository.insertOrder(db, plain)).created).toBe(true);

      const summary = (await ok(alice.get(`${P}/${p.id}`))).summary;
      expect(summary).toMatchObject({ pending_orders_count: 2, open_orders_count: 3 });
    });
  });

  describe('read_last_market_kline', () => {
    it("answers the last candle of a symbol in the portfolio's market; another user's portfolio is a 404", async () => {
      const p = await createPortfolio(alice, { name: 'Kline reader' });
      const M = '/api/portfolio/manager/read_last_market_kline';
      const empty = LastMarketKline.parse(await ok(alice.get(M, { portfolio_id: p.id, symbol: 'ETHUSDT' })));
      expect(empty).toEqual({ portfolio_id: p.id, kline: null });
      await storeCandles(t, sixHours());
      const res = LastMarketKline.parse(await ok(alice.get(M, { portfolio_id: p.id, symbol: 'BTCUSDT' })));
      expect(res.kline).toMatchObject({ open_time: T0 + 359 * MIN, close: 1360 });
      expect((await bob.get(M, { portfolio_id: p.id, symbol: 'BTCUSDT' })).status).toBe(404);
    });
  });
});
