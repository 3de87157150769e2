import WebSocket from 'ws';
import type { TestServer } from './testServer';

/** A websocket client that records every message and its close (service manager tests). */
export interface RecordingSocket {
  ws: WebSocket;
  messages: any[];
  opened: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  send(data: unknown): void;
}

/** `server`: anything with the base URL (a test server, or a second server on its database). */
export function openSocket(server: { url: string }, path: string): RecordingSocket {
  const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}${path}`);
  const messages: any[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
  ws.on('error', () => undefined);
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  opened.catch(() => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const send = (data: unknown) => ws.send(JSON.stringify(data));
  return { ws, messages, opened, closed, send };
}

export const appSocket = (ts: TestServer, token: string) => openSocket(ts, `/api/ws/app?token=${token}`);
export const livePriceSocket = (ts: TestServer, market: string, token: string) =>
  openSocket(ts, `/api/ws/market/${market}/live_price?token=${token}`);

/** Resolves once `socket` has answered a ping: the server has finished setting it up. */
export async function ready(socket: RecordingSocket) {
  await socket.opened;
  const before = socket.messages.filter((m) => m._type === 'pong').length;
  socket.send({ _type: 'ping' });
  const until = Date.now() + 5000;
  while (socket.messages.filter((m) => m._type === 'pong').length === before) {
    if (Date.now() > until) throw new Error('no pong within 5 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it is true (outside a test, where expect.poll cannot run). */
export async function waitFor(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`condition not met within ${ms} ms`);
    await sleep(50);
  }
}
