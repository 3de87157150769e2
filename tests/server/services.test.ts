import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppServerMessage } from '../../contract/live/appSocket';
import { ServiceCommandResult, ServiceData, ServiceInfo, ServiceList } from '../../contract/system/services';
import { klineTopic, priceTopic } from '../../server/feeds/priceHub';
import { appSocket, livePriceSocket, openSocket, ready, sleep, waitFor } from './support/servicesSockets';
import { startTestServer, type TestServer } from './support/testServer';

/*
 * The service manager over HTTP and real sockets, on a real server whose simulated crypto feed
 * runs: listing, status and figures; stop/start/restart of each kind and their effect (a stopped
 * feed stops ticking, a stopped ws-hub closes sockets with 1012…); `service` messages to admins
 * only; the 404/422/403 answers.
 */

const BASE = '/api/service_manager';
const FIXED = ['strategy-engine', 'notifier', 'task-worker', 'ws-hub'];

describe('service manager', () => {
  let ts: TestServer;
  let admin: string;
  let user: string;

  const command = (service: string, name: string, json?: unknown, token = admin) =>
    ts.call('POST', `${BASE}/send_service_command?service_name=${encodeURIComponent(service)}&command=${name}`, { token, ...(json === undefined ? {} : { json }) });
  const status = async (service: string) => (await ts.call('GET', `${BASE}/service_status?service_name=${encodeURIComponent(service)}`, { token: admin })).body;

  beforeAll(async () => {
    ts = await startTestServer({ FEED_ENABLED: 'true', FEED_BACKFILL_DAYS: '0' });
    admin = await ts.adminToken();
    user = (await ts.createUser('trader@bazaar.test')).token;
    // The feed manager boots the feeds in the background; the crypto feed shows up once it runs.
    await waitFor(async () => (await ts.call('GET', `${BASE}/services`, { token: admin })).body?.data?.some((s: { name: string }) => s.name === 'market-feed:crypto'));
  });
  afterAll(async () => ts?.close());

  it('lists every service, with data only when asked for', async () => {
    const plain = await ts.call('GET', `${BASE}/services`, { token: admin });
    expect(plain.status).toBe(200);
    expect(ServiceList.safeParse(plain.body).success).toBe(true);
    const names = plain.body.data.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['market-feed:crypto', ...FIXED]));
    expect(plain.body.count).toBe(names.length);
    for (const service of plain.body.data) {
      expect(service).toMatchObject({ status: 'running', data: null, pid: expect.any(Number) });
      expect(service.commands.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['start', 'stop', 'restart']));
    }
    const feed = plain.body.data.find((s: { name: string }) => s.name === 'market-feed:crypto');
    expect(feed).toMatchObject({ kind: 'market-feed', market: 'crypto', restart_count: 0, last_error: null });
    expect(feed.commands).toEqual(expect.arrayContaining([
        { name: 'stop', destructive: true, args: [] },
        { name: 'unsubscribe', destructive: true, args: ['symbol'] },
        { name: 'subscribe', destructive: false, args: ['symbol'] },
      ]));

    const full = await ts.call('GET', `${BASE}/services?include_service_data=true`, { token: admin });
    const byName = Object.fromEntries(full.body.data.map((s: { name: string; data: unknown }) => [s.name, s.data]));
    expect(byName['market-feed:crypto']).toMatchObject({ source: 'simulated', symbols: expect.any(Number), ticks_per_second: expect.any(Number) });
    expect(byName['strategy-engine']).toMatchObject({ subscriptions: expect.any(Number), scorers: expect.any(Number) });
    expect(byName['notifier']).toMatchObject({ deliveries_pending: 0, paused_channels: 0 });
    expect(byName['task-worker']).toMatchObject({ paused: false, pending: expect.any(Number) });
    expect(byName['ws-hub']).toMatchObject({ clients: expect.any(Number), app: expect.any(Number) });
  });

  it('answers one service status and its data', async () => {
    const one = await ts.call('GET', `${BASE}/service_status?service_name=ws-hub`, { token: admin });
    expect(one.status).toBe(200);
    expect(ServiceInfo.safeParse(one.body).success).toBe(true);
    expect(one.body).toMatchObject({ name: 'ws-hub', kind: 'ws-hub', market: null, status: 'running', data: null });

    const socket = appSocket(ts, user);
    await ready(socket);
    const data = await ts.call('GET', `${BASE}/service_data?service_name=ws-hub`, { token: admin });
    expect(data.status).toBe(200);
    expect(ServiceData.safeParse(data.body).success).toBe(true);
    expect(data.body).toMatchObject({ name: 'ws-hub', status: 'running' });
    expect(data.body.data.app).toBeGreaterThanOrEqual(1);
    socket.ws.close();
  });

  it('refuses bad input: 404 listing the known services, 422 for an unknown command or bad arguments, 403 for a user', async () => {
    const unknown = await ts.call('GET', `${BASE}/service_status?service_name=market-feed:nasdaq`, { token: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toContain('market-feed:nasdaq');
    for (const name of FIXED) expect(unknown.body.detail).toContain(name);
    expect((await command('no-such-service', 'start')).status).toBe(404);

    const badCommand = await command('strategy-engine', 'explode');
    expect(badCommand.status).toBe(422);
    expect(badCommand.body.detail[0].loc).toEqual(['query', 'command']);
    expect(badCommand.body.detail[0].msg).toContain('refresh');

    const badSymbol = await command('market-feed:crypto', 'subscribe', { symbol: 'NOPEUSDT' });
    expect(badSymbol.status).toBe(422);
    expect(badSymbol.body.detail[0]).toMatchObject({ loc: ['body', 'symbol'] });
    expect(badSymbol.body.detail[0].msg).toContain('NOPEUSDT');
    const missing = await command('market-feed:crypto', 'subscribe', {});
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0].loc).toEqual(['body', 'symbol']);

    expect((await ts.call('GET', `${BASE}/services`, { token: user })).status).toBe(403);
    expect((await command('ws-hub', 'stop', undefined, user)).status).toBe(403);
    expect((await ts.call('GET', `${BASE}/services`)).status).toBe(401);
    // Nothing of that changed a service.
    expect((await status('ws-hub')).status).toBe('running');
    expect((await status('strategy-engine')).status).toBe('running');
  });

  it('unsubscribes and subscribes a feed symbol', async () => {
    const followed = () => ts.server.app.ctx.services.feeds.feed('crypto')!.symbols();
    const off = await command('market-feed:crypto', 'unsubscribe', { symbol: 'ETHUSDT' });
    expect(off.status).toBe(200);
    expect(off.body.result).toMatchObject({ symbol: 'ETHUSDT', following: false, was_followed: true });
    expect(followed()).not.toContain('ETHUSDT');
    const on = await command('market-feed:crypto', 'subscribe', { symbol: 'ETHUSDT' });
    expect(on.status).toBe(200);
    expect(ServiceCommandResult.safeParse(on.body).success).toBe(true);
    expect(followed()).toContain('ETHUSDT');
  });

  it('a stopped feed stops ticking: no price batches, no candles, until it is started again', async () => {
    const { bus } = ts.server.app.ctx;
    const socket = livePriceSocket(ts, 'crypto', user);
    await ready(socket);
    await expect.poll(() => socket.messages.some((m) => m._type === 'prices'), { timeout: 10_000 }).toBe(true);

    const stopped = await command('market-feed:crypto', 'stop');
    expect(stopped.status).toBe(200);
    expect(stopped.body.service).toMatchObject({ status: 'stopped', started_at: null, pid: null });
    const prices: unknown[] = [];
    const candles: unknown[] = [];
    const offPrices = await bus.subscribe(priceTopic('crypto'), (m) => void prices.push(m));
    const offCandles = await bus.subscribe(klineTopic('crypto'), (m) => void candles.push(m));
    const seen = socket.messages.length;
    const lastTick = (await ts.call('GET', `${BASE}/service_data?service_name=market-feed:crypto`, { token: admin })).body.data.last_tick_at;
    await sleep(3000);
    expect(prices).toEqual([]);
    expect(candles).toEqual([]);
    expect(socket.messages.slice(seen).filter((m) => m._type === 'prices')).toEqual([]);
    const data = (await ts.call('GET', `${BASE}/service_data?service_name=market-feed:crypto`, { token: admin })).body;
    expect(data).toMatchObject({ status: 'stopped', data: { ticks_per_second: 0, last_tick_at: lastTick } });

    const started = await command('market-feed:crypto', 'start');
    expect(started.body.service).toMatchObject({ status: 'running', started_at: expect.any(String) });
    await expect.poll(() => prices.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => socket.messages.slice(seen).some((m) => m._type === 'prices'), { timeout: 10_000 }).toBe(true);
    offPrices();
    offCandles();
    socket.ws.close();
  });

  it('restart answers once the service runs again, with a new started_at', async () => {
    const before = await status('market-feed:crypto');
    await sleep(20);
    const restarted = await command('market-feed:crypto', 'restart');
    expect(restarted.status).toBe(200);
    expect(restarted.body.service.status).toBe('running');
    expect(Date.parse(restarted.body.service.started_at)).toBeGreaterThan(Date.parse(before.started_at));
    expect(restarted.body.service.restart_count).toBe(0);
  });

  it('stops and starts the strategy engine; its own refresh needs it running', async () => {
    const engine = () => ts.server.app.ctx.services.engine.status();
    expect((await command('strategy-engine', 'stop')).body.service.status).toBe('stopped');
    expect(engine().status).toBe('stopped');
    const refused = await command('strategy-engine', 'refresh');
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('stopped');
    expect((await command('strategy-engine', 'start')).body.service.status).toBe('running');
    expect(engine().status).toBe('running');
    const refreshed = await command('strategy-engine', 'refresh', {});
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.result).toMatchObject({ subscriptions: expect.any(Number) });
  });

  it('stops and starts the notifier', async () => {
    expect((await command('notifier', 'stop')).body.service.status).toBe('stopped');
    expect((await command('notifier', 'start')).body.service.status).toBe('running');
  });

  it('sends service messages to admins on status changes, and never to users', async () => {
    const adminSocket = appSocket(ts, admin);
    const userSocket = appSocket(ts, user);
    await Promise.all([ready(adminSocket), ready(userSocket)]);
    await command('notifier', 'stop');
    await command('notifier', 'start');
    const serviceMessages = () => adminSocket.messages.filter((m) => m._type === 'service' && m.params.service_name === 'notifier');
    await expect.poll(() => serviceMessages().map((m) => m.data.status)).toEqual(expect.arrayContaining(['stopped', 'running']));
    for (const message of serviceMessages()) expect(AppServerMessage.safeParse(message).success).toBe(true);
    // The user's socket got its pong after both changes were published, and nothing about services.
    await ready(userSocket);
    expect(userSocket.messages.filter((m) => m._type === 'service')).toEqual([]);
    adminSocket.ws.close();
    userSocket.ws.close();
  });

  it('a stopped ws-hub closes every live socket with 1012 and refuses new ones until started', async () => {
    const app = appSocket(ts, user);
    const prices = livePriceSocket(ts, 'crypto', user);
    await Promise.all([ready(app), ready(prices)]);
    const stopped = await command('ws-hub', 'stop');
    expect(stopped.body.service.status).toBe('stopped');
    expect((await app.closed).code).toBe(1012);
    expect((await prices.closed).code).toBe(1012);
    expect((await openSocket(ts, `/api/ws/app?token=${user}`).closed).code).toBe(1012);
    // The HTTP API still answers while the hub is stopped.
    expect((await status('ws-hub')).status).toBe('stopped');

    expect((await command('ws-hub', 'start')).body.service.status).toBe('running');
    const again = appSocket(ts, user);
    await ready(again);
    expect(again.ws.readyState).toBe(again.ws.OPEN);
    again.ws.close();
  });

  // Last on purpose: it needs the task runner's pause/resume (the task-runtime work of issue 8).
  it('a stopped task-worker leaves a started task PENDING, and runs it once started', async () => {
    const { tasks } = ts.server.app.ctx.services;
    expect((await command('task-worker', 'stop')).body.service.status).toBe('stopped');
    const task = await tasks.start('system.test', { steps: 1, step_ms: 1 });
    await sleep(500);
    expect(tasks.get(task.id)).toMatchObject({ state: 'PENDING' });
    expect((await ts.call('GET', `${BASE}/service_data?service_name=task-worker`, { token: admin })).body.data).toMatchObject({ paused: true, pending: 1 });
    expect((await command('task-worker', 'start')).body.service.status).toBe('running');
    expect(await tasks.wait(task.id)).toMatchObject({ state: 'SUCCESS' });
  });
});
