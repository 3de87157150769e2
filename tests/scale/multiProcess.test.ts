import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../server/support/postgres';
import { openSocket, ready } from '../server/support/servicesSockets';

/*
 * Issue 9 with real services: two `api`, one `worker` and two `feed` processes of the same
 * program on one PostgreSQL database and one Redis (own database, own REDIS_PREFIX). What one
 * process makes reaches a client of another; tasks run on the worker; the feed leader's death
 * hands its market over without a gap or a duplicate candle; a worker's death never leaves its
 * task running for ever.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = { email: 'admin@bazaar.test', password: 'admin-password-1' };
const LEASE_TTL_MS = 2_000;
const MINUTE = 60_000;

interface Proc {
  role: string;
  child: ChildProcess;
  url: string;
  output: () => string;
}

async function startProcess(role: string, env: Record<string, string>): Promise<Proc> {
  let output = '';
  // node itself, not the tsx wrapper: SIGKILL must reach the server process (tsx runs it as a child).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ROLE: role, ...env },
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${role} did not start:\n${output}`)), 90_000);
    const look = () => {
      // Listening is logged before the services start; "running as" comes after them.
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match && output.includes(`running as ROLE=${role}`)) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', look);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${role} exited with ${code}:\n${output}`));
    });
  });
  return { role, child, url, output: () => output };
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

async function until<T>(probe: () => Promise<T | undefined | false>, what: string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function login(url: string) {
  const res = await fetch(`${url}/api/user/auth/access-token`, { method: 'POST', body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }) });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function call(url: string, token: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(url + path, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe('several processes on PostgreSQL and Redis', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  const procs: Proc[] = [];
  let api1: Proc;
  let api2: Proc;
  let worker: Proc;
  let token: string;
  let dbUrl: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    dbUrl = db.url;
    const dataDir = mkdtempSync(join(tmpdir(), 'bs-scale-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      REDIS_URL,
      REDIS_PREFIX: `bs_scale_${randomBytes(4).toString('hex')}:`,
      SECRET_KEY: randomBytes(32).toString('hex'),
      FIRST_SUPERUSER: ADMIN.email,
      FIRST_SUPERUSER_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      FEED_BACKFILL_DAYS: '1',
      LEASE_TTL_MS: String(LEASE_TTL_MS),
      TASK_LOCK_MS: '2000',
      TASK_STALLED_CHECK_MS: '1000',
    };
    // All at once: one migrates and seeds under the start-up lock, the others wait and find it done.
    const started = await Promise.allSettled(
      ['api', 'api', 'worker', 'feed', 'feed'].map(async (role) => {
        const proc = await startProcess(role, env);
        procs.push(proc);
        return proc;
      }),
    );
    cleanups.push(() => Promise.all(procs.map((p) => killed(p.child))).then(() => undefined));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    [api1, api2] = procs.filter((p) => p.role === 'api') as [Proc, Proc];
    worker = procs.find((p) => p.role === 'worker')!;
    token = await login(api1.url);
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('a notification made through API #1 reaches its user on API #2', async () => {
    const socket = openSocket(api2, `/api/ws/app?token=${token}`);
    await ready(socket);
    const made = await call(api1.url, token, '/api/user/notification/create', { method: 'POST', body: { title: 'from api #1' } });
    expect(made.status).toBe(200);
    await until(async () => socket.messages.some((m) => m._type === 'notification' && m.data?.id === made.body.id), 'the notification on API #2', 10_000);
    socket.ws.close();
  });

  it('price batches of the feed leader reach a live_price socket on API #2', async () => {
    const socket = openSocket(api2, `/api/ws/market/crypto/live_price?token=${token}`);
    await socket.opened;
    const batch = await until(async () => socket.messages.find((m) => m._type === 'prices' && m.data.length > 0), 'a price batch on API #2', 20_000);
    expect(batch.params.market).toBe('crypto');
    socket.ws.close();
  });

  it("API #2 lists every process's services with its pid and relays a command to the one that runs it", async () => {
    const feedPids = procs.filter((p) => p.role === 'feed').map((p) => p.child.pid);
    const list = await until(async () => {
      const res = await call(api2.url, token, '/api/service_manager/services');
      const names: string[] = res.body.data.map((s: any) => s.name);
      return names.includes('market-feed:crypto') && names.includes('strategy-engine') && names.some((n) => n.startsWith('task-worker:')) ? res.body.data : undefined;
    }, 'every process in the list');
    const names: string[] = list.map((s: any) => s.name);
    expect(new Set(names).size).toBe(names.length);
    // One ws-hub per api process, each named after its process; the leader's feed and engine once.
    expect(names.filter((n) => n.startsWith('ws-hub:')).length).toBe(2);
    expect(names.filter((n) => n === 'market-feed:crypto').length).toBe(1);
    const feed = list.find((s: any) => s.name === 'market-feed:crypto');
    expect(feed.status).toBe('running');
    expect(feedPids).toContain(feed.pid);
    expect(list.find((s: any) => s.name.startsWith('task-worker:')).pid).toBe(worker.child.pid);

    // The engine runs in a feed process: API #2 forwards the command and returns its answer.
    const refreshed = await call(api2.url, token, `/api/service_manager/send_service_command?${q({ service_name: 'strategy-engine', command: 'refresh' })}`, { method: 'POST' });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.service).toMatchObject({ name: 'strategy-engine', status: 'running' });
    expect(feedPids).toContain(refreshed.body.service.pid);
    expect(refreshed.body.result).toHaveProperty('scorers');
    // The owner's refusal comes back as it was: an unknown command is a 422 naming the known ones.
    const unknown = await call(api2.url, token, `/api/service_manager/send_service_command?${q({ service_name: 'strategy-engine', command: 'explode' })}`, { method: 'POST' });
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.body.detail)).toMatch(/refresh/);
  });

  it('a task started through API #1 runs on the worker and its progress reaches an admin on API #2', async () => {
    const socket = openSocket(api2, `/api/ws/app?token=${token}`);
    await ready(socket);
    const started = await call(api1.url, token, `/api/task/start?${q({ task_name: 'system.test', args: JSON.stringify({ steps: 3, step_ms: 200 }) })}`);
    expect(started.status).toBe(200);
    const id = started.body.id as string;
    await until(async () => (await call(api1.url, token, `/api/task/state?task_id=${id}`)).body.state === 'SUCCESS', 'system.test to succeed', 20_000);
    await until(async () => socket.messages.some((m) => m._type === 'task' && m.params.task_id === id && m.data.state === 'PROGRESS'), 'its progress on API #2', 5_000);
    socket.ws.close();
    const row = await readRow(dbUrl, 'select worker_id from tasks where id = $1', [id]);
    expect(row.worker_id).toMatch(new RegExp(`:${worker.child.pid}:`));
  });

  it('a worker killed mid-task leaves the task failed or retried, never running for ever', async () => {
    const started = await call(api1.url, token, `/api/task/start?${q({ task_name: 'system.test', args: JSON.stringify({ steps: 100, step_ms: 500 }) })}`);
    const id = started.body.id as string;
    await until(async () => (await call(api1.url, token, `/api/task/state?task_id=${id}`)).body.state === 'PROGRESS', 'the task under way');
    await killed(worker.child);
    // What a deployment does: the worker is started again (any worker notices a dead one's jobs).
    worker = await startProcess('worker', env);
    procs.push(worker);
    const settled = await until(async () => {
      const info = (await call(api1.url, token, `/api/task/state?task_id=${id}`)).body;
      return info.state === 'FAILURE' || info.retries > 0 ? info : undefined;
    }, 'the task to be failed or retried', 30_000);
    // system.test is not safe to retry: it fails as lost with its worker.
    expect(settled).toMatchObject({ state: 'FAILURE', error: { type: 'WorkerLost' } });
  });

  it('killing the feed leader hands its market over with no gap and no duplicate candle', async () => {
    const leaderPid = async () => {
      const res = await call(api1.url, token, `/api/service_manager/service_status?${q({ service_name: 'market-feed:crypto' })}`);
      return res.status === 200 && res.body.status === 'running' ? (res.body.pid as number) : undefined;
    };
    const first = await until(leaderPid, 'a crypto feed leader');
    const leader = procs.find((p) => p.child.pid === first)!;
    // Killed just before a minute turns, so the leaderless window spans a candle boundary.
    const intoMinute = Date.now() % MINUTE;
    const killAt = MINUTE - LEASE_TTL_MS / 2;
    await new Promise((r) => setTimeout(r, (killAt - intoMinute + MINUTE) % MINUTE));
    const killedAt = Date.now();
    await killed(leader.child);

    const second = await until(async () => {
      const pid = await leaderPid();
      return pid !== undefined && pid !== first ? pid : undefined;
    }, 'the other feed process to take over', 15_000);
    expect(procs.find((p) => p.child.pid === second)?.role).toBe('feed');

    // The candle of the minute the leader died in closed while nobody led: only the new leader's
    // start-up back-fill (resuming from the newest stored candle) can have stored it.
    const nextMinute = Math.floor(killedAt / MINUTE) * MINUTE + MINUTE;
    await until(async () => {
      const row = await readRow(dbUrl, `select max(open_time) as t from klines where market = 'crypto' and symbol = 'BTCUSDT' and timeframe = '1m'`, []);
      return Number(row.t) >= nextMinute - MINUTE;
    }, 'the candle of the handover minute', 30_000);
    const rows = await readRows(
      dbUrl,
      `select open_time, count(*) as n from klines where market = 'crypto' and symbol = 'BTCUSDT' and timeframe = '1m' and open_time >= $1 group by open_time order by open_time`,
      [nextMinute - 10 * MINUTE],
    );
    const times = rows.map((r) => Number(r.open_time));
    expect(times[0]).toBe(nextMinute - 10 * MINUTE);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(MINUTE);
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
  });
});

async function readRows(url: string, text: string, values: unknown[]): Promise<any[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function readRow(url: string, text: string, values: unknown[]): Promise<any> {
  return (await readRows(url, text, values))[0];
}
