import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notification, NotificationList } from '../../contract/notifications/schemas';
import type { TestServer } from './support/testServer';
import { connectApp, startNotificationServer, waitFor } from './notificationsPeers';

/*
 * The notifications rows over a real server and database: every list filter, status changes
 * (one and bulk), delete, create and broadcast with their access rules, expiry, the live
 * `notification` messages on /api/ws/app, and catch-up after a dropped socket.
 */

const LIST = '/api/user/notification/list';
const CREATE = '/api/user/notification/create';

describe('notifications', () => {
  let t: TestServer;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  let admin: string;

  const create = async (token: string, json: Record<string, unknown>) => {
    const res = await t.call('POST', CREATE, { token, json });
    expect(res.status, res.text).toBe(200);
    return Notification.parse(res.body);
  };
  const list = async (token: string, query: string) => {
    const res = await t.call('GET', `${LIST}?${query}`, { token });
    expect(res.status, res.text).toBe(200);
    return NotificationList.parse(res.body);
  };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeAll(async () => {
    t = await startNotificationServer();
    admin = await t.adminToken();
    alice = await t.createUser('alice@bazaar.test');
    bob = await t.createUser('bob@bazaar.test');
  });
  afterAll(async () => {
    await t.server.app.ctx.services.notificationJobs.stop();
    await t.close();
  });

  describe('list filters', () => {
    const ids: Record<'a' | 'b' | 'c' | 'd', number> = { a: 0, b: 0, c: 0, d: 0 };
    let firstCreatedAt = '';
    let token = '';

    beforeAll(async () => {
      token = (await t.createUser('filters@bazaar.test')).token;
      const a = await create(token, { title: 'BTC entry', category: 'signal', sub_category: 'entry', priority: 30, market: 'crypto', symbol: 'BTCUSDT' });
      firstCreatedAt = a.created_at;
      await pause(5);
      const b = await create(token, { title: 'Order filled', category: 'order', sub_category: 'filled', priority: 20, portfolio_id: 7, broker_id: 'paper' });
      await pause(5);
      const c = await create(token, { title: 'ETH exit', category: 'signal', sub_category: 'exit', priority: 40, market: 'crypto', symbol: 'ETHUSDT' });
      await pause(5);
      const d = await create(token, { title: 'Soon gone', category: 'price', priority: 10, expires_at: new Date(Date.now() + 60_000).toISOString() });
      Object.assign(ids, { a: a.id, b: b.id, c: c.id, d: d.id });
      // c is seen, so status filters have two values to pick from.
      expect((await t.call('PUT', `/api/user/notification/set_status/${c.id}?status=20`, { token })).status).toBe(200);
    });

    const q = async (query: string) => (await list(token, query)).data.map((n) => n.id);

    it('answers newest first with the total, pages with offset/limit, and asc on request', async () => {
      const page = await list(token, 'limit=2');
      expect(page.count).toBe(4);
      expect(page.data.map((n) => n.id)).toEqual([ids.d, ids.c]);
      expect(await q('limit=2&offset=2')).toEqual([ids.b, ids.a]);
      expect(await q('order=asc')).toEqual([ids.a, ids.b, ids.c, ids.d]);
    });

    it('filters by every field', async () => {
      expect(await q('status=20')).toEqual([ids.c]);
      expect(await q('status=10,20')).toEqual([ids.d, ids.c, ids.b, ids.a]);
      expect(await q('priority=30,40')).toEqual([ids.c, ids.a]);
      expect(await q('category=signal')).toEqual([ids.c, ids.a]);
      expect(await q('category=order,price')).toEqual([ids.d, ids.b]);
      expect(await q('sub_category=entry')).toEqual([ids.a]);
      expect(await q('portfolio_id=7')).toEqual([ids.b]);
      expect(await q('market=crypto')).toEqual([ids.c, ids.a]);
      expect(await q('broker_id=paper')).toEqual([ids.b]);
      expect(await q('symbol=ETHUSDT')).toEqual([ids.c]);
      expect(await q('category=signal&priority=30')).toEqual([ids.a]);
      expect(await q(`after_id=${ids.b}&order=asc`)).toEqual([ids.c, ids.d]);
      expect(await q('not_expired=true')).toEqual([ids.d, ids.c, ids.b, ids.a]);
    });

    it('bounds created_at half-open', async () => {
      const after = encodeURIComponent(firstCreatedAt);
      expect(await q(`created_after=${after}`)).toEqual([ids.d, ids.c, ids.b, ids.a]);
      expect(await q(`created_before=${after}`)).toEqual([]);
      const later = encodeURIComponent(new Date(Date.parse(firstCreatedAt) + 1).toISOString());
      expect(await q(`created_after=${later}`)).toEqual([ids.d, ids.c, ids.b]);
      expect(await q(`created_before=${later}`)).toEqual([ids.a]);
    });

    it('refuses bad filters with 422 naming them', async () => {
      for (const query of ['status=70', 'priority=15', 'category=weather', 'order=sideways', 'limit=0']) {
        const res = await t.call('GET', `${LIST}?${query}`, { token: token });
        expect(res.status, query).toBe(422);
        expect(res.body.detail[0].loc).toContain(query.split('=')[0]);
      }
      const reversed = await t.call('GET', `${LIST}?created_after=2030-01-01T00:00:00Z&created_before=2020-01-01T00:00:00Z`, { token: alice.token });
      expect(reversed.status).toBe(422);
    });

    it('never shows another user\'s notifications', async () => {
      expect((await list(bob.token, `symbol=ETHUSDT`)).count).toBe(0);
    });
  });

  describe('statuses, delete and access', () => {
    it('sets one status, refuses unknown and expired statuses, and hides other users\' rows (404)', async () => {
      const n = await create(alice.token, { title: 'Mine' });
      expect(n).toMatchObject({ status: 10, priority: 20, category: 'system', user_id: alice.id });
      await pause(3);
      const done = await t.call('PUT', `/api/user/notification/set_status/${n.id}?status=30`, { token: alice.token });
      expect(done.status).toBe(200);
      expect(done.body.status).toBe(30);
      expect(Date.parse(done.body.updated_at)).toBeGreaterThan(Date.parse(n.updated_at));
      for (const status of ['50', '99', 'seen']) {
        const res = await t.call('PUT', `/api/user/notification/set_status/${n.id}?status=${status}`, { token: alice.token });
        expect(res.status, status).toBe(422);
        expect(res.body.detail[0].loc).toContain('status');
      }
      expect((await t.call('PUT', `/api/user/notification/set_status/${n.id}?status=20`, { token: bob.token })).status).toBe(404);
      expect((await t.call('DELETE', `/api/user/notification/delete/${n.id}`, { token: bob.token })).status).toBe(404);
      expect((await t.call('PUT', `/api/user/notification/set_status/999999?status=20`, { token: alice.token })).status).toBe(404);
      const deleted = await t.call('DELETE', `/api/user/notification/delete/${n.id}`, { token: alice.token });
      expect(deleted.status).toBe(200);
      expect((await t.call('DELETE', `/api/user/notification/delete/${n.id}`, { token: alice.token })).status).toBe(404);
    });

    it('bulk-sets a status on own ids and reports the rest without changing them', async () => {
      const mine = [await create(alice.token, { title: 'one' }), await create(alice.token, { title: 'two' })];
      const bobs = await create(bob.token, { title: 'bob\'s' });
      const res = await t.call('PUT', '/api/user/notification/bulk_set_status', {
        token: alice.token,
        json: { ids: [mine[0]!.id, mine[1]!.id, bobs.id, 987654], status: 40 },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ updated: 2, not_found: [bobs.id, 987654] });
      expect((await list(alice.token, 'status=40')).data.map((n) => n.id).sort()).toEqual([mine[0]!.id, mine[1]!.id].sort());
      expect((await list(bob.token, 'status=10')).data.find((n) => n.id === bobs.id)).toBeDefined();
      const bad = await t.call('PUT', '/api/user/notification/bulk_set_status', { token: alice.token, json: { ids: [mine[0]!.id], status: 50 } });
      expect(bad.status).toBe(422);
      const empty = await t.call('PUT', '/api/user/notification/bulk_set_status', { token: alice.token, json: { ids: [], status: 20 } });
      expect(empty.status).toBe(422);
    });

    it('creates for oneself; only an admin creates for another user', async () => {
      const forbidden = await t.call('POST', CREATE, { token: alice.token, json: { title: 'hi bob', user_id: bob.id } });
      expect(forbidden.status).toBe(403);
      const byAdmin = await t.call('POST', CREATE, { token: admin, json: { title: 'from the admin', user_id: bob.id, priority: 40 } });
      expect(byAdmin.status, byAdmin.text).toBe(200);
      expect(byAdmin.body.user_id).toBe(bob.id);
      expect((await t.call('POST', CREATE, { token: admin, json: { title: 'nobody', user_id: 999999 } })).status).toBe(404);
      const badPriority = await t.call('POST', CREATE, { token: alice.token, json: { title: 'x', priority: 25 } });
      expect(badPriority.status).toBe(422);
      expect(badPriority.body.detail[0].loc).toContain('priority');
      const past = await t.call('POST', CREATE, { token: alice.token, json: { title: 'x', expires_at: '2001-01-01T00:00:00Z' } });
      expect(past.status).toBe(422);
      expect(past.body.detail[0].loc).toEqual(['body', 'expires_at']);
      const reserved = await t.call('POST', CREATE, { token: alice.token, json: { title: 'x', category: 'broadcast' } });
      expect(reserved.status).toBe(422);
    });
  });

  describe('broadcast', () => {
    it('is for admins only and gives every (active) recipient their own copy', async () => {
      const body = { title: 'Maintenance tonight', body: 'Back at 02:00', priority: 30, audience: { type: 'all' } };
      expect((await t.call('POST', '/api/user/notification/broadcast', { token: alice.token, json: body })).status).toBe(403);
      const inactive = await t.createUser('sleeping@bazaar.test', 'user-password-1', { is_active: false });
      const users = await t.call('GET', '/api/user/account/?limit=1000', { token: admin });
      const activeCount = (users.body.data as { is_active: boolean }[]).filter((u) => u.is_active).length;
      const res = await t.call('POST', '/api/user/notification/broadcast', { token: admin, json: body });
      expect(res.status, res.text).toBe(200);
      expect(res.body.recipients).toBe(activeCount);
      const aliceCopy = (await list(alice.token, 'category=broadcast')).data[0]!;
      const bobCopy = (await list(bob.token, 'category=broadcast')).data[0]!;
      expect(aliceCopy.title).toBe('Maintenance tonight');
      expect(aliceCopy.id).not.toBe(bobCopy.id);
      // Each copy has its own status.
      await t.call('PUT', `/api/user/notification/set_status/${aliceCopy.id}?status=30`, { token: alice.token });
      expect((await list(bob.token, 'category=broadcast')).data[0]!.status).toBe(10);

      const listed = await t.call('POST', '/api/user/notification/broadcast', {
        token: admin,
        json: { title: 'Just you two', audience: { type: 'users', user_ids: [alice.id, bob.id, inactive.id, 424242] } },
      });
      expect(listed.status, listed.text).toBe(200);
      expect(listed.body).toMatchObject({ recipients: 2, unknown_user_ids: [inactive.id, 424242] });
      expect((await list(bob.token, 'category=broadcast')).count).toBe(2);
      const noAudience = await t.call('POST', '/api/user/notification/broadcast', { token: admin, json: { title: 'oops' } });
      expect(noAudience.status).toBe(422);
      expect(noAudience.body.detail[0].loc).toContain('audience');
    });
  });

  describe('live push and catch-up', () => {
    it('pushes created, updated and deleted to the owner only, at once', async () => {
      const aliceSocket = await connectApp(t.url, alice.token);
      const bobSocket = await connectApp(t.url, bob.token);
      try {
        const n = await create(alice.token, { title: 'live one', category: 'price', symbol: 'BTCUSDT' });
        const created = await aliceSocket.nth(1);
        expect(created.params.event).toBe('created');
        expect(Notification.parse(created.data)).toEqual(n);
        await t.call('PUT', `/api/user/notification/set_status/${n.id}?status=20`, { token: alice.token });
        const updated = await aliceSocket.nth(2);
        expect(updated).toMatchObject({ params: { event: 'updated' }, data: { id: n.id, status: 20 } });
        await t.call('PUT', '/api/user/notification/bulk_set_status', { token: alice.token, json: { ids: [n.id], status: 30 } });
        expect(await aliceSocket.nth(3)).toMatchObject({ params: { event: 'updated' }, data: { id: n.id, status: 30 } });
        await t.call('DELETE', `/api/user/notification/delete/${n.id}`, { token: alice.token });
        expect(await aliceSocket.nth(4)).toMatchObject({ params: { event: 'deleted' }, data: { id: n.id, status: 30 } });
        // Bob heard nothing of Alice's; his own arrives.
        await create(bob.token, { title: 'bob live' });
        expect((await bobSocket.nth(1)).data.title).toBe('bob live');
        expect(bobSocket.messages).toHaveLength(1);
      } finally {
        await aliceSocket.close();
        await bobSocket.close();
      }
    });

    it('a client that missed pushes while disconnected gets them from the list', async () => {
      const user = await t.createUser('reconnect@bazaar.test');
      const first = await connectApp(t.url, user.token);
      const seen = await create(user.token, { title: 'before the drop' });
      const heard = (await first.nth(1)).data;
      await first.close();

      // While the socket is down: one new, one changed, one created and deleted.
      await pause(3);
      await t.call('PUT', `/api/user/notification/set_status/${seen.id}?status=20`, { token: user.token });
      const missed = await create(user.token, { title: 'while away', priority: 40 });
      const gone = await create(user.token, { title: 'short-lived' });
      await t.call('DELETE', `/api/user/notification/delete/${gone.id}`, { token: user.token });

      const second = await connectApp(t.url, user.token);
      try {
        expect(second.messages).toHaveLength(0);
        const changed = await list(user.token, `updated_after=${encodeURIComponent(heard.updated_at)}&order=asc`);
        expect(changed.data.map((n) => [n.id, n.status])).toEqual([
          [seen.id, 20],
          [missed.id, 10],
        ]);
        const fresh = await list(user.token, `after_id=${heard.id}&order=asc`);
        expect(fresh.data.map((n) => n.id)).toEqual([missed.id]);
        // And from now on pushes reach the new socket.
        await create(user.token, { title: 'after the reconnect' });
        expect((await second.nth(1)).data.title).toBe('after the reconnect');
      } finally {
        await second.close();
      }
    });
  });

  describe('expiry', () => {
    it('the expiry task sets 50 past expires_at, pushes it, and not_expired leaves it out', async () => {
      const user = await t.createUser('expiry@bazaar.test');
      const socket = await connectApp(t.url, user.token);
      try {
        const short = await create(user.token, { title: 'flash sale', expires_at: new Date(Date.now() + 250).toISOString() });
        const lasting = await create(user.token, { title: 'stays' });
        await socket.nth(2);
        expect((await list(user.token, 'not_expired=true')).count).toBe(2);
        await pause(300);
        // Past expires_at but not yet expired by the task: not_expired already leaves it out.
        expect((await list(user.token, 'not_expired=true')).data.map((n) => n.id)).toEqual([lasting.id]);

        // The periodic task (50 ms in tests) does the rest; the server started it with its own interval.
        await t.server.app.ctx.services.notificationJobs.stop();
        t.server.app.ctx.services.notificationJobs.start();
        const expired = await waitFor(async () => (await list(user.token, 'status=50')).data[0], 'the expiry task');
        expect(expired.id).toBe(short.id);
        const pushed = await socket.nth(3);
        expect(pushed).toMatchObject({ params: { event: 'updated' }, data: { id: short.id, status: 50 } });
        const tasks = t.server.app.ctx.services.tasks.list().filter((task) => task.name === 'notification.expire');
        expect(tasks.some((task) => task.state === 'SUCCESS' && (task.result as { expired: number }).expired >= 1)).toBe(true);
        // Expired is final for the task: a second run changes nothing.
        expect(await t.server.app.ctx.services.notificationJobs.expireNow()).toBe(0);
      } finally {
        await socket.close();
      }
    });
  });
});
