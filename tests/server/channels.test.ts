import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelList, ChannelSaved, type Channel } from '../../contract/notifications/channels';
import { NotificationList } from '../../contract/notifications/schemas';
import type { TestServer } from './support/testServer';
import { startSmtpPeer } from './support/smtpPeer';
import { startNotificationServer, startTelegramPeer, startWebhookPeer, waitFor } from './notificationsPeers';

/*
 * Channels over a real server and database, delivering through real local peers: an SMTP server
 * (smtp-server), an HTTP receiver checking the HMAC signature, and a server speaking the Telegram
 * Bot API. Retries are short here (30 ms, 60 ms) and a channel pauses after 3 failures in a row.
 */

const CHANNELS = '/api/user/notification/channel/';
const BOT_TOKEN = '123456789:AAFtestTokenAbcdefghijklmnop';

describe('notification channels', () => {
  let t: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let hook: Awaited<ReturnType<typeof startWebhookPeer>>;
  let telegram: Awaited<ReturnType<typeof startTelegramPeer>>;

  const notify = async (token: string, json: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/user/notification/create', { token, json });
    expect(res.status, res.text).toBe(200);
    return res.body as { id: number };
  };
  const addChannel = async (token: string, json: Record<string, unknown>) => {
    const res = await t.call('POST', CHANNELS, { token, json });
    expect(res.status, res.text).toBe(200);
    return ChannelSaved.parse(res.body);
  };
  const channel = async (token: string, id: number): Promise<Channel> => {
    const res = await t.call('GET', CHANNELS, { token });
    expect(res.status, res.text).toBe(200);
    return ChannelList.parse(res.body).data.find((c) => c.id === id)!;
  };
  /** Waits until the channel's log holds `n` finished attempts (a fresh attempt reads "interrupted" until it ends). */
  const attempts = (token: string, id: number, n: number) =>
    waitFor(async () => {
      const c = await channel(token, id);
      const done = c.recent_deliveries.filter((d) => d.error !== 'interrupted');
      return done.length >= n ? { channel: c, log: [...done].reverse() } : undefined;
    }, `${n} delivery attempt(s) on channel ${id}`);

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    hook = await startWebhookPeer();
    telegram = await startTelegramPeer();
    t = await startNotificationServer({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.server.app.ctx.services.notificationJobs.stop();
    await t.close();
    await Promise.all([smtp.close(), hook.close(), telegram.close()]);
  });

  describe('CRUD and bad input', () => {
    it('creates each type, shows the webhook secret once and only hints of secrets after', async () => {
      const user = await t.createUser('crud@bazaar.test');
      const email = await addChannel(user.token, { type: 'email', config: { address: 'Me@Example.com' } });
      expect(email.channel).toMatchObject({ type: 'email', name: 'me@example.com', is_active: true, min_priority: 10, categories: [] });
      expect(email.secret).toBeNull();
      const web = await addChannel(user.token, { type: 'webhook', name: 'My hook', config: { url: `${hook.url}/in` }, min_priority: 30, categories: ['signal'] });
      expect(web.secret).toMatch(/^[0-9a-f]{64}$/);
      expect(web.channel.config).toEqual({ url: `${hook.url}/in`, secret_hint: `…${web.secret!.slice(-4)}` });
      const tg = await addChannel(user.token, { type: 'telegram', config: { bot_token: BOT_TOKEN, chat_id: '@bazaar_test', api_base_url: telegram.url } });
      expect(tg.channel.config).toEqual({ bot_token_hint: `…${BOT_TOKEN.slice(-4)}`, chat_id: '@bazaar_test', api_base_url: telegram.url });

      const listed = await t.call('GET', CHANNELS, { token: user.token });
      expect(listed.body.count).toBe(3);
      expect(listed.text).not.toContain(web.secret!);
      expect(listed.text).not.toContain(BOT_TOKEN);

      const rotated = await t.call('PUT', `${CHANNELS}${web.channel.id}`, { token: user.token, json: { type: 'webhook', rotate_secret: true } });
      expect(rotated.status, rotated.text).toBe(200);
      expect(rotated.body.secret).toMatch(/^[0-9a-f]{64}$/);
      expect(rotated.body.secret).not.toBe(web.secret);
      const renamed = await t.call('PUT', `${CHANNELS}${tg.channel.id}`, { token: user.token, json: { type: 'telegram', config: { chat_id: '-100200300' }, min_priority: 40 } });
      expect(renamed.status, renamed.text).toBe(200);
      expect(renamed.body.secret).toBeNull();
      expect(renamed.body.channel.config).toMatchObject({ chat_id: '-100200300', bot_token_hint: `…${BOT_TOKEN.slice(-4)}` });
      expect(renamed.body.channel.min_priority).toBe(40);

      const other = await t.createUser('crud-other@bazaar.test');
      expect((await t.call('PUT', `${CHANNELS}${email.channel.id}`, { token: other.token, json: { type: 'email', name: 'mine now' } })).status).toBe(404);
      expect((await t.call('DELETE', `${CHANNELS}${email.channel.id}`, { token: other.token })).status).toBe(404);
      expect((await t.call('GET', CHANNELS, { token: other.token })).body.count).toBe(0);

      const typeChange = await t.call('PUT', `${CHANNELS}${email.channel.id}`, { token: user.token, json: { type: 'webhook', config: { url: hook.url } } });
      expect(typeChange.status).toBe(422);
      expect(typeChange.body.detail[0].loc).toEqual(['body', 'type']);

      expect((await t.call('DELETE', `${CHANNELS}${email.channel.id}`, { token: user.token })).status).toBe(200);
      expect((await t.call('DELETE', `${CHANNELS}${email.channel.id}`, { token: user.token })).status).toBe(404);
      expect((await t.call('GET', CHANNELS, { token: user.token })).body.count).toBe(2);
    });

    it('names the missing or wrong config fields (422)', async () => {
      const user = await t.createUser('bad-config@bazaar.test');
      const cases: [Record<string, unknown>, string][] = [
        [{ type: 'email', config: {} }, 'address'],
        [{ type: 'webhook', config: {} }, 'url'],
        [{ type: 'telegram', config: { chat_id: '12345' } }, 'bot_token'],
        [{ type: 'telegram', config: { bot_token: BOT_TOKEN } }, 'chat_id'],
        [{ type: 'telegram', config: { bot_token: 'nope', chat_id: '1' } }, 'bot_token'],
        [{ type: 'webhook', config: { url: 'ftp://example.com/hook' } }, 'url'],
        [{ type: 'email', config: { address: 'a@b.co' }, min_priority: 15 }, 'min_priority'],
      ];
      for (const [json, field] of cases) {
        const res = await t.call('POST', CHANNELS, { token: user.token, json });
        expect(res.status, JSON.stringify(json)).toBe(422);
        expect(res.body.detail.map((d: { loc: string[] }) => d.loc.join('.')).join(' '), JSON.stringify(json)).toContain(field);
      }
    });
  });

  describe('SSRF in production mode', () => {
    let prod: TestServer;
    beforeAll(async () => {
      prod = await startNotificationServer({}, { allowPrivateWebhooks: false });
    });
    afterAll(async () => {
      await prod.server.app.ctx.services.notificationJobs.stop();
      await prod.close();
    });

    it('refuses webhook and Telegram URLs that reach loopback or private addresses', async () => {
      const user = await prod.createUser('ssrf@bazaar.test');
      const refused = [
        { type: 'webhook', config: { url: 'http://127.0.0.1:9/hook' } },
        { type: 'webhook', config: { url: 'http://localhost/hook' } },
        { type: 'webhook', config: { url: 'http://10.1.2.3/hook' } },
        { type: 'webhook', config: { url: 'http://169.254.169.254/latest/meta-data' } },
        { type: 'webhook', config: { url: 'http://[::1]:8080/' } },
        { type: 'webhook', config: { url: 'http://[::ffff:192.168.0.1]/' } },
        { type: 'telegram', config: { bot_token: BOT_TOKEN, chat_id: '1', api_base_url: 'http://192.168.1.10' } },
      ];
      for (const json of refused) {
        const res = await prod.call('POST', CHANNELS, { token: user.token, json });
        expect(res.status, JSON.stringify(json)).toBe(422);
        const field = json.type === 'webhook' ? 'url' : 'api_base_url';
        expect(res.body.detail[0].loc).toEqual(['body', 'config', field]);
      }
      // A public address literal passes the guard (nothing is sent on create).
      const ok = await prod.call('POST', CHANNELS, { token: user.token, json: { type: 'webhook', config: { url: 'https://93.184.215.14/hook' } } });
      expect(ok.status, ok.text).toBe(200);
      const moved = await prod.call('PUT', `${CHANNELS}${ok.body.channel.id}`, { token: user.token, json: { type: 'webhook', config: { url: 'http://127.0.0.1/' } } });
      expect(moved.status).toBe(422);
    });
  });

  describe('delivery through real peers', () => {
    it('email: through the SMTP server, only what passes the priority and category filters', async () => {
      const user = await t.createUser('mail-channel@bazaar.test');
      const saved = await addChannel(user.token, { type: 'email', config: { address: 'trader@example.com' }, min_priority: 30, categories: ['signal', 'order'] });
      await notify(user.token, { title: 'too quiet', category: 'signal', priority: 20 });
      await notify(user.token, { title: 'wrong category', category: 'price', priority: 40 });
      await notify(user.token, { title: 'BTC entry signal', body: 'score 0.82', category: 'signal', priority: 30, market: 'crypto', symbol: 'BTCUSDT' });
      const { log } = await attempts(user.token, saved.channel.id, 1);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ outcome: 'success', attempt: 1, is_test: false, status_code: 250 });
      const mail = await waitFor(async () => smtp.mails.find((m) => m.to.includes('trader@example.com')), 'the mail');
      expect(mail.raw).toContain('Subject: BTC entry signal');
      expect(mail.raw).toContain('score 0.82');
      expect(smtp.mails.filter((m) => m.to.includes('trader@example.com'))).toHaveLength(1);
    });

    it('webhook: a signed JSON POST, retried with backoff until the receiver takes it', async () => {
      const user = await t.createUser('hook-channel@bazaar.test');
      const saved = await addChannel(user.token, { type: 'webhook', config: { url: `${hook.url}/retry` } });
      hook.secret = saved.secret!;
      hook.answers = [503, 500];
      hook.hits.length = 0;
      const n = await notify(user.token, { title: 'order filled', category: 'order', priority: 20, data: { order_id: 5 } });
      const { log, channel: after } = await attempts(user.token, saved.channel.id, 3);
      expect(log.map((d) => [d.attempt, d.outcome, d.status_code])).toEqual([
        [1, 'failure', 503],
        [2, 'failure', 500],
        [3, 'success', 200],
      ]);
      expect(log[0]!.next_retry_at).not.toBeNull();
      expect(log[2]!.next_retry_at).toBeNull();
      expect(new Set(log.map((d) => d.task_id)).size).toBe(1);
      expect(after).toMatchObject({ consecutive_failures: 0, is_active: true });
      expect(after.last_success_at).not.toBeNull();
      expect(hook.hits).toHaveLength(3);
      expect(hook.hits.every((h) => h.signatureValid)).toBe(true);
      expect(hook.hits[2]!.body).toMatchObject({ event: 'notification', channel_id: saved.channel.id, attempt: 3, notification: { id: n.id, data: { order_id: 5 } } });
      expect(hook.hits[2]!.body.delivery_id).toBe(log[2]!.id);
      const task = t.server.app.ctx.services.tasks.get(log[0]!.task_id!);
      expect(task).toMatchObject({ name: 'notification.deliver', state: 'SUCCESS', args: { notification_id: n.id, channel_id: saved.channel.id } });

      // A wrong secret is what the receiver would catch.
      hook.secret = 'not-the-secret';
      await notify(user.token, { title: 'second' });
      await attempts(user.token, saved.channel.id, 4);
      expect(hook.hits.at(-1)!.signatureValid).toBe(false);
    });

    it('telegram: sendMessage on the Bot API server, retried after a failure; a test message on request', async () => {
      const user = await t.createUser('tg-channel@bazaar.test');
      const saved = await addChannel(user.token, { type: 'telegram', config: { bot_token: BOT_TOKEN, chat_id: '-1001234567', api_base_url: `${telegram.url}/` } });
      telegram.failures = 1;
      telegram.hits.length = 0;
      await notify(user.token, { title: 'ETH exit', body: 'take profit', category: 'signal', priority: 40, market: 'crypto', symbol: 'ETHUSDT' });
      const { log } = await attempts(user.token, saved.channel.id, 2);
      expect(log.map((d) => [d.outcome, d.status_code, d.error])).toEqual([
        ['failure', 500, 'Internal Server Error: try later'],
        ['success', 200, null],
      ]);
      expect(telegram.hits).toHaveLength(2);
      expect(telegram.hits[1]).toEqual({ token: BOT_TOKEN, body: expect.objectContaining({ chat_id: '-1001234567', text: 'ETH exit\n\ntake profit\n\ncrypto ETHUSDT' }) });

      const tested = await t.call('PUT', `${CHANNELS}${saved.channel.id}`, { token: user.token, json: { type: 'telegram', send_test: true } });
      expect(tested.status, tested.text).toBe(200);
      expect(tested.body.test_task_id).toEqual(expect.any(String));
      const task = await t.server.app.ctx.services.tasks.wait(tested.body.test_task_id);
      expect(task?.state).toBe('SUCCESS');
      const { log: withTest } = await attempts(user.token, saved.channel.id, 3);
      expect(withTest[2]).toMatchObject({ is_test: true, notification_id: null, outcome: 'success', task_id: tested.body.test_task_id });
      expect(telegram.hits.at(-1)!.body.text).toContain('test message');
    });

    it('a channel that keeps failing is paused, its owner told in-app, and resuming clears it', async () => {
      const user = await t.createUser('failing@bazaar.test');
      const other = await addChannel(user.token, { type: 'webhook', config: { url: `${hook.url}/ok` } });
      const dead = await addChannel(user.token, { type: 'webhook', name: 'Dead end', config: { url: 'http://127.0.0.1:1/nothing-listens' } });
      hook.secret = other.secret!;
      hook.answers = [];
      await notify(user.token, { title: 'will not arrive', priority: 20 });
      // 1 try + 2 retries = 3 failures in a row = the pause threshold of these tests.
      const { log, channel: paused } = await attempts(user.token, dead.channel.id, 3);
      expect(log.every((d) => d.outcome === 'failure' && d.status_code === null && d.error)).toBe(true);
      const told = await waitFor(async () => {
        const page = NotificationList.parse((await t.call('GET', '/api/user/notification/list?category=system&sub_category=channel_paused', { token: user.token })).body);
        return page.data[0];
      }, 'the in-app notice');
      expect(told.title).toContain('Dead end');
      expect(told.data).toMatchObject({ channel_id: dead.channel.id });
      expect(paused.is_active).toBe(false);
      expect(paused.paused_for_failures_at).not.toBeNull();
      expect(paused.consecutive_failures).toBe(3);
      expect(paused.last_error?.message).toBeTruthy();

      // Paused: new notifications skip it (the healthy channel still delivers them).
      const before = (await channel(user.token, dead.channel.id)).recent_deliveries.length;
      const after = await notify(user.token, { title: 'after the pause' });
      await waitFor(
        async () => (await channel(user.token, other.channel.id)).recent_deliveries.find((d) => d.notification_id === after.id && d.outcome === 'success'),
        'the healthy channel to deliver',
      );
      expect((await channel(user.token, dead.channel.id)).recent_deliveries.length).toBe(before);

      const resumed = await t.call('PUT', `${CHANNELS}${dead.channel.id}`, { token: user.token, json: { type: 'webhook', is_active: true, config: { url: `${hook.url}/fixed` } } });
      expect(resumed.status, resumed.text).toBe(200);
      expect(resumed.body.channel).toMatchObject({ is_active: true, paused_for_failures_at: null, consecutive_failures: 0 });
    });

    it('signal notifications from elsewhere in the server (the notifier) reach channels too', async () => {
      const user = await t.createUser('engine-path@bazaar.test');
      const saved = await addChannel(user.token, { type: 'webhook', config: { url: `${hook.url}/engine` } });
      hook.secret = saved.secret!;
      hook.answers = [];
      await t.server.app.ctx.services.notifier.notify({ user_id: user.id, title: 'from the engine', body: '', priority: 30, category: 'signal' });
      const { log } = await attempts(user.token, saved.channel.id, 1);
      expect(log[0]!.outcome).toBe('success');
      expect(hook.hits.at(-1)!.body.notification.title).toBe('from the engine');
    });

    it('stops delivering while the notifier service is stopped, and delivers again once it starts', async () => {
      const admin = await t.adminToken();
      const command = (name: string) =>
        t.call('POST', `/api/service_manager/send_service_command?service_name=notifier&command=${name}`, { token: admin });
      const user = await t.createUser('notifier-restart@bazaar.test');
      const saved = await addChannel(user.token, { type: 'webhook', config: { url: `${hook.url}/restart` } });
      hook.secret = saved.secret!;
      hook.answers = [];
      expect((await command('stop')).status).toBe(200);
      await notify(user.token, { title: 'while stopped' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await channel(user.token, saved.channel.id)).recent_deliveries).toHaveLength(0);
      expect((await command('start')).status).toBe(200);
      await notify(user.token, { title: 'after start' });
      const { log } = await attempts(user.token, saved.channel.id, 1);
      expect(log.map((d) => d.outcome)).toEqual(['success']);
      expect(hook.hits.at(-1)!.body.notification.title).toBe('after start');
    });
  });
});
