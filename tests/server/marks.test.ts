import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChartMarkList } from '../../contract/market/chart';
import { as, builtinId, createGroup, createSubscription, ok, R, signal, type Client } from './signals/fixtures';
import { startTestServer, type TestServer } from './support/testServer';

const at = (iso: string) => Date.parse(iso);

describe('/tradingview/marks from signals', () => {
  let t: TestServer;
  let alice: Client;
  let bob: Client;
  let aliceId: number;
  let bobId: number;
  let sub: { id: number };
  let strategyId: number;
  const marks = async (params: Record<string, string | number>, c: Client = alice) =>
    ChartMarkList.parse(await ok(c.get('/api/tradingview/marks', { market: 'crypto', symbol: 'BTCUSDT', resolution: '60', timestamp_from: 0, ...params })));
  const record = (userId: number, subscriptionId: number, timestamp: number, extra = {}) =>
    t.server.app.ctx.services.scores.insertSignal(signal(userId, subscriptionId, strategyId, timestamp, extra));

  beforeAll(async () => {
    t = await startTestServer();
    const a = await t.createUser('alice.marks@bazaar.test');
    const b = await t.createUser('bob.marks@bazaar.test');
    [aliceId, bobId] = [a.id, b.id];
    alice = as(t, a.token);
    bob = as(t, b.token);
    strategyId = await builtinId(alice);
    sub = await createSubscription(alice, [(await createGroup(alice, 'Marks', ['BTCUSDT'])).id], { strategy_id: strategyId });
    // A close written as the next candle's open (exclusive end), and one as the candle's last millisecond.
    await record(aliceId, sub.id, at('2024-03-09T11:00:00Z'));
    await record(aliceId, sub.id, at('2024-03-09T12:59:59.999Z'), { side: 'sell', score: -70, level: -50 });
    await record(aliceId, sub.id, at('2024-03-10T03:00:00Z'), { score: 55 });
    const bobSub = await createSubscription(bob, [(await createGroup(bob, 'Bob marks', ['BTCUSDT'])).id], { strategy_id: strategyId });
    await record(bobId, bobSub.id, at('2024-03-09T11:00:00Z'));
  });
  afterAll(async () => t?.close());

  it("answers the user's signals on the symbol, newest first, each on the bar of its candle", async () => {
    const res = await marks({});
    expect(res.count).toBe(3);
    expect(res.data.map((m) => [new Date(m.time).toISOString(), m.side, m.label, m.score])).toEqual([
      ['2024-03-10T02:00:00.000Z', 'buy', 'B', 55],
      ['2024-03-09T12:00:00.000Z', 'sell', 'S', -70],
      ['2024-03-09T10:00:00.000Z', 'buy', 'B', 60],
    ]);
    expect(res.data[2]).toMatchObject({
      signal_time: at('2024-03-09T11:00:00Z'),
      strategy_id: strategyId,
      subscription_id: sub.id,
      timeframe: '1h',
      status: 10,
      notification_id: null,
    });
    expect(res.data[1]!.text.en).toBe('Sell — EMA cross + RSI, score -70 (1h)');
    expect(res.data[2]!.text.fa).toContain('خرید');
    expect(res.data[2]!.text.fa).toContain('۶۰');
  });

  it('places marks on the bars of the asked resolution', async () => {
    const daily = await marks({ resolution: '1D' });
    expect(daily.data.map((m) => new Date(m.time).toISOString())).toEqual([
      '2024-03-10T00:00:00.000Z',
      '2024-03-09T00:00:00.000Z',
      '2024-03-09T00:00:00.000Z',
    ]);
    const minutes = await marks({ resolution: '1' });
    expect(minutes.data.map((m) => new Date(m.time).toISOString()).at(-1)).toBe('2024-03-09T10:59:00.000Z');
  });

  it("follows the market's time zone for daily bars (a Tehran day starts 20:30 UTC)", async () => {
    await record(aliceId, sub.id, at('2024-03-09T21:00:00Z'), { market: 'ir_crypto', symbol: 'BTCIRT' });
    const res = await marks({ market: 'ir_crypto', symbol: 'BTCIRT', resolution: '1D' });
    expect(res.data.map((m) => new Date(m.time).toISOString())).toEqual(['2024-03-09T20:30:00.000Z']);
  });

  it('keeps marks since timestamp_from, at most limit, the newest kept', async () => {
    expect((await marks({ timestamp_from: at('2024-03-09T12:00:00Z') })).data.map((m) => m.score)).toEqual([55, -70]);
    expect((await marks({ limit: 1 })).data.map((m) => m.score)).toEqual([55]);
  });

  it("filters by the notification's status: a mark without one reads as new, one with one follows it", async () => {
    expect((await marks({ status: '10,20' })).count).toBe(3);
    expect((await marks({ status: '30' })).count).toBe(0);
    // The newest signal's notification is done (30): its mark leaves the active ones.
    const newest = (await marks({})).data[0]!;
    const { notificationsRepository } = await import('../../server/store/repositories/notifications');
    const { signalsRepository } = await import('../../server/store/repositories/signals');
    const notification = await notificationsRepository.insert(t.server.store.db, { user_id: aliceId, title: 'Buy', body: '', priority: 30, category: 'signal' });
    await signalsRepository.setOutcome(t.server.store.db, newest.id, { notification_id: notification.id });
    await t.server.store.db.updateTable('notifications').set({ status: 30 }).where('id', '=', notification.id).execute();
    expect((await marks({ status: '10,20' })).count).toBe(2);
    expect((await marks({ status: '30' })).data).toEqual([expect.objectContaining({ id: newest.id, status: 30, notification_id: notification.id })]);
  });

  it("never shows another user's signals, and 404s an unknown symbol", async () => {
    const bobs = await marks({}, bob);
    expect(bobs.count).toBe(1);
    expect(bobs.data[0]!.subscription_id).not.toBe(sub.id);
    const unknown = await alice.get('/api/tradingview/marks', { market: 'crypto', symbol: 'NOPEUSDT', resolution: '60', timestamp_from: 0 });
    expect(unknown.status).toBe(404);
  });

  it("a deleted subscription's marks go with it", async () => {
    await ok(alice.del(`${R}/delete_subscription`, { subscription_id: sub.id }));
    expect((await marks({})).count).toBe(0);
    expect((await marks({}, bob)).count).toBe(1);
  });
});
