import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Score, ScoreList } from '../../contract/signals/scores';
import { as, createGroup, createPortfolio, createSubscription, locs, ok, R, score, signal, type Client } from './signals/fixtures';
import { startTestServer, type TestServer } from './support/testServer';

const M = '/api/portfolio/manager';
const HOUR = 3_600_000;
const T = Date.parse('2024-05-01T00:00:00Z');

type S = { subscription_id: number; market: string; symbol: string; score_type: string; value: number; timestamp: number };
const brief = (rows: S[]) => rows.map((r) => `${r.subscription_id}:${r.symbol}:${r.score_type}=${r.value}`);

describe('scores and signals', () => {
  let t: TestServer;
  let alice: Client;
  let bob: Client;
  let aliceId: number;
  let a: { id: number };
  let b: { id: number };
  let c: { id: number };
  const engine = () => t.server.app.ctx.services.scores;

  beforeAll(async () => {
    t = await startTestServer();
    const aliceUser = await t.createUser('alice.scores@bazaar.test');
    aliceId = aliceUser.id;
    alice = as(t, aliceUser.token);
    bob = as(t, (await t.createUser('bob.scores@bazaar.test')).token);
    const group = await createGroup(alice, 'All', ['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
    a = await createSubscription(alice, [group.id], { name: 'A', listing_level: 50 });
    b = await createSubscription(alice, [group.id], { name: 'B', listing_level: 80 });
    c = await createSubscription(bob, [(await createGroup(bob, 'Bob', ['BTCUSDT'])).id], { name: 'C' });
    const inserted = await engine().insertScores([
      score(a.id, 'BTCUSDT', T, 10),
      score(a.id, 'BTCUSDT', T + HOUR, 40),
      score(a.id, 'BTCUSDT', T + 2 * HOUR, 70),
      score(a.id, 'BTCUSDT', T + 2 * HOUR, 60, { score_type: 'trend_up' }),
      score(a.id, 'BTCUSDT', T + 2 * HOUR, 10, { score_type: 'oversold' }),
      score(a.id, 'ETHUSDT', T + HOUR, -55),
      score(a.id, 'SOLUSDT', T + 2 * HOUR, 20),
      score(b.id, 'BTCUSDT', T + 2 * HOUR, 75),
      score(b.id, 'فولاد', T + HOUR, -90, { market: 'tse' }),
      score(c.id, 'BTCUSDT', T + 2 * HOUR, 99),
    ]);
    expect(inserted).toEqual({ inserted: 10 });
  });
  afterAll(async () => t?.close());

  const last = async (params: Record<string, string | number | boolean> = {}, c: Client = alice) =>
    ScoreList.parse(await ok(c.get(`${M}/read_last_scores`, params)));

  describe('what the live engine writes', () => {
    it('stores a batch once: the same scores again insert nothing and change nothing', async () => {
      const again = await engine().insertScores([score(a.id, 'BTCUSDT', T + HOUR, 41), score(a.id, 'ETHUSDT', T + HOUR, -56)]);
      expect(again).toEqual({ inserted: 0 });
      const history = await ok(alice.get(`${M}/read_symbol_score_history`, { subscription_id: a.id, market: 'crypto', symbol: 'ETHUSDT' }));
      expect(history.data.map((s: S) => s.value)).toEqual([-55]);
    });

    it('never moves the newest score back in time when an older candle arrives late', async () => {
      expect(await engine().insertScores([score(a.id, 'SOLUSDT', T - HOUR, -99)])).toEqual({ inserted: 1 });
      const sol = await last({ subscription_id: a.id, market: 'crypto', symbols: 'SOLUSDT' });
      expect(brief(sol.data)).toEqual([`${a.id}:SOLUSDT:total=20`]);
    });

    it('knows the last scored candle of a symbol, where scoring resumes after a restart', async () => {
      expect(await engine().lastScoredTime(a.id, 'crypto', 'BTCUSDT')).toBe(T + 2 * HOUR);
      expect(await engine().lastScoredTime(a.id, 'crypto', 'XRPUSDT')).toBeNull();
      expect(await engine().lastScoredTime(b.id, 'tse', 'فولاد')).toBe(T + HOUR);
    });

    it('records a signal once per subscription, symbol and candle', async () => {
      const first = await engine().insertSignal(signal(aliceId, a.id, 1, T + 2 * HOUR));
      expect(first.created).toBe(true);
      expect(first.signal).toMatchObject({ subscription_id: a.id, side: 'buy', score: 60, level: 50, price: '64000.5', notification_id: null, orders: [] });
      const again = await engine().insertSignal(signal(aliceId, a.id, 1, T + 2 * HOUR, { score: 61 }));
      expect(again).toMatchObject({ created: false, signal: { id: first.signal.id, score: 60 } });
      const otherCandle = await engine().insertSignal(signal(aliceId, a.id, 1, T + 3 * HOUR, { side: 'sell', score: -60, level: -50 }));
      expect(otherCandle.created).toBe(true);
      expect(otherCandle.signal.id).not.toBe(first.signal.id);

      const orders = [{ link_id: 7, portfolio_id: 3, order_id: 11, status: 10 as const, reason: null }];
      await engine().setSignalOutcome(first.signal.id, { notification_id: 5, orders });
      const { signalsRepository } = await import('../../server/store/repositories/signals');
      expect(await signalsRepository.findById(t.server.app.ctx.db, first.signal.id)).toMatchObject({ notification_id: 5, orders });
    });
  });

  describe('read_score', () => {
    const read = (params: Record<string, string | number>, c: Client = alice) =>
      c.get(`${M}/read_score`, { subscription_id: a.id, market: 'crypto', symbol: 'BTCUSDT', ...params });

    it('answers the newest score at or before a time, or the newest of all', async () => {
      expect(Score.parse(await ok(read({ timestamp: T + HOUR + 1800_000 })))).toMatchObject({ value: 40, timestamp: T + HOUR });
      expect(await ok(read({ timestamp: T + HOUR }))).toMatchObject({ value: 40 });
      expect(await ok(read({}))).toMatchObject({
        value: 70,
        timestamp: T + 2 * HOUR,
        score_type: 'total',
        strategy_id: 1,
        strategy_version: 1,
        strategy_timeframe: '1h',
        timeframe: '1h',
      });
      expect(await ok(read({ score_type: 'trend_up' }))).toMatchObject({ value: 60, score_type: 'trend_up' });
    });

    it('answers null before the first score, for an unscored symbol and for an unlinked portfolio', async () => {
      expect((await read({ timestamp: T - 1 })).body).toBeNull();
      expect((await read({ symbol: 'XRPUSDT' })).body).toBeNull();
      const unlinked = await createPortfolio(alice, { name: 'Unlinked' });
      const res = await read({ portfolio_id: unlinked.id });
      expect(res.status).toBe(200);
      expect(res.body).toBeNull();
    });

    it("answers 404 for another user's subscription or portfolio", async () => {
      expect((await read({}, bob)).status).toBe(404);
      const bobs = await createPortfolio(bob);
      expect((await read({ portfolio_id: bobs.id })).status).toBe(404);
    });
  });

  describe('read_last_scores', () => {
    it("ranks the newest total of each of the user's symbols by strength", async () => {
      const res = await last();
      expect(brief(res.data)).toEqual([
        `${b.id}:فولاد:total=-90`,
        `${b.id}:BTCUSDT:total=75`,
        `${a.id}:BTCUSDT:total=70`,
        `${a.id}:ETHUSDT:total=-55`,
        `${a.id}:SOLUSDT:total=20`,
      ]);
      expect(res.count).toBe(5);
    });

    it("keeps only symbols whose |total| reaches their subscription's listing level", async () => {
      expect(brief((await last({ listed_only: true })).data)).toEqual([`${b.id}:فولاد:total=-90`, `${a.id}:BTCUSDT:total=70`, `${a.id}:ETHUSDT:total=-55`]);
      // Rule scores of listed symbols only, though the total itself is not asked for.
      expect(brief((await last({ listed_only: true, score_type: 'trend_up' })).data)).toEqual([`${a.id}:BTCUSDT:trend_up=60`]);
    });

    it('answers every score type with *, for chosen symbols of a market', async () => {
      const res = await last({ subscription_id: a.id, market: 'crypto', symbols: 'BTCUSDT', score_type: '*' });
      expect(brief(res.data)).toEqual([`${a.id}:BTCUSDT:total=70`, `${a.id}:BTCUSDT:trend_up=60`, `${a.id}:BTCUSDT:oversold=10`]);
    });

    it('sorts by newest or by symbol, pages with skip and limit, and leaves out scores older than since', async () => {
      expect(brief((await last({ sort: 'newest' })).data)).toEqual([
        `${b.id}:BTCUSDT:total=75`,
        `${a.id}:BTCUSDT:total=70`,
        `${a.id}:SOLUSDT:total=20`,
        `${b.id}:فولاد:total=-90`,
        `${a.id}:ETHUSDT:total=-55`,
      ]);
      expect(brief((await last({ sort: 'symbol' })).data)).toEqual([
        `${a.id}:BTCUSDT:total=70`,
        `${b.id}:BTCUSDT:total=75`,
        `${a.id}:ETHUSDT:total=-55`,
        `${a.id}:SOLUSDT:total=20`,
        `${b.id}:فولاد:total=-90`,
      ]);
      const page = await last({ skip: 1, limit: 2 });
      expect(page.count).toBe(5);
      expect(brief(page.data)).toEqual([`${b.id}:BTCUSDT:total=75`, `${a.id}:BTCUSDT:total=70`]);
      expect((await last({ since: T + 2 * HOUR })).count).toBe(3);
      expect((await last({ market: 'tse' })).count).toBe(1);
    });

    it('narrows to the subscriptions linked to a portfolio', async () => {
      const portfolio = await createPortfolio(alice, { name: 'Linked to A' });
      await ok(alice.post(`${R}/create_subscription_link`, { subscription_id: a.id, portfolio_id: portfolio.id }));
      const res = await last({ portfolio_id: portfolio.id });
      expect(res.data.every((s) => s.subscription_id === a.id)).toBe(true);
      expect(res.count).toBe(3);
    });

    it("shows a user only their own subscriptions' scores; naming another's is a 404", async () => {
      expect(brief((await last({}, bob)).data)).toEqual([`${c.id}:BTCUSDT:total=99`]);
      expect((await bob.get(`${M}/read_last_scores`, { subscription_id: a.id })).status).toBe(404);
    });

    it('refuses symbols without a market (422 naming the field)', async () => {
      const res = await alice.get(`${M}/read_last_scores`, { symbols: 'BTCUSDT' });
      expect(res.status).toBe(422);
      expect(locs(res)).toEqual(['query.symbols']);
    });

    it('takes the newest over timeframes, or one timeframe when asked', async () => {
      const group = await createGroup(alice, 'XRP', ['XRPUSDT']);
      const d = await createSubscription(alice, [group.id], { name: 'D' });
      await engine().insertScores([score(d.id, 'XRPUSDT', T, 5), score(d.id, 'XRPUSDT', T + 60_000, 6, { timeframe: '1m' })]);
      expect(await ok(alice.get(`${M}/read_last_scores`, { subscription_id: d.id }))).toMatchObject({ count: 1, data: [{ value: 6, timeframe: '1m' }] });
      expect(await ok(alice.get(`${M}/read_last_scores`, { subscription_id: d.id, timeframe: '1h' }))).toMatchObject({ count: 1, data: [{ value: 5 }] });
    });
  });

  describe('read_symbol_score_history', () => {
    const history = async (params: Record<string, string | number> = {}) =>
      ScoreList.parse(
        await ok(alice.get(`${M}/read_symbol_score_history`, { subscription_id: a.id, market: 'crypto', symbol: 'BTCUSDT', ...params })),
      );

    it('answers a series oldest first, the newest `limit` of it without from_timestamp', async () => {
      expect((await history()).data.map((s) => s.value)).toEqual([10, 40, 70]);
      expect((await history({ limit: 2 })).data.map((s) => s.value)).toEqual([40, 70]);
    });

    it('takes from inclusive and to exclusive, for paging back', async () => {
      expect((await history({ to_timestamp: T + 2 * HOUR })).data.map((s) => s.value)).toEqual([10, 40]);
      expect((await history({ from_timestamp: T + HOUR })).data.map((s) => s.value)).toEqual([40, 70]);
      expect((await history({ from_timestamp: T + HOUR, to_timestamp: T + 2 * HOUR })).data.map((s) => s.value)).toEqual([40]);
    });

    it('answers every score type with *', async () => {
      const all = await history({ score_type: '*', from_timestamp: T + 2 * HOUR });
      expect(all.data.map((s) => s.score_type).sort()).toEqual(['oversold', 'total', 'trend_up']);
    });

    it("answers 404 for another user's subscription", async () => {
      const res = await bob.get(`${M}/read_symbol_score_history`, { subscription_id: a.id, market: 'crypto', symbol: 'BTCUSDT' });
      expect(res.status).toBe(404);
    });
  });
});
