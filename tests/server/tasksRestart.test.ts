import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './support/postgres';

/*
 * A server process killed (-9) in the middle of its tasks, then started again on the same data:
 * the non-retryable system.test ends FAILURE/WorkerLost, the back-fill (safe to retry) runs again
 * to SUCCESS with retries 1, and nothing stays STARTED.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const ADMIN = { email: 'admin@bazaar.test', password: 'admin-password-1' };

async function runServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  let output = '';
  // node itself, not the tsx wrapper: SIGKILL must reach the server process (tsx runs it as a child).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info',
      FEED_ENABLED: 'false', SEED_DEMO: 'false', FIRST_SUPERUSER: ADMIN.email, FIRST_SUPERUSER_PASSWORD: ADMIN.password, ...env,
    },
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return { child, url };
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

async function api(url: string, token: string, path: string) {
  const res = await fetch(url + path, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as any };
}

async function until(probe: () => Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function login(url: string) {
  const res = await fetch(`${url}/api/user/auth/access-token`, { method: 'POST', body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }) });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('tasks across a crash', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('fails the interrupted system.test with WorkerLost and retries the back-fill to SUCCESS', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bs-tasks-restart-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (process.env.TEST_DB === 'postgres') {
      const db = await createTestDatabase();
      cleanups.push(() => db.drop());
      env.DATABASE_URL = db.url;
    }

    const first = await runServer(env);
    cleanups.push(() => killed(first.child));
    let token = await login(first.url);
    const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
    const test = await api(first.url, token, `/api/task/start?${q({ task_name: 'system.test', args: JSON.stringify({ steps: 100, step_ms: 1000 }) })}`);
    // A back-fill of a few seconds: long enough to be cut off, short enough for the retry to finish
    // soon. PostgreSQL writes candles several times slower than SQLite, hence a smaller window there.
    const span = process.env.TEST_DB === 'postgres' ? { symbols: ['BTCUSDT', 'ETHUSDT', 'BNBUSDT'], days: 30 } : { symbols: undefined, days: 60 };
    const backfillArgs = { market: 'crypto', ...(span.symbols ? { symbols: span.symbols } : {}), from: Date.now() - span.days * 86_400_000 };
    const backfill = await api(first.url, token, `/api/task/start?${q({ task_name: 'market.backfill', args: JSON.stringify(backfillArgs) })}`);
    expect(test.status).toBe(200);
    expect(backfill.status).toBe(200);
    // Killed only once both are under way (the server answers during a back-fill).
    for (const id of [test.body.id, backfill.body.id]) {
      await until(async () => (await api(first.url, token, `/api/task/state?task_id=${id}`)).body.state === 'PROGRESS', `task ${id} running`);
    }
    await killed(first.child);

    const second = await runServer(env);
    cleanups.push(() => killed(second.child));
    token = await login(second.url);
    const lost = await api(second.url, token, `/api/task/state?task_id=${test.body.id}`);
    expect(lost.body).toMatchObject({ state: 'FAILURE', retries: 0, error: { type: 'WorkerLost', message: expect.stringMatching(/interrupted by a server restart/) } });

    let retried: any;
    await until(async () => {
      retried = (await api(second.url, token, `/api/task/state?task_id=${backfill.body.id}&get_result=true`)).body;
      return retried.state === 'SUCCESS' || retried.state === 'FAILURE';
    }, 'the retried back-fill to finish', 120_000);
    expect(retried).toMatchObject({ state: 'SUCCESS', retries: 1, result: { market: 'crypto' } });
    const report = await api(second.url, token, '/api/task/report?report_all=true');
    expect(report.body.counts.STARTED).toBe(0);
    expect(report.body.running).toEqual([]);
  }, 180_000);
});
