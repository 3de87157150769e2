import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { AppServerMessage } from '../../contract/live/appSocket';
import { candleSeries, THRESHOLD_STRATEGY } from './support/candleSeries';
import { startTestServer, type TestServer } from './support/testServer';

/*
 * The live engine end to end, on a real server and database: a known price series walked to a
 * known crossing gives the score (total and per rule), the signal (a chart mark), the `signal`
 * notification (stored and pushed) and the order in a linked paper portfolio; a restart scores
 * the candles it missed and repeats no signal.
 */

const MIN = 60_000;
const MARKET = 'crypto';
const SYMBOL = 'BTCUSDT';


describe('strategy engine', () => {
  let ts: TestServer;
  let token: string;
  let userId: number;
  let subscriptionId: number;
  let portfolioId: number;
  const { base, candle, close } = candleSeries(() => ts, MARKET, SYMBOL);
  const engine = () => ts.server.app.ctx.services.engine;
  const signals = async () => (await ts.server.store.db.selectFrom('signals').selectAll().where('subscription_id', '=', subscriptionId).orderBy('timestamp').execute());

  beforeAll(async () => {
    ts = await startTestServer();
    const user = await ts.createUser('signals@bazaar.test');
    token = user.token;
    userId = user.id;
    // Fifty flat minutes at 90: the "below" rule holds, the total is −60, nothing crosses.
    await close(Array.from({ length: 50 }, (_, i) => candle(i, 90)), false);
  });
  afterAll(async () => ts?.close());

  it('scores the newest closed candle when a subscription starts', async () => {
    const group = await ts.call('POST', '/api/relations/create_group', { token, json: { name: 'Majors', symbols: [{ market: MARKET, symbol: SYMBOL }] } });
    expect(group.status).toBe(200);
    const strategy = await ts.call('POST', '/api/strategy/', { token, json: { name: 'Threshold', body: THRESHOLD_STRATEGY } });
    expect(strategy.status).toBe(200);
    const portfolio = await ts.call('POST', '/api/portfolio/', { token, json: { name: 'Paper', market: MARKET } });
    expect(portfolio.status).toBe(200);
    portfolioId = portfolio.body.id;
    const subscription = await ts.call('POST', '/api/relations/create_subscription', {
      token,
      json: { name: 'BTC threshold', strategy_id: strategy.body.id, timeframe: '1m', group_ids: [group.body.id], confirmation_mode: 10 },
    });
    expect(subscription.status).toBe(200);
    subscriptionId = subscription.body.id;
    const link = await ts.call('POST', '/api/relations/create_subscription_link', {
      token,
      json: { subscription_id: subscriptionId, portfolio_id: portfolioId, confirmation: false },
    });
    expect(link.status).toBe(200);
    // Cash for the signal's buy: without it the order would be rejected as an overdraft.
    const deposit = await ts.call('POST', '/api/portfolio/manager/set_new_balance', { token, json: { portfolio_id: portfolioId, type: 10, symbol: 'USDT', amount: '1000' } });
    expect(deposit.status).toBe(200);
    await engine().refresh();
    const history = await ts.call('GET', `/api/portfolio/manager/read_symbol_score_history?subscription_id=${subscriptionId}&market=${MARKET}&symbol=${SYMBOL}&score_type=*`, { token });
    expect(history.status).toBe(200);
    const totals = history.body.data.filter((s: { score_type: string }) => s.score_type === 'total');
    expect(totals).toHaveLength(1);
    expect(totals[0]).toMatchObject({ value: -60, timestamp: base + 50 * MIN, strategy_version: 1, timeframe: '1m' });
    expect(history.body.data.find((s: { score_type: string }) => s.score_type === 'below')).toMatchObject({ value: -60 });
    expect(history.body.data.find((s: { score_type: string }) => s.score_type === 'above')).toMatchObject({ value: 0 });
    expect(await signals()).toEqual([]);
  });

  it('turns a crossing of the entry level into a buy: score pushed, mark, notification and a filled paper order', async () => {
    const socket = new WebSocket(`${ts.url.replace(/^http/, 'ws')}/api/ws/app?token=${token}`);
    const received: any[] = [];
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      expect(AppServerMessage.safeParse(message).success).toBe(true);
      received.push(message);
    });
    await new Promise((resolve) => socket.once('open', resolve));
    // Let the server subscribe the socket to the user's topic.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const closesBefore = engine().status().data.closes;
    await close([candle(50, 110)]);
    // The bus delivers on a later turn: wait until the engine has taken the candle, then until it is done.
    await expect.poll(() => engine().status().data.closes).toBeGreaterThan(closesBefore);
    await engine().idle();

    const score = await ts.call('GET', `/api/portfolio/manager/read_last_scores?market=${MARKET}&score_type=total`, { token });
    expect(score.status).toBe(200);
    expect(score.body.data[0]).toMatchObject({ subscription_id: subscriptionId, symbol: SYMBOL, value: 60, timestamp: base + 51 * MIN });

    const [signal, ...more] = await signals();
    expect(more).toEqual([]);
    expect(signal).toMatchObject({ side: 'buy', score: 60, level: 50, timestamp: base + 51 * MIN, user_id: userId });
    expect(Number(signal!.price)).toBe(110);

    const marks = await ts.call('GET', `/api/tradingview/marks?market=${MARKET}&symbol=${SYMBOL}&resolution=1m&timestamp_from=${base}`, { token });
    expect(marks.status).toBe(200);
    expect(JSON.stringify(marks.body)).toContain(String(Math.floor((base + 51 * MIN) / 1000)).slice(0, 6));

    const notification = await ts.server.store.db.selectFrom('notifications').selectAll().where('id', '=', signal!.notification_id!).executeTakeFirstOrThrow();
    expect(notification).toMatchObject({ user_id: userId, category: 'signal', sub_category: 'entry', symbol: SYMBOL, status: 10 });

    const orders = JSON.parse(signal!.orders);
    expect(orders).toHaveLength(1);
    const order = await ts.server.store.db.selectFrom('orders').selectAll().where('id', '=', orders[0].order_id).executeTakeFirstOrThrow();
    // Automatic mode, no confirmation, a paper portfolio: filled at the close, 100 USDT's worth, the market's 0.1 % fee.
    expect(order).toMatchObject({ portfolio_id: portfolioId, side: 'buy', status: 30, order_type: 10 });
    expect(Number(order.amount)).toBeCloseTo(100 / 110, 8);
    expect(Number(order.filled)).toBeCloseTo(100 / 110, 8);
    expect(Number(order.fee)).toBeCloseTo(0.1, 6);
    // The fill went through the ledger: USDT out (cost and fee), BTC in.
    const ledger = await ts.call('GET', `/api/portfolio/manager/read_balance?portfolio_id=${portfolioId}&order_id=${order.id}`, { token });
    expect(ledger.status).toBe(200);
    expect(ledger.body.data).toHaveLength(1);
    expect(ledger.body.data[0].transaction).toMatchObject({ type: 30, symbol: 'BTC', quote_symbol: 'USDT', amount: order.amount, fee_symbol: 'USDT' });

    await expect.poll(() => received.map((m) => m._type)).toEqual(expect.arrayContaining(['notification', 'score']));
    const pushed = received.find((m) => m._type === 'score');
    expect(pushed.params).toMatchObject({ subscription_id: subscriptionId, market: MARKET });
    expect(pushed.data.scores).toEqual([expect.objectContaining({ symbol: SYMBOL, score_type: 'total', value: 60 })]);
    expect(pushed.data.signals).toEqual([expect.objectContaining({ side: 'buy', notification_id: notification.id })]);
    socket.close();
  });

  it('after a restart scores the candles it missed, signals the exit once, and repeats nothing on the next restart', async () => {
    await engine().stop();
    // While the engine is down: 110, 110, then 90 (crossing the exit level −50 from +60).
    await close([candle(51, 110), candle(52, 110), candle(53, 90)], false);
    await engine().start();
    await engine().idle();
    const all = await signals();
    expect(all.map((s) => [s.side, s.timestamp])).toEqual([
      ['buy', base + 51 * MIN],
      ['sell', base + 54 * MIN],
    ]);
    const history = await ts.call('GET', `/api/portfolio/manager/read_symbol_score_history?subscription_id=${subscriptionId}&market=${MARKET}&symbol=${SYMBOL}&score_type=total`, { token });
    expect(history.body.data.map((s: { value: number }) => s.value)).toEqual([-60, 60, 60, 60, -60]);

    await engine().stop();
    await engine().start();
    await engine().idle();
    expect(await signals()).toHaveLength(2);
    const notifications = await ts.server.store.db.selectFrom('notifications').select('sub_category').where('user_id', '=', userId).execute();
    expect(notifications.map((n) => n.sub_category).sort()).toEqual(['entry', 'exit']);
  });

  it('stopped from the service manager, scores nothing on a close; started again, it scores what it missed', async () => {
    const admin = await ts.adminToken();
    const command = (name: string) =>
      ts.call('POST', `/api/service_manager/send_service_command?service_name=strategy-engine&command=${name}`, { token: admin });
    const totals = async () =>
      (await ts.call('GET', `/api/portfolio/manager/read_symbol_score_history?subscription_id=${subscriptionId}&market=${MARKET}&symbol=${SYMBOL}&score_type=total`, { token })).body.data
        .length as number;
    const before = await totals();
    expect((await command('stop')).body.service.status).toBe('stopped');
    await close([candle(54, 90)]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await totals()).toBe(before);
    expect((await command('start')).body.service.status).toBe('running');
    await engine().idle();
    expect(await totals()).toBe(before + 1);
  });

  it('strategy.recompute_scores rewrites a subscription\'s scores from stored candles and raises no signal again', async () => {
    const admin = await ts.adminToken();
    const history = async () => {
      const res = await ts.call('GET', `/api/portfolio/manager/read_symbol_score_history?subscription_id=${subscriptionId}&market=${MARKET}&symbol=${SYMBOL}&score_type=total`, { token });
      expect(res.status, res.text).toBe(200);
      return res.body.data.map((s: { timestamp: number; value: number }) => [s.timestamp, s.value]);
    };
    const before = await history();
    const signalsBefore = (await signals()).length;
    // A damaged row, as a bad deploy might leave: the recompute must put it right.
    await ts.server.store.db.updateTable('scores').set({ total: 0 }).where('subscription_id', '=', subscriptionId).where('timestamp', '=', base + 52 * MIN).execute();
    expect(await history()).not.toEqual(before);
    // From the first score the engine stored (earlier candles would be scored for the first time).
    const args = encodeURIComponent(JSON.stringify({ subscription_id: subscriptionId, from: before[0][0] }));
    const started = await ts.call('GET', `/api/task/start?task_name=strategy.recompute_scores&args=${args}`, { token: admin });
    expect(started.status, started.text).toBe(200);
    const done = await ts.server.app.ctx.services.tasks.wait(started.body.id);
    expect(done).toMatchObject({ state: 'SUCCESS', progress: { current: 1, total: 1 } });
    expect(await history()).toEqual(before);
    expect(await signals()).toHaveLength(signalsBefore);
  });

  it('reports itself as the strategy-engine service', () => {
    expect(engine().status()).toMatchObject({ name: 'strategy-engine', status: 'running', data: { subscriptions: 1, scorers: 1 } });
  });
});
