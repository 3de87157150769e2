/**
 * Notifications, two figures (issue 7), on loopback against the real server:
 *  1. create → seen: 500 users each hold an `/api/ws/app` socket; one notification at a time is
 *     created over HTTP for a random one of them, timed from the request until its socket hears
 *     the `created` message. Target p99 ≤ 50 ms. The clients share this process (2 cores).
 *  2. listing: 100,000 notifications of one user (plus 20,000 of others); pages of 50 with the
 *     filters of the notification centre, over HTTP. Target ≤ 20 ms per page.
 * SQLite by default; DATABASE_URL=postgres://… runs the same on PostgreSQL.
 *   npx tsx bench/notifications.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { loadConfig } from '../server/config';
import { startServer } from '../server/server';
import { notificationsRepository, type NotificationWrite } from '../server/store/repositories/notifications';

const USERS = 500;
const CREATES = 300;
const STORED = 100_000;
const OTHERS = 20_000;
const PAGE_RUNS = 40;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const fmt = (values: number[]) =>
  `p50 ${quantile(values, 0.5).toFixed(2)} ms, p99 ${quantile(values, 0.99).toFixed(2)} ms, max ${Math.max(...values).toFixed(2)} ms`;

const dataDir = mkdtempSync(join(tmpdir(), 'bs-bench-notif-'));
const config = loadConfig({
  PORT: '0',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  FEED_ENABLED: 'false',
  SEED_DEMO: 'false',
  FIRST_SUPERUSER: 'admin@bench.test',
  FIRST_SUPERUSER_PASSWORD: 'admin-password-1',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  STATIC_DIR: join(dataDir, 'none'),
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const server = await startServer(config);
const { db, tokens } = server.app.ctx;
console.log(`notifications bench on ${server.store.dialect}`);

// ---- users and their sockets (rows written directly: 500 password hashes would time bcrypt, not this)
const now = Date.now();
const userIds: number[] = [];
for (let i = 0; i < USERS; i++) {
  const row = await db
    .insertInto('users')
    .values({ email: `u${i}@bench.test`, hashed_password: 'x', full_name: null, is_active: 1, is_superuser: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  userIds.push(row.id);
}
const userTokens = await Promise.all(userIds.map(async (id) => (await tokens.issueAccess(id, 60)).token));

const waiting = new Map<number, (at: number) => void>();
const wsUrl = `${server.url.replace(/^http/, 'ws')}/api/ws/app`;
const sockets = await Promise.all(
  userIds.map(
    (id, i) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`${wsUrl}?token=${userTokens[i]}`);
        ws.on('message', (data) => {
          const at = performance.now();
          const text = data.toString();
          if (text.startsWith('{"_type":"pong"')) return resolve(ws);
          if (!text.startsWith('{"_type":"notification"')) return;
          waiting.get(id)?.(at);
        });
        ws.once('open', () => ws.send('{"_type":"ping"}'));
        ws.once('error', reject);
      }),
  ),
);
console.log(`${sockets.length} users connected to /api/ws/app`);

const createLatencies: number[] = [];
for (let i = 0; i < CREATES + 20; i++) {
  const k = Math.floor(Math.random() * USERS);
  const seen = new Promise<number>((resolve) => waiting.set(userIds[k]!, resolve));
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/user/notification/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${userTokens[k]}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: `bench ${i}`, category: 'price', priority: 20, symbol: 'BTCUSDT' }),
  });
  if (res.status !== 200) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
  const at = await seen;
  waiting.delete(userIds[k]!);
  if (i >= 20) createLatencies.push(at - t0); // the first 20 warm up
}
console.log(`create → seen on a connected client (${USERS} connected, ${CREATES} creates): ${fmt(createLatencies)}  [target p99 ≤ 50 ms]`);
for (const ws of sockets) ws.terminate();

// ---- 100,000 stored notifications of one user
const owner = userIds[0]!;
const categories = ['signal', 'order', 'balance', 'price', 'task', 'system'] as const;
const symbols = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BNBUSDT', 'XRPUSDT', 'ADAUSDT', 'DOGEUSDT', 'TRXUSDT'];
const base = Date.now() - STORED * 60_000;
const write = (userId: number, i: number): NotificationWrite => ({
  user_id: userId,
  title: `notification ${i}`,
  body: 'a body of ordinary length for a notification in the centre',
  priority: ([10, 20, 30, 40] as const)[i % 4]!,
  category: categories[i % categories.length]!,
  sub_category: i % 2 ? 'entry' : 'exit',
  market: 'crypto',
  symbol: symbols[i % symbols.length]!,
  portfolio_id: i % 10 === 0 ? 7 : null,
  data: { score: (i % 100) / 100 },
});
const fillStart = performance.now();
for (let i = 0; i < STORED; i += 5000) {
  await db.transaction().execute((trx) =>
    notificationsRepository.insertMany(trx, Array.from({ length: 5000 }, (_, j) => write(owner, i + j)), base + i * 60_000),
  );
}
for (let i = 0; i < OTHERS; i += 5000) {
  await db.transaction().execute((trx) =>
    notificationsRepository.insertMany(trx, Array.from({ length: 5000 }, (_, j) => write(userIds[1 + ((i + j) % 50)]!, i + j)), base),
  );
}
// Some read, some done: status filters have something to choose.
await db.updateTable('notifications').set({ status: 20 }).where('user_id', '=', owner).where('id', '<', STORED / 2).execute();
await db.updateTable('notifications').set({ status: 30 }).where('user_id', '=', owner).where('id', '<', STORED / 4).execute();
if (server.store.dialect === 'postgres') await db.executeQuery({ sql: 'ANALYZE', parameters: [], query: {} as never } as never).catch(() => undefined);
console.log(`stored ${STORED + OTHERS} notifications in ${((performance.now() - fillStart) / 1000).toFixed(1)} s`);

const mid = new Date(base + (STORED / 2) * 60_000).toISOString();
const filters: [string, string][] = [
  ['newest page (bell count)', 'status=10&limit=1'],
  ['page 1, no filter', 'limit=50'],
  ['page 40, no filter', 'limit=50&offset=2000'],
  ['status=10,20', 'status=10,20&limit=50'],
  ['category=signal', 'category=signal&limit=50'],
  ['category=signal&priority=30,40', 'category=signal&priority=30,40&limit=50'],
  ['symbol=ETHUSDT', 'symbol=ETHUSDT&limit=50'],
  ['symbol + created range', `symbol=ETHUSDT&created_after=${encodeURIComponent(mid)}&limit=50`],
  ['portfolio_id=7', 'portfolio_id=7&limit=50'],
  ['not_expired=true', 'not_expired=true&limit=50'],
  ['catch-up updated_after', `updated_after=${encodeURIComponent(new Date(base + (STORED - 5000) * 60_000 - 1).toISOString())}&order=asc&limit=50`],
];
const token = userTokens[0]!;
for (const [name, query] of filters) {
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < PAGE_RUNS + 5; i++) {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/user/notification/list?${query}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { count: number };
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`);
    count = body.count;
    if (i >= 5) times.push(performance.now() - t0);
  }
  console.log(`list ${name.padEnd(34)} (${String(count).padStart(6)} matches): ${fmt(times)}  [target ≤ 20 ms]`);
}

await server.close();
rmSync(dataDir, { recursive: true, force: true });
