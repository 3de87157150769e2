import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LivePriceServerMessage } from '../../contract/market/live';
import { createMemoryBus } from '../../server/live/bus';
import { createPriceHub, type HubSocket } from '../../server/feeds/priceHub';
import { startTestServer, type TestServer } from './support/testServer';

/*
 * `/api/ws/market/{market}/live_price` with a real `ws` client against a real server whose
 * simulated feed runs: token auth (4401), unknown market (4404), snapshot then prices,
 * subscribe/unsubscribe, ping/pong, junk; and the hub's coalescing for a slow client.
 */

interface Client {
  next(ms?: number): Promise<any>;
  closed: Promise<{ code: number; reason: string }>;
  send(data: unknown): void;
  ws: WebSocket;
}

function connect(ts: TestServer, market: string, query: string): Client {
  const ws = new WebSocket(`${ts.url.replace(/^http/, 'ws')}/api/ws/market/${encodeURIComponent(market)}/live_price${query}`);
  const queue: any[] = [];
  const waiting: ((m: any) => void)[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString());
    // Everything the server sends must be on the contract.
    expect(LivePriceServerMessage.safeParse(message).success).toBe(true);
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  ws.on('error', () => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const next = (ms = 5000) =>
    queue.length > 0
      ? Promise.resolve(queue.shift())
      : new Promise<any>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no message within ${ms} ms`)), ms);
          waiting.push((m) => {
            clearTimeout(timer);
            resolve(m);
          });
        });
  const send = (data: unknown) => {
    const go = () => ws.send(typeof data === 'string' ? data : JSON.stringify(data));
    if (ws.readyState === WebSocket.OPEN) go();
    else ws.once('open', go);
  };
  return { next, closed, send, ws };
}

/** The next message of a type, skipping others (prices keep arriving meanwhile). */
async function nextOf(client: Client, type: string, ms = 5000) {
  const until = Date.now() + ms;
  for (;;) {
    const message = await client.next(Math.max(1, until - Date.now()));
    if (message._type === type) return message;
  }
}

describe('live_price socket', () => {
  let ts: TestServer;
  let token: string;
  let symbols: string[];
  beforeAll(async () => {
    ts = await startTestServer({ FEED_ENABLED: 'true', FEED_BACKFILL_DAYS: '1' });
    token = (await ts.createUser('trader@bazaar.test')).token;
    const { tasks, markets } = ts.server.app.ctx.services;
    symbols = (await markets.activeSymbols('crypto')).map((s) => s.name);
    // Wait for the first back-fill of crypto, so the snapshot has 24 h figures and sparklines.
    for (let i = 0; i < 400; i++) {
      const task = tasks.list().find((t) => t.name === 'market.backfill' && (t.args as { market: string }).market === 'crypto');
      if (task) {
        await tasks.wait(task.id);
        break;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  });
  afterAll(async () => ts?.close());

  it('closes 4401 without a token or with a bad one', async () => {
    expect((await connect(ts, 'crypto', '').closed).code).toBe(4401);
    expect((await connect(ts, 'crypto', '?token=not-a-token').closed).code).toBe(4401);
  });

  it('counts itself among the live clients, and closes 4401 when its token expires while connected', async () => {
    const { tokens, liveClients } = ts.server.app.ctx;
    const userId = (await ts.createUser('expiring@bazaar.test')).id;
    // JWT expiry is in whole seconds: this one ends between 1.5 and 2.5 s from now.
    const shortLived = await tokens.issueAccess(userId, 1, Date.now() - 57_500);
    const before = liveClients.count('market');
    const client = connect(ts, 'crypto', `?token=${shortLived.token}&initialize_market=true`);
    await nextOf(client, 'snapshot');
    expect(liveClients.count('market')).toBe(before + 1);
    expect(await client.closed).toEqual({ code: 4401, reason: 'Token has expired' });
    await expect.poll(() => liveClients.count('market')).toBe(before);
  });

  it('follows the admin edits of the symbols list live: a deactivated symbol leaves the feed, a reactivated one comes back', async () => {
    const admin = await ts.adminToken();
    const status = () => ts.server.app.ctx.services.feeds.services().find((s) => s.market === 'crypto');
    const items = await ts.call('GET', '/api/core/market/list/symbols?market=crypto&search=DOGEUSDT', { token: admin });
    const id = items.body.data[0].id;
    const followed = () => ts.server.app.ctx.services.feeds.feed('crypto')?.symbols() ?? [];
    expect(followed()).toContain('DOGEUSDT');
    expect((await ts.call('PUT', `/api/core/market/list/symbols/${id}`, { token: admin, json: { is_active: false } })).status).toBe(200);
    await expect.poll(followed).not.toContain('DOGEUSDT');
    expect(status()?.data.symbols).toBe(symbols.length - 1);
    expect((await ts.call('PUT', `/api/core/market/list/symbols/${id}`, { token: admin, json: { is_active: true } })).status).toBe(200);
    await expect.poll(followed).toContain('DOGEUSDT');
  });

  it('closes 4404 for an unknown market', async () => {
    expect((await connect(ts, 'nasdaq', `?token=${token}`).closed).code).toBe(4404);
    expect((await connect(ts, 'NOT A MARKET', `?token=${token}`).closed).code).toBe(4404);
  });

  it('sends a snapshot of every active symbol first, then batches of changed prices', async () => {
    const client = connect(ts, 'crypto', `?token=${token}&initialize_market=true`);
    const snapshot = await client.next();
    expect(snapshot._type).toBe('snapshot');
    expect(snapshot.params).toMatchObject({ market: 'crypto', source: 'simulated' });
    expect(snapshot.data.map((d: any) => d.symbol).sort()).toEqual([...symbols].sort());
    const btc = snapshot.data.find((d: any) => d.symbol === 'BTCUSDT');
    expect(btc.sparkline.length).toBeGreaterThanOrEqual(24);
    expect(btc.high_24h).toBeGreaterThanOrEqual(btc.low_24h);
    expect(btc.volume_24h).toBeGreaterThan(0);

    const prices = await nextOf(client, 'prices');
    expect(prices.data.length).toBeGreaterThan(0);
    const names = prices.data.map((p: any) => p.symbol);
    expect(new Set(names).size).toBe(names.length); // one entry per symbol
    for (const p of prices.data) {
      expect(symbols).toContain(p.symbol);
      expect(p.candle.low).toBeLessThanOrEqual(p.price);
      expect(p.candle.high).toBeGreaterThanOrEqual(p.price);
    }
    client.ws.close();
  });

  it('without initialize_market sends prices only; subscribe narrows, unsubscribe empties; ping answers pong', async () => {
    const client = connect(ts, 'crypto', `?token=${token}`);
    expect((await client.next())._type).toBe('prices');
    client.send({ _type: 'subscribe', data: { symbols: ['BTCUSDT'] } });
    expect((await nextOf(client, 'subscription')).data).toEqual({ symbols: ['BTCUSDT'] });
    // Batches already on their way may still carry other symbols; the second one after cannot.
    await nextOf(client, 'prices');
    const narrowed = await nextOf(client, 'prices');
    expect(narrowed.data.map((p: any) => p.symbol)).toEqual(['BTCUSDT']);

    client.send({ _type: 'ping' });
    const pong = await nextOf(client, 'pong');
    expect(pong.data.server_time).toBeGreaterThan(0);

    client.send({ _type: 'subscribe', data: { symbols: ['NOPEUSDT'] } });
    expect((await nextOf(client, 'error')).data.code).toBe('unknown_symbol');
    client.send('junk');
    expect((await nextOf(client, 'error')).data.code).toBe('bad_message');

    client.send({ _type: 'unsubscribe', data: { symbols: ['BTCUSDT'] } });
    expect((await nextOf(client, 'subscription')).data).toEqual({ symbols: [] });
    client.send({ _type: 'ping' });
    // After emptying, nothing but the pong (prices in flight aside) arrives.
    await nextOf(client, 'pong');
    client.ws.close();
  });

  it('reports the market-feed service with its clients', async () => {
    const client = connect(ts, 'crypto', `?token=${token}`);
    await client.next();
    const status = ts.server.app.ctx.services.feeds.services().find((s) => s.name === 'market-feed:crypto')!;
    expect(status).toMatchObject({ status: 'running', kind: 'market-feed', market: 'crypto' });
    expect(status.data.clients).toBeGreaterThanOrEqual(1);
    client.ws.close();
  });
});

describe('price hub', () => {
  it('coalesces a slow client to the newest price per symbol and never holds back the others', async () => {
    const bus = createMemoryBus();
    const hub = createPriceHub({ market: 'crypto', bus, maxBuffered: 1000 });
    const fast: string[] = [];
    const slow: string[] = [];
    const fastSocket: HubSocket = { send: (d) => fast.push(d), bufferedAmount: 0, readyState: 1 };
    const slowSocket = { send: (d: string) => slow.push(d), bufferedAmount: 10_000, readyState: 1 };
    await hub.add({ socket: fastSocket, symbols: null });
    await hub.add({ socket: slowSocket, symbols: null });
    const price = (symbol: string, value: number) => ({
      symbol,
      price: value,
      timestamp: value,
      open_24h: 1,
      change_24h_pct: 0,
      high_24h: value,
      low_24h: 1,
      volume_24h: 0,
      candle: { open_time: 0, open: 1, high: value, low: 1, close: value, volume: 0 },
    });
    for (let i = 1; i <= 50; i++) {
      hub.deliver({ market: 'crypto', source: 'simulated', timestamp: i, data: [price('A', i), price('B', i + 100)] });
    }
    expect(fast).toHaveLength(50);
    expect(slow).toHaveLength(0);
    slowSocket.bufferedAmount = 0;
    hub.deliver({ market: 'crypto', source: 'simulated', timestamp: 51, data: [price('A', 51)] });
    expect(slow).toHaveLength(1);
    const batch = JSON.parse(slow[0]!);
    expect(batch.data.map((p: any) => [p.symbol, p.price])).toEqual([
      ['A', 51],
      ['B', 150],
    ]);
    await hub.stop();
    await bus.close();
  });
});
