import { spawn, type ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './support/postgres';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const COVERAGE_TOOL = join(ROOT, '..', 'shared', 'tools', 'endpoint-coverage.mjs');

interface Started {
  child: ChildProcess;
  output: () => string;
  url: string;
}

/** Runs `server/main.ts` as `npm run serve` does, on a free port, until it says it is serving. */
async function runServer(env: Record<string, string>): Promise<Started> {
  let output = '';
  const child = spawn(TSX, ['server/main.ts'], {
    cwd: ROOT,
    // Feeds off: these tests are about start-up itself, not a 30-day back-fill.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', FEED_ENABLED: 'false', ...env },
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const check = () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return { child, output: () => output, url };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return child.exitCode;
  return new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('the server program', () => {
  const dirs: string[] = [];
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    for (const drop of drops) await drop();
  });

  async function storage(): Promise<Record<string, string>> {
    const dataDir = mkdtempSync(join(tmpdir(), 'bs-start-'));
    dirs.push(dataDir);
    if (process.env.TEST_DB !== 'postgres') return { DATA_DIR: dataDir };
    const db = await createTestDatabase();
    drops.push(db.drop);
    return { DATA_DIR: dataDir, DATABASE_URL: db.url };
  }

  it('creates admin@example.com with a random password printed once, and keeps its secret key', async () => {
    const env = await storage();
    const first = await runServer(env);
    const match = /email:\s+admin@example\.com\s+password:\s+(\S+)/.exec(first.output());
    expect(match, first.output()).not.toBeNull();
    const password = match![1]!;
    const login = await fetch(`${first.url}/api/user/auth/access-token`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'admin@example.com', password }),
    });
    expect(login.status).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };
    expect(await stop(first.child)).toBe(0);

    const second = await runServer(env);
    expect(second.output()).not.toContain('First admin account created');
    // SECRET_KEY was generated under DATA_DIR on the first start: the old token still works.
    const me = await fetch(`${second.url}/api/user/account/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    await stop(second.child);
  });

  it('creates FIRST_SUPERUSER with FIRST_SUPERUSER_PASSWORD and prints no password', async () => {
    const env = { ...(await storage()), FIRST_SUPERUSER: 'boss@bazaar.test', FIRST_SUPERUSER_PASSWORD: 'boss-password-1' };
    const started = await runServer(env);
    expect(started.output()).not.toContain('password:');
    const login = await fetch(`${started.url}/api/user/auth/access-token`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'boss@bazaar.test', password: 'boss-password-1' }),
    });
    expect(login.status).toBe(200);
    await stop(started.child);
  });

  it('serves every auth, accounts, profile, config, quote and get_time row (endpoint-coverage tool)', async () => {
    const started = await runServer(await storage());
    try {
      const result = await promisify(execFile)('node', [COVERAGE_TOOL, `${started.url}/api/openapi.json`]).catch(
        (error: { stdout: string; code: number }) => error,
      );
      const missing = result.stdout
        .split('\n')
        .filter((line) => line.startsWith('missing: '))
        .map((line) => line.slice('missing: '.length));
      const mustServe = /\/api\/(user\/(auth|account|me|profile)|config\/|quote\/|core\/utility\/get_time)/;
      expect(missing.filter((row) => mustServe.test(row))).toEqual([]);
      expect(result.stdout).toMatch(/endpoints: \d+ of 127 served/);
    } finally {
      await stop(started.child);
    }
  });

  it('stops at once with a message naming a bad setting', async () => {
    const env = { ...(await storage()), PORT: 'eighty', SMTP_URL: 'mail.example.com' };
    const result = await promisify(execFile)(TSX, ['server/main.ts'], { cwd: ROOT, env: { ...process.env, ...env } }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect('code' in result ? result.code : 0).toBe(2);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('SMTP_URL');
  });
});
