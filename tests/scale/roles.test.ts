import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServiceInfo } from '../../contract/system/services';
import { ConfigError, loadConfig } from '../../server/config';
import { ConflictError, NotFoundError, ValidationError } from '../../server/domain/errors';
import { createRedisBus } from '../../server/live/redisBus';
import { createCommandRelay } from '../../server/roles/commandRelay';
import { createProcessRegistry } from '../../server/roles/processRegistry';
import { planFor, processIdentity } from '../../server/roles/role';

/* The pieces of the roles (issue 9) on their own, against a real Redis: settings, relay, registry. */

const ROOT = join(import.meta.dirname, '..', '..');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const dataDir = mkdtempSync(join(tmpdir(), 'bs-roles-'));
const prefix = () => `bs_roles_${randomBytes(4).toString('hex')}:`;
const cleanups: (() => Promise<unknown> | void)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('ROLE', () => {
  it('is all by default; any other role needs REDIS_URL and says so', () => {
    expect(loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'k'.repeat(32) })).toMatchObject({ role: 'all', leaseTtlMs: 10_000 });
    for (const role of ['api', 'worker', 'feed']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, ROLE: role })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir, ROLE: role })).toThrow(new RegExp(`ROLE: "${role}" needs REDIS_URL`));
      expect(loadConfig({ DATA_DIR: dataDir, ROLE: role, REDIS_URL, SECRET_KEY: 'k'.repeat(32) }).role).toBe(role);
    }
    expect(() => loadConfig({ DATA_DIR: dataDir, ROLE: 'scheduler' })).toThrow(/ROLE:/);
    expect(() => loadConfig({ DATA_DIR: dataDir, LEASE_TTL_MS: '10' })).toThrow(/LEASE_TTL_MS:/);
  });

  it('a worker started without REDIS_URL stops at once with a message naming REDIS_URL', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ROLE: 'worker' },
    });
    let output = '';
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(output).toMatch(/ROLE: "worker" needs REDIS_URL/);
  });

  it('splits the parts between the roles, and leases the single ones only when scaled out', () => {
    expect(planFor('all', false)).toMatchObject({ consumesTasks: true, feeds: 'all', engine: 'always', wsHub: true });
    expect(planFor('all', true)).toMatchObject({ consumesTasks: true, feeds: 'leased', engine: 'leased', wsHub: true });
    expect(planFor('api', true)).toMatchObject({ consumesTasks: false, feeds: 'none', engine: 'none', notifier: false, wsHub: true });
    expect(planFor('worker', true)).toMatchObject({ consumesTasks: true, feeds: 'none', engine: 'none', notifier: true, wsHub: false });
    expect(planFor('feed', true)).toMatchObject({ consumesTasks: false, feeds: 'leased', engine: 'leased', wsHub: false });
    // The tag is what follows the colon of a per-process service's name (contract pattern).
    expect(processIdentity('worker').tag).toMatch(/^[a-z][a-z0-9_]{0,31}$/);
  });
});

describe('the command relay', () => {
  const service = { name: 'strategy-engine', status: 'running' } as ServiceInfo;

  const relayOn = async (busPrefix: string, key: string, run: Parameters<typeof createCommandRelay>[0]['run'], timeoutMs = 5_000) => {
    const bus = createRedisBus(REDIS_URL, () => undefined, { prefix: busPrefix, connectionName: `roles-${key}` });
    cleanups.push(() => bus.close());
    const relay = createCommandRelay({ bus, processKey: key, run, timeoutMs });
    await relay.start();
    cleanups.push(() => relay.stop());
    return relay;
  };

  it("returns the owner's answer, and its refusals as they were", async () => {
    const busPrefix = prefix();
    const seen: unknown[] = [];
    await relayOn(busPrefix, 'owner', async (name, command, args) => {
      seen.push({ name, command, args });
      if (command === 'explode') throw ValidationError.field(['query', 'command'], 'strategy-engine has no command "explode"');
      if (name === 'gone') throw new NotFoundError('Service "gone"');
      if (command === 'crash') throw new Error('disk full');
      return { result: { scorers: 3 }, service };
    });
    const asker = await relayOn(busPrefix, 'asker', async () => {
      throw new Error('not asked');
    });
    const owner = { key: 'owner', host: 'h', pid: 42 };
    await expect(asker.send(owner, 'strategy-engine', 'refresh', { a: 1 })).resolves.toEqual({ result: { scorers: 3 }, service });
    expect(seen).toEqual([{ name: 'strategy-engine', command: 'refresh', args: { a: 1 } }]);
    const refused = await asker.send(owner, 'strategy-engine', 'explode', {}).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).fieldErrors[0]).toMatchObject({ loc: ['query', 'command'] });
    await expect(asker.send(owner, 'gone', 'start', {})).rejects.toMatchObject({ status: 404, message: 'Service "gone" not found' });
    await expect(asker.send(owner, 'strategy-engine', 'crash', {})).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/disk full/) });
  });

  it('answers 409 naming the process when the owner does not answer in time', async () => {
    const asker = await relayOn(prefix(), 'lonely', async () => ({ result: null, service }), 300);
    const error = await asker.send({ key: 'dead', host: 'box-1', pid: 4242 }, 'market-feed:crypto', 'restart', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toMatch(/market-feed:crypto runs in process 4242 on box-1, which did not answer/);
  });
});

describe('the process registry', () => {
  it("lists the other live processes' services, and drops one that stops", async () => {
    const keyPrefix = prefix();
    const make = (role: 'api' | 'worker', name: string) => {
      const identity = { ...processIdentity(role), key: `${role}-${name}` };
      const registry = createProcessRegistry({
        redisUrl: REDIS_URL,
        prefix: keyPrefix,
        identity,
        snapshot: async () => [{ name } as ServiceInfo],
        onError: () => undefined,
        everyMs: 200,
      });
      return registry;
    };
    const a = make('api', 'ws-hub:a');
    const b = make('worker', 'task-worker:b');
    await a.start();
    await b.start();
    cleanups.push(() => a.stop());
    const seenByA = await a.others();
    expect(seenByA.map((p) => [p.role, p.services.map((s) => s.name)])).toEqual([['worker', ['task-worker:b']]]);
    await b.stop();
    expect(await a.others()).toEqual([]);
  });
});
