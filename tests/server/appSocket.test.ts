import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { PongMessage } from '../../contract/live/appSocket';
import { createTokenService } from '../../server/domain/accounts/tokens';
import { createMemoryBus, topics, type MemoryBus } from '../../server/live/bus';
import type { AppContext } from '../../server/http/context';
import { startTestServer, type TestServer } from './support/testServer';

/*
 * `/api/ws/app` over a real socket (the `ws` client) against a real server and database:
 * authentication by `?token=`, the heartbeat, delivery from the bus to the right user only,
 * tolerance of junk, and clean-up when a socket goes away.
 */

interface Client {
  ws: WebSocket;
  /** The next message from the server, parsed; fails after `ms`. */
  next(ms?: number): Promise<any>;
  /** Resolves when the connection ends, with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  opened: Promise<void>;
  send(data: unknown): void;
  /** Sends a ping and expects the very next message to be its pong. */
  ping(): Promise<any>;
}

function connect(url: string, query: string): Client {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/ws/app${query}`);
  const queue: any[] = [];
  const waiting: ((message: any) => void)[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString());
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  // A refused or dropped socket may also report an error; `closed` is what the tests look at.
  opened.catch(() => undefined);
  ws.on('error', () => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const next = (ms = 3000) =>
    queue.length > 0
      ? Promise.resolve(queue.shift())
      : new Promise<any>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no message within ${ms} ms`)), ms);
          waiting.push((message) => {
            clearTimeout(timer);
            resolve(message);
          });
        });
  const send = (data: unknown) => ws.send(typeof data === 'string' || Buffer.isBuffer(data) ? data : JSON.stringify(data));
  return {
    ws,
    next,
    closed,
    opened,
    send,
    async ping() {
      send({ _type: 'ping' });
      const pong = await next();
      expect(pong._type).toBe('pong');
      return pong;
    },
  };
}

const marketInfo = (changedAt: number) => ({
  _type: 'market_info',
  params: { kind: 'symbols', market: 'crypto' },
  data: { changed_at: changedAt },
});

describe('/api/ws/app', () => {
  let t: TestServer;
  let ctx: AppContext;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  const open: Client[] = [];

  /** Connects with a token and waits until the socket is authenticated and subscribed (a pong proves both). */
  const signedIn = async (token: string) => {
    const client = connect(t.url, `?token=${encodeURIComponent(token)}`);
    open.push(client);
    await client.opened;
    await client.ping();
    return client;
  };

  /** Makes the server's token check wait for `gate`; returns the undo. */
  const holdTokenCheck = (gate: Promise<void>) => {
    const tokens = ctx.tokens;
    ctx.tokens = { ...tokens, verifyAccess: async (token) => gate.then(() => tokens.verifyAccess(token)) };
    return () => void (ctx.tokens = tokens);
  };

  const refusedWith = async (query: string) => {
    const client = connect(t.url, query);
    open.push(client);
    const closed = await client.closed;
    expect(closed.code, `${query.slice(0, 60)}: ${closed.reason}`).toBe(4401);
    return closed.reason;
  };

  let serverSubscribers = 0;
  beforeAll(async () => {
    t = await startTestServer();
    ctx = t.server.app.ctx;
    // The server's own listeners (the paper broker follows every market's prices) are not sockets'.
    serverSubscribers = (ctx.bus as MemoryBus).subscriberCount();
    alice = await t.createUser('alice-ws@bazaar.test');
    bob = await t.createUser('bob-ws@bazaar.test');
  });
  // Every test starts with no sockets, so one failure cannot leave another's counts off.
  afterEach(async () => {
    for (const client of open.splice(0)) client.ws.terminate();
    await vi.waitFor(() => expect(ctx.liveClients.count()).toBe(0));
  });
  afterAll(async () => t?.close());

  it('answers a ping with a pong carrying the server time', async () => {
    const client = await signedIn(alice.token);
    const before = Date.now();
    const pong = await client.ping();
    expect(PongMessage.parse(pong)).toEqual(pong);
    expect(pong.data.server_time).toBeGreaterThanOrEqual(before - 1000);
    expect(pong.data.server_time).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('answers pings sent before the token check finished, in order, none lost', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const restore = holdTokenCheck(gate);
    try {
      const client = connect(t.url, `?token=${alice.token}`);
      open.push(client);
      await client.opened;
      for (let i = 0; i < 3; i++) client.send({ _type: 'ping', params: {} });
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      for (let i = 0; i < 3; i++) expect((await client.next())._type).toBe('pong');
    } finally {
      release();
      restore();
    }
  });

  it("delivers what is published on user:<id> to that user's sockets only", async () => {
    const a1 = await signedIn(alice.token);
    const a2 = await signedIn(alice.token);
    const b = await signedIn(bob.token);
    await ctx.bus.publish(topics.user(alice.id), marketInfo(111));
    expect(await a1.next()).toEqual(marketInfo(111));
    expect(await a2.next()).toEqual(marketInfo(111));
    // Bob's next message is his own, so Alice's never reached him.
    await ctx.bus.publish(topics.user(bob.id), marketInfo(222));
    expect(await b.next()).toEqual(marketInfo(222));
    await b.ping();
  });

  it('lets nothing off-contract leave: unknown messages are dropped, unknown fields stripped', async () => {
    const client = await signedIn(alice.token);
    await ctx.bus.publish(topics.user(alice.id), { _type: 'secret_dump', data: { password: 'x' } });
    await ctx.bus.publish(topics.user(alice.id), { ...marketInfo(1), data: { changed_at: 'yesterday' } });
    await ctx.bus.publish(topics.user(alice.id), { ...marketInfo(333), internal: 'not for clients' });
    expect(await client.next()).toEqual(marketInfo(333));
    await client.ping();
  });

  it('closes 4401 on a missing, empty, repeated or oversized token', async () => {
    expect(await refusedWith('')).toBe('Not authenticated');
    expect(await refusedWith('?other=1')).toBe('Not authenticated');
    expect(await refusedWith('?token=')).toBe('Could not validate credentials');
    expect(await refusedWith(`?token=${alice.token}&token=${alice.token}`)).toBe('Could not validate credentials');
    expect(await refusedWith(`?token=${'a'.repeat(5000)}`)).toBe('Could not validate credentials');
  });

  it('closes 4401 on malformed and forged tokens', async () => {
    for (const token of ['not-a-jwt', 'a.b.c', `${alice.token}x`, alice.token.split('.').slice(0, 2).join('.') + '.']) {
      expect(await refusedWith(`?token=${encodeURIComponent(token)}`)).toBe('Could not validate credentials');
    }
    const otherKey = createTokenService('another-secret-key-of-at-least-32-characters');
    const forged = await otherKey.issueAccess(alice.id, 60);
    expect(await refusedWith(`?token=${forged.token}`)).toBe('Could not validate credentials');
    // A real token with someone else's id pasted in fails its signature.
    const [header, , signature] = alice.token.split('.');
    const payload = JSON.parse(Buffer.from(alice.token.split('.')[1]!, 'base64url').toString());
    const swapped = Buffer.from(JSON.stringify({ ...payload, sub: String(bob.id) })).toString('base64url');
    expect(await refusedWith(`?token=${header}.${swapped}.${signature}`)).toBe('Could not validate credentials');
  });

  it('closes 4401 on an expired token, a reset token and a token of nobody', async () => {
    const expired = await ctx.tokens.issueAccess(alice.id, 1, Date.now() - 120_000);
    expect(await refusedWith(`?token=${expired.token}`)).toBe('Token has expired');
    const reset = await ctx.tokens.issueReset(alice.id, 60);
    expect(await refusedWith(`?token=${reset.token}`)).toBe('Could not validate credentials');
    const nobody = await ctx.tokens.issueAccess(999_999, 60);
    expect(await refusedWith(`?token=${nobody.token}`)).toBe('Could not validate credentials');
  });

  it("closes 4401 on a disabled user's token", async () => {
    const carol = await t.createUser('carol-ws@bazaar.test');
    const disable = await t.call('PUT', `/api/user/account/${carol.id}`, {
      token: await t.adminToken(),
      json: { is_active: false },
    });
    expect(disable.status).toBe(200);
    expect(await refusedWith(`?token=${carol.token}`)).toBe('This account is disabled');
  });

  it('closes 4401 when the token expires while connected', async () => {
    // JWT expiry is in whole seconds: this one ends between 1.5 and 2.5 s from now.
    const shortLived = await ctx.tokens.issueAccess(bob.id, 1, Date.now() - 57_500);
    const client = await signedIn(shortLived.token);
    const closed = await client.closed;
    expect(closed).toEqual({ code: 4401, reason: 'Token has expired' });
  });

  it('ignores junk from the client and stays open; a ping still works after', async () => {
    const client = await signedIn(alice.token);
    const junk = [
      'not json',
      '',
      'null',
      '[1,2]',
      '{}',
      '{"_type":"nope"}',
      '{"_type":"ping","params":"x"}',
      '{"_type":"resume"}',
      '{"_type":"resume","params":{"last_notification_id":"seven"}}',
      Buffer.from([0xde, 0xad, 0xbe, 0xef]),
    ];
    for (const item of junk) client.send(item);
    // The contract's messages are JSON text; a binary frame is junk even if it spells a ping.
    client.ws.send(Buffer.from('{"_type":"ping"}'), { binary: true });
    // `resume` is accepted and answered with nothing (catch-up arrives with notifications).
    client.send({ _type: 'resume', params: { last_notification_id: null } });
    client.send({ _type: 'resume', params: { last_notification_id: 42 } });
    await client.ping();
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('closes 1009 on a message over the size limit', async () => {
    const client = await signedIn(alice.token);
    client.send(JSON.stringify({ _type: 'ping', data: 'x'.repeat(300 * 1024) }));
    expect((await client.closed).code).toBe(1009);
  });

  it('tells every signed-in app when an admin edits a market list (market_info), and nobody about a source edit', async () => {
    const a = await signedIn(alice.token);
    const b = await signedIn(bob.token);
    const admin = await t.adminToken();
    const items = await t.call('GET', '/api/core/market/list/symbols?market=crypto&search=DOGEUSDT', { token: admin });
    expect((await t.call('PUT', `/api/core/market/list/symbols/${items.body.data[0].id}`, { token: admin, json: { is_active: false } })).status).toBe(200);
    for (const client of [a, b]) {
      const message = await client.next();
      expect(message).toMatchObject({ _type: 'market_info', params: { kind: 'symbols', market: 'crypto' } });
      expect(typeof message.data.changed_at).toBe('number');
    }
    await t.call('PUT', `/api/core/market/list/symbols/${items.body.data[0].id}`, { token: admin, json: { is_active: true } });
    expect((await a.next())._type).toBe('market_info');
    expect((await b.next())._type).toBe('market_info');
  });

  it('counts connected clients and forgets them, and their subscriptions, on close', async () => {
    const bus = ctx.bus as MemoryBus;
    const a = await signedIn(alice.token);
    const b = await signedIn(bob.token);
    expect(ctx.liveClients.count('app')).toBe(2);
    expect(ctx.liveClients.stats()).toMatchObject({ total: 2, users: 2, byKind: { app: 2 } });
    expect(bus.subscriberCount(topics.user(alice.id))).toBe(1);
    expect(bus.subscriberCount(topics.everyone)).toBe(2);
    a.ws.close();
    await a.closed;
    await vi.waitFor(() => expect(ctx.liveClients.count('app')).toBe(1));
    expect(bus.subscriberCount(topics.user(alice.id))).toBe(0);
    b.ws.terminate();
    await vi.waitFor(() => expect(ctx.liveClients.count('app')).toBe(0));
    expect(bus.subscriberCount()).toBe(serverSubscribers);
  });

  /**
   * Holds the server at one await of the connection's start until the client has gone, so the
   * socket closes exactly there; `hold` swaps one dependency in the app context for a gated one.
   */
  async function dropWhileHeld(hold: (gate: Promise<void>) => () => void) {
    let release!: () => void;
    const restore = hold(new Promise<void>((resolve) => (release = resolve)));
    try {
      const client = connect(t.url, `?token=${alice.token}`);
      await client.opened;
      client.ws.close();
      await client.closed;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      release();
      restore();
    }
    // Give the held step time to finish, then nothing may be left of the connection.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ctx.liveClients.count()).toBe(0);
    expect((ctx.bus as MemoryBus).subscriberCount()).toBe(serverSubscribers);
  }

  it('leaves nothing behind when a client drops while its token is being checked', async () => {
    await dropWhileHeld(holdTokenCheck);
  });

  it('leaves nothing behind when a client drops while it is being subscribed', async () => {
    await dropWhileHeld((gate) => {
      const bus = ctx.bus;
      ctx.bus = Object.assign(Object.create(bus) as MemoryBus, {
        subscribe: async (...args: Parameters<MemoryBus['subscribe']>) => gate.then(() => bus.subscribe(...args)),
      });
      return () => void (ctx.bus = bus);
    });
  });

  it('answers a plain HTTP GET with 426 and a {detail}', async () => {
    const result = await t.call('GET', '/api/ws/app');
    expect(result.status).toBe(426);
    expect(result.headers.get('upgrade')).toBe('websocket');
    expect(result.body.detail).toMatch(/websocket/);
  });
});

describe('the in-memory bus', () => {
  it('gives each subscriber its own JSON copy, asynchronously', async () => {
    const bus = createMemoryBus();
    const got: unknown[] = [];
    await bus.subscribe('t', (message) => void got.push(message));
    await bus.subscribe('t', (message) => void got.push(message));
    const message = { at: new Date(0), nested: { n: 1 }, gone: undefined };
    await bus.publish('t', message);
    expect(got).toEqual([]);
    await vi.waitFor(() => expect(got).toHaveLength(2));
    expect(got[0]).toEqual({ at: '1970-01-01T00:00:00.000Z', nested: { n: 1 } });
    expect(got[0]).not.toBe(got[1]);
  });

  it('stops delivering at unsubscribe, even a message already published', async () => {
    const bus = createMemoryBus();
    const got: unknown[] = [];
    const unsubscribe = await bus.subscribe('t', (message) => void got.push(message));
    await bus.publish('t', 1);
    unsubscribe();
    unsubscribe();
    await bus.publish('t', 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(got).toEqual([]);
    expect(bus.subscriberCount()).toBe(0);
  });

  it("keeps a subscriber's failure from the publisher and the other subscribers", async () => {
    const errors: string[] = [];
    const bus = createMemoryBus((error, topic) => errors.push(`${topic}: ${(error as Error).message}`));
    const got: unknown[] = [];
    await bus.subscribe('t', () => {
      throw new Error('boom');
    });
    await bus.subscribe('t', async () => Promise.reject(new Error('async boom')));
    await bus.subscribe('t', (message) => void got.push(message));
    await bus.publish('t', 'hello');
    await vi.waitFor(() => expect(got).toEqual(['hello']));
    await vi.waitFor(() => expect(errors.sort()).toEqual(['t: async boom', 't: boom']));
  });

  it('refuses what is not JSON, and everything once closed', async () => {
    const bus = createMemoryBus();
    await expect(bus.publish('t', undefined)).rejects.toThrow(/JSON/);
    await expect(bus.publish('t', 10n)).rejects.toThrow();
    await bus.close();
    await expect(bus.publish('t', 1)).rejects.toThrow(/closed/);
    await expect(bus.subscribe('t', () => {})).rejects.toThrow(/closed/);
  });
});
