/**
 * Scale-out (issue 9), in one run on PostgreSQL + Redis with real server processes:
 *  1. Fan-out: 2,000 live_price websockets following the whole crypto market, spread over two API
 *     processes, then all on one; prices come from a separate feed process through Redis. Delay
 *     from the feed's publish stamp to each client's receipt (p50/p95/p99/max), batches missed.
 *  2. HTTP: autocannon on klines (1,000 1m candles) and read_last_scores against one API process,
 *     then two (one autocannon instance per process, at once, summed: no proxy cost counted).
 * Run: npx tsx bench/scaleOut.ts   (needs PostgreSQL at 127.0.0.1:5432 and Redis at 127.0.0.1:6379;
 * PG_TEST_URL / REDIS_URL override). Not part of CI; timings are printed, never asserted.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { openStore } from '../server/store/database';
import { createKlinesRepository, type KlineWrite } from '../server/store/repositories/klines';
import { scoresRepository, type ScoreWrite } from '../server/store/repositories/scores';
import { createTestDatabase } from '../tests/server/support/postgres';
import { startServerProcess, stopServerProcess, type ServerProcess } from './support/processes';

const CLIENTS = 2000;
const CLIENT_PROCESSES = 2;
const WARMUP_MS = 3000;
const MEASURE_MS = 15_000;
const HTTP_SECONDS = 10;
const HTTP_CONNECTIONS = 32; // in total, split evenly over the processes measured
const CANDLES = 1000;
const SUBSCRIPTIONS = 5;
const MARKET = 'crypto';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = { email: 'bench@bazaar.test', password: 'bench-password-1' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

// ---------------------------------------------------------------- processes
const cleanups: (() => Promise<unknown> | unknown)[] = [];
const cleanUp = async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch((e: unknown) => console.error(e));
};
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));

const db = await createTestDatabase();
cleanups.push(() => db.drop());
const dataDir = mkdtempSync(join(tmpdir(), 'bench-scale-out-'));
cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
const prefix = `bench-${randomBytes(4).toString('hex')}:`;
const shared = {
  DATABASE_URL: db.url, REDIS_URL, REDIS_PREFIX: prefix, DATA_DIR: dataDir,
  // One key for all, so a token from one API process is good on the other.
  SECRET_KEY: randomBytes(32).toString('hex'),
  FIRST_SUPERUSER: ADMIN.email, FIRST_SUPERUSER_PASSWORD: ADMIN.password,
  AUTH_RATE_LIMIT_PER_MINUTE: '100000', STATIC_DIR: join(dataDir, 'no-static'), LOG_LEVEL: 'warn',
};

/** Every price batch the feed publishes, as Redis carries it (the reference for "missed"). */
const published: number[] = [];
// Runs after every process stopped: leases and fencing tokens under this run's prefix go too.
cleanups.push(() => deleteKeys(`${prefix}*`));
const listener = new Redis(REDIS_URL);
cleanups.push(() => listener.quit());
await listener.subscribe(`${prefix}market:${MARKET}:prices`);
let firstBatch: () => void;
const feedIsPublishing = new Promise<void>((resolve) => (firstBatch = resolve));
listener.on('message', (_channel, text: string) => {
  const batch = JSON.parse(text) as { timestamp: number; data: unknown[] };
  if (batch.data.length > 0) published.push(batch.timestamp);
  firstBatch();
});

const servers: ServerProcess[] = [];
const start = async (name: string, env: Record<string, string>) => {
  const server = await startServerProcess(name, { ...shared, ...env });
  servers.push(server);
  cleanups.push(() => stopServerProcess(server));
  return server;
};

try {
  // The feed first: it migrates and seeds the fresh database and publishes prices (no back-fill:
  // the bench writes the candles it reads itself, so no task competes with the measurements).
  // Ready once its first batch crossed Redis (a `feed` process need not serve HTTP to be ready).
  const feed = await start('feed', { ROLE: 'feed', FEED_ENABLED: 'true', FEED_BACKFILL_DAYS: '0', SEED_DEMO: 'true' });
  await Promise.race([feedIsPublishing, feed.url.then(() => feedIsPublishing), sleep(90_000).then(() => Promise.reject(new Error(`no price batch from the feed within 90 s:\n${feed.output()}`)))]);
  // API processes serve HTTP and sockets only (ROLE=api runs no feed, engine or tasks).
  const apis = await Promise.all(['api-1', 'api-2'].map((name) => start(name, { ROLE: 'api', SEED_DEMO: 'false' })));
  const urls = await Promise.all(apis.map((a) => a.url));
  const token = await login(urls[0]!);
  await seedDatabase();
  await waitForCandles(urls[0]!, token);

  console.log(`\nscale-out benchmark: PostgreSQL + Redis, 1 feed process, API processes as noted; ${cpus().length} CPUs\n`);
  const wsUrl = (u: string) => `${u.replace(/^http/, 'ws')}/api/ws/market/${MARKET}/live_price?token=${token}`;
  const fanTwo = await fanOut(urls.map(wsUrl));
  const fanOne = await fanOut([wsUrl(urls[0]!)]);
  printFanOut([
    { label: '2 API processes', r: fanTwo },
    { label: '1 API process', r: fanOne },
  ]);

  const klinesPath = `/api/core/market/klines?market=${MARKET}&symbol=BTCUSDT&timeframe=1m&limit=${CANDLES}&read_from_last=true&return_as=arrays`;
  const scoresPath = `/api/portfolio/manager/read_last_scores?market=${MARKET}&score_type=*`;
  const rows: HttpRow[] = [];
  for (const [label, path] of [[`klines (${CANDLES} 1m candles)`, klinesPath], ['read_last_scores', scoresPath]] as const) {
    const pids = apis.map((a) => a.child.pid!);
    const one = await load([urls[0]!], path, token, pids.slice(0, 1));
    const two = await load(urls, path, token, pids);
    rows.push({ label, one, two });
  }
  printHttp(rows);
  const [load1] = loadavg();
  console.log(
    `\nload average ${load1!.toFixed(2)} on ${cpus().length} CPUs. Everything above shares them: the feed, both API processes,` +
      `\nPostgreSQL, Redis, the ${CLIENT_PROCESSES} websocket client processes and autocannon. Two API processes cannot double the` +
      `\nthroughput of one when one already has the load generator and the database competing for the same cores.\n`,
  );
} finally {
  await cleanUp();
}
process.exit(0);

// ---------------------------------------------------------------- set-up helpers
async function deleteKeys(pattern: string) {
  const redis = new Redis(REDIS_URL);
  try {
    for await (const keys of redis.scanStream({ match: pattern, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length > 0) await redis.del(...keys);
    }
  } finally {
    await redis.quit();
  }
}

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/user/auth/access-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The candles written straight to the database are what the API serves (no cache in between). */
async function waitForCandles(url: string, token: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const res = await fetch(`${url}/api/core/market/klines?market=${MARKET}&symbol=BTCUSDT&timeframe=1m&limit=${CANDLES}&read_from_last=true`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { count?: number };
    if (res.status === 200 && (body.count ?? 0) >= CANDLES) return;
    if (Date.now() > deadline) throw new Error(`fewer than ${CANDLES} BTCUSDT candles after 90 s (${res.status} ${JSON.stringify(body).slice(0, 200)})`);
    await sleep(500);
  }
}

/** A seeded random walk of 1m candles, quoted as an exchange quotes BTCUSDT. */
function walk(symbol: string, count: number, start: number): KlineWrite[] {
  let seed = 42;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  const cents = (value: number) => Math.round(value * 100) / 100;
  let price = 50_000;
  return Array.from({ length: count }, (_, i) => {
    const open = price;
    const close = (price = Math.max(1, open * (1 + (random() - 0.5) * 0.004)));
    return {
      market: MARKET, symbol, source: 'simulated', timeframe: '1m' as const, open_time: start + i * 60_000, open: cents(open),
      high: cents(Math.max(open, close) * (1 + random() * 0.001)), low: cents(Math.min(open, close) * (1 - random() * 0.001)),
      close: cents(close), volume: Math.round(random() * 1e6) / 1e5,
    };
  });
}

/**
 * What the reads serve, written straight into the database: 2,000 1m candles of BTCUSDT ending
 * half an hour ago (the live feed adds the newest minutes), and the signals board's data: the admin's demo subscription
 * copied to SUBSCRIPTIONS subscriptions, and for each an hour of 1m scores (total and 3 rules) of
 * every crypto symbol — the shape the live engine stores.
 */
async function seedDatabase() {
  const store = openStore({ databaseUrl: db.url, dataDir });
  try {
    await createKlinesRepository(store).upsert(walk('BTCUSDT', 2 * CANDLES, Math.floor(Date.now() / 60_000) * 60_000 - (2 * CANDLES + 30) * 60_000));
    const demo = await store.db.selectFrom('subscriptions').selectAll().orderBy('id').executeTakeFirst();
    if (!demo) throw new Error('the demo subscription was not seeded (SEED_DEMO)');
    const ids = [Number(demo.id)];
    for (let i = 1; i < SUBSCRIPTIONS; i++) {
      const { id: _id, ...copy } = demo;
      const row = await store.db.insertInto('subscriptions').values({ ...copy, name: `${demo.name} ${i + 1}` }).returning('id').executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    const symbols = (await store.db.selectFrom('market_list_items').select('name').where('market', '=', MARKET).where('list', '=', 'symbols').execute()).map((s) => s.name);
    const now = Math.floor(Date.now() / 60_000) * 60_000;
    const scores: ScoreWrite[] = [];
    for (const subscription_id of ids) {
      for (const symbol of symbols) {
        for (let m = 60; m > 0; m--) {
          const base = {
            subscription_id, market: MARKET, symbol, timestamp: now - m * 60_000, timeframe: demo.timeframe,
            strategy_id: Number(demo.strategy_id), strategy_version: demo.strategy_version, strategy_timeframe: demo.timeframe,
          };
          const value = Math.sin(subscription_id + symbol.length + m / 7);
          scores.push({ ...base, score_type: 'total', value });
          for (const rule of ['rsi', 'macd', 'ema_cross']) scores.push({ ...base, score_type: rule, value: value / 2 });
        }
      }
    }
    await scoresRepository.insertScores(store.db, scores);
  } finally {
    await store.close();
  }
}

// ---------------------------------------------------------------- 1. fan-out
interface FanOut {
  batches: number;
  coalesced: number;
  clientsMissing: number;
  missedTotal: number;
  missedMax: number;
  samples: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

async function fanOut(urls: string[]): Promise<FanOut> {
  const children: ChildProcess[] = [];
  const problems: string[] = [];
  const ready: Promise<void>[] = [];
  for (let c = 0; c < CLIENT_PROCESSES; c++) {
    // Each child spreads its sockets over every URL, so the processes get CLIENTS / urls.length each.
    const child = fork(join(import.meta.dirname, 'support', 'fanoutClients.ts'), [JSON.stringify(urls), String(CLIENTS / CLIENT_PROCESSES)], {
      execArgv: process.execArgv,
    });
    children.push(child);
    ready.push(
      new Promise((resolve, reject) => {
        child.on('message', (m: { type: string; message?: string }) => {
          if (m.type === 'ready') resolve();
          if (m.type === 'error') {
            problems.push(m.message!);
            reject(new Error(m.message));
          }
        });
      }),
    );
  }
  try {
    await Promise.all(ready);
    await sleep(WARMUP_MS);
    const t0 = Date.now();
    const t1 = t0 + MEASURE_MS;
    for (const child of children) child.send({ type: 'measure' });
    await sleep(MEASURE_MS);
    const reports = await Promise.all(
      children.map(
        (child) =>
          new Promise<{ seen: number[][]; delays: number[][] }>((resolve) => {
            child.on('message', (m: { type: string; seen: number[][]; delays: number[][] }) => {
              if (m.type === 'report') resolve(m);
            });
            child.send({ type: 'report', after: t1 });
          }),
      ),
    );
    if (problems.length > 0) throw new Error(`websocket clients failed:\n${problems.slice(0, 5).join('\n')}`);
    const batches = published.filter((t) => t >= t0 && t <= t1);
    const fromFeed = new Set(batches);
    const inWindow = (t: number) => t >= t0 && t <= t1;
    const seenPerClient = reports.flatMap((r) => r.seen.map((stamps) => stamps.filter(inWindow)));
    const missed = seenPerClient.map((seen) => {
      const got = new Set(seen);
      return batches.filter((t) => !got.has(t)).length;
    });
    // A hub sends a backed-up socket its coalesced prices under its own, later stamp.
    const coalesced = seenPerClient.reduce((n, seen) => n + seen.filter((t) => !fromFeed.has(t)).length, 0);
    const latencies = reports
      .flatMap((r) => r.seen.flatMap((stamps, i) => stamps.flatMap((t, j) => (inWindow(t) ? [r.delays[i]![j]!] : []))))
      .sort((a, b) => a - b);
    return {
      batches: batches.length,
      coalesced,
      clientsMissing: missed.filter((n) => n > 0).length,
      missedTotal: missed.reduce((a, b) => a + b, 0),
      missedMax: Math.max(0, ...missed),
      samples: latencies.length,
      p50: pct(latencies, 50),
      p95: pct(latencies, 95),
      p99: pct(latencies, 99),
      max: latencies.at(-1) ?? NaN,
    };
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill();
    await sleep(1000); // let the servers notice the closed sockets before the next phase
  }
}

function printFanOut(rows: { label: string; r: FanOut }[]) {
  console.log(`1. fan-out: ${CLIENTS} live_price clients (whole ${MARKET} market), ${MEASURE_MS / 1000} s, feed → Redis → API → client; target p99 ≤ 150 ms, 0 missed`);
  console.log(`   ${''.padEnd(18)}${['batches', 'deliveries', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'coalesced', 'clients missing', 'missed (max)', 'target'].map((h) => h.padStart(11)).join(' ')}`);
  for (const { label, r } of rows) {
    const cells = [r.batches, r.samples, r.p50, r.p95, r.p99, r.max, r.coalesced, r.clientsMissing, `${r.missedTotal} (${r.missedMax})`, r.p99 <= 150 && r.missedTotal === 0 ? 'ok' : 'MISSED'];
    console.log(`   ${label.padEnd(18)}${cells.map((c) => String(c).padStart(11)).join(' ')}`);
  }
}

// ---------------------------------------------------------------- 2. HTTP throughput
interface HttpFigures {
  requestsPerSecond: number;
  /** CPU the API processes used, in cores (1.00 = one core busy the whole run); then autocannon's. */
  apiCores: number;
  loaderCores: number;
  non2xx: number;
  errors: number;
  p99: number;
}
interface HttpRow {
  label: string;
  one: HttpFigures;
  two: HttpFigures;
}

/** One autocannon instance per process, all at once, the total connections split evenly; summed. */
async function load(targets: string[], path: string, token: string, pids: number[]): Promise<HttpFigures> {
  const run = (url: string, duration: number) =>
    autocannon({
      url: url + path,
      connections: HTTP_CONNECTIONS / targets.length,
      duration,
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
    });
  await Promise.all(targets.map((t) => run(t, 2))); // warm the JIT and the statement caches
  const api0 = pids.map(cpuSeconds);
  const loader0 = process.cpuUsage();
  const wall0 = performance.now();
  const results = await Promise.all(targets.map((t) => run(t, HTTP_SECONDS)));
  const wall = (performance.now() - wall0) / 1000;
  const loader = process.cpuUsage(loader0);
  return {
    apiCores: pids.reduce((n, pid, i) => n + cpuSeconds(pid) - api0[i]!, 0) / wall,
    loaderCores: (loader.user + loader.system) / 1e6 / wall,
    requestsPerSecond: results.reduce((n, r) => n + r.requests.total, 0) / HTTP_SECONDS,
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    errors: results.reduce((n, r) => n + r.errors + r.timeouts, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
  };
}

/** CPU time a process has used so far, from /proc (Linux; clock ticks of 10 ms). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

function printHttp(rows: HttpRow[]) {
  console.log(`\n2. HTTP throughput: autocannon, ${HTTP_CONNECTIONS} connections in total, ${HTTP_SECONDS} s; target 2 processes ≥ 2× one`);
  console.log(`   ${''.padEnd(28)}${['1 proc req/s', '2 procs req/s', 'ratio', 'p99 ms 1/2', 'API cores 1/2', 'loader 1/2', 'non-2xx', 'errors', 'target'].map((h) => h.padStart(14)).join(' ')}`);
  for (const { label, one, two } of rows) {
    const ratio = two.requestsPerSecond / one.requestsPerSecond;
    const cells = [
      Math.round(one.requestsPerSecond), Math.round(two.requestsPerSecond), `${ratio.toFixed(2)}×`, `${one.p99}/${two.p99}`,
      `${one.apiCores.toFixed(2)}/${two.apiCores.toFixed(2)}`, `${one.loaderCores.toFixed(2)}/${two.loaderCores.toFixed(2)}`, one.non2xx + two.non2xx, one.errors + two.errors, ratio >= 2 ? 'ok' : 'MISSED',
    ];
    console.log(`   ${label.padEnd(28)}${cells.map((c) => String(c).padStart(14)).join(' ')}`);
  }
}
