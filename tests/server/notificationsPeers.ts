import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from './support/testServer';
import type { NotificationConfig } from '../../server/domain/notifications/settings';

/**
 * Peers and helpers of the notification and channel tests: an HTTP webhook receiver that checks
 * the HMAC, a server speaking the Telegram Bot API, an `/api/ws/app` client, and a poll helper.
 */

/** Short retries and a low pause threshold; loopback peers allowed. */
export const TEST_NOTIFICATION_SETTINGS: NotificationConfig = {
  allowPrivateWebhooks: true,
  deliveryRetryDelaysMs: [30, 60],
  pauseAfterFailures: 3,
  expireIntervalMs: 50,
  deliveryTimeoutMs: 3000,
};

/** A test server with the notification settings above, as environment lines (ALLOW_PRIVATE_WEBHOOKS…). */
export async function startNotificationServer(env: Record<string, string> = {}, settings: NotificationConfig = TEST_NOTIFICATION_SETTINGS): Promise<TestServer> {
  const t = await startTestServer({
    ALLOW_PRIVATE_WEBHOOKS: String(settings.allowPrivateWebhooks ?? false),
    NOTIFICATION_RETRY_DELAYS_MS: (settings.deliveryRetryDelaysMs ?? []).join(','),
    CHANNEL_PAUSE_AFTER_FAILURES: String(settings.pauseAfterFailures ?? 10),
    ...env,
  });
  // The expiry interval and an attempt's timeout are not settings of their own: tests shorten them on the config the services read.
  const { expireIntervalMs, deliveryTimeoutMs } = settings;
  Object.assign(t.config, { ...(expireIntervalMs ? { expireIntervalMs } : {}), ...(deliveryTimeoutMs ? { deliveryTimeoutMs } : {}) });
  return t;
}

export async function waitFor<T>(probe: () => Promise<T | undefined | false>, what: string, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

export interface WebhookHit {
  body: any;
  signatureValid: boolean;
  status: number;
}

/**
 * A webhook receiver. `secret` is set once the channel is created (the secret is shown then);
 * `answers` are the statuses to give, one per request, then 200.
 */
export async function startWebhookPeer() {
  const hits: WebhookHit[] = [];
  const peer = { url: '', hits, secret: '', answers: [] as number[], close: async () => {} };
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const header = String(req.headers['x-signature-256'] ?? '');
    const expected = `sha256=${createHmac('sha256', peer.secret).update(raw).digest('hex')}`;
    const signatureValid = header.length === expected.length && timingSafeEqual(Buffer.from(header), Buffer.from(expected));
    const status = peer.answers.shift() ?? 200;
    hits.push({ body: JSON.parse(raw), signatureValid, status });
    res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
  });
  peer.url = await listen(server);
  peer.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return peer;
}

export interface TelegramHit {
  token: string;
  body: { chat_id: string; text: string };
}

/** Speaks `POST /bot<token>/sendMessage`; `failures` answers `{ok:false}` with 500 that many times first. */
export async function startTelegramPeer() {
  const hits: TelegramHit[] = [];
  const peer = { url: '', hits, failures: 0, close: async () => {} };
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const match = /^\/bot([^/]+)\/sendMessage$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error_code: 404, description: 'Not Found' }));
      return;
    }
    hits.push({ token: match[1]!, body: JSON.parse(raw) });
    if (peer.failures > 0) {
      peer.failures--;
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error_code: 500, description: 'Internal Server Error: try later' }));
      return;
    }
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ ok: true, result: { message_id: hits.length, chat: { id: 1 }, date: Math.floor(Date.now() / 1000) } }));
  });
  peer.url = await listen(server);
  peer.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return peer;
}

/** An `/api/ws/app` client that keeps every `notification` message. */
export async function connectApp(url: string, token: string) {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/ws/app?token=${encodeURIComponent(token)}`);
  const messages: any[] = [];
  let ponged = false;
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if (message._type === 'notification') messages.push(message);
    if (message._type === 'pong') ponged = true;
  });
  ws.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  // The server answers a ping only once the socket is subscribed: after the pong, nothing is missed.
  ws.send(JSON.stringify({ _type: 'ping' }));
  await waitFor(async () => ponged, 'pong');
  return {
    messages,
    /** Waits for the nth (1-based) notification message. */
    nth: (n: number) => waitFor(async () => messages[n - 1], `notification message #${n}`),
    close: () =>
      new Promise<void>((resolve) => {
        if (ws.readyState === WebSocket.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close();
      }),
  };
}
