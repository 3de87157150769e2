import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLease, type Lease, type LeaseOptions } from '../../../server/cluster/lease';
import { startPausableProxy, type PausableProxy } from './support/pausableProxy';
import { adminConnection, REDIS_URL, uniquePrefix } from './support/redis';

/** Leases, proxies and processes a test made, stopped after it whatever happened. */
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let admin: Redis;
beforeAll(() => {
  admin = adminConnection();
});
afterAll(async () => {
  await admin.quit();
});

/** A lease with its change log, stopped after the test. */
function contender(options: Omit<LeaseOptions, 'redisUrl' | 'holderId'> & { redisUrl?: string; holderId: string }) {
  const lease = createLease({ redisUrl: REDIS_URL, ...options });
  const changes: { leader: boolean; token: number | undefined }[] = [];
  lease.onChange((leader, token) => changes.push({ leader, token }));
  // Cleanups run last first: the keys go once the lease has stopped.
  const key = `${options.prefix}lease:${options.name}`;
  cleanups.push(() => admin.del(key, `${key}:token`));
  cleanups.push(() => lease.stop());
  return Object.assign(lease, { changes });
}

async function proxy(): Promise<PausableProxy> {
  const started = await startPausableProxy();
  cleanups.push(() => started.close());
  return started;
}

const leaders = <T extends Lease>(leases: T[]) => leases.filter((lease) => lease.isLeader());

describe('leadership lease', () => {
  it('makes exactly one of two contenders the leader, and it keeps the lease past its ttl by renewing', async () => {
    const prefix = uniquePrefix('lease');
    const a = contender({ prefix, name: 'feed:m', holderId: 'a', ttlMs: 300 });
    const b = contender({ prefix, name: 'feed:m', holderId: 'b', ttlMs: 300 });
    await Promise.all([a.start(), b.start()]);
    expect(leaders([a, b])).toHaveLength(1);
    const [leader] = leaders([a, b]);
    const follower = leader === a ? b : a;
    const token = leader!.fencingToken();
    expect(token).toBeGreaterThan(0);
    expect(follower.fencingToken()).toBeUndefined();
    expect(await admin.get(`${prefix}lease:feed:m`)).toMatch(new RegExp(`^${leader === a ? 'a' : 'b'}/\\w+#${token}$`));
    expect(leader!.changes).toEqual([{ leader: true, token }]);

    // Three ttls later the same leadership holds: renewals, not luck.
    await sleep(900);
    expect(leader!.isLeader()).toBe(true);
    expect(leader!.fencingToken()).toBe(token);
    expect(follower.isLeader()).toBe(false);
    expect(follower.changes).toEqual([]);
  });

  it('hands over at once on stop(): the key is released, and the other leads with the next token', { timeout: 20_000 }, async () => {
    const prefix = uniquePrefix('lease');
    // A long ttl: the handover cannot be the key expiring.
    const a = contender({ prefix, name: 'feed:m', holderId: 'a', ttlMs: 30_000 });
    await a.start();
    const b = contender({ prefix, name: 'feed:m', holderId: 'b', ttlMs: 30_000 });
    await b.start();
    expect(a.isLeader()).toBe(true);
    expect(b.isLeader()).toBe(false);
    const first = a.fencingToken()!;

    await a.stop();
    expect(a.isLeader()).toBe(false);
    expect(a.changes).toEqual([{ leader: true, token: first }, { leader: false, token: undefined }]);
    expect(await admin.exists(`${prefix}lease:feed:m`)).toBe(0);
    // b looks again every 250 ms at most; the bound here is far below the ttl.
    await vi.waitFor(() => expect(b.isLeader()).toBe(true), { timeout: 10_000, interval: 20 });
    expect(b.fencingToken()).toBe(first + 1);
    await expect(a.start()).rejects.toThrow(/was stopped/);
  });

  it('lets another take over within the ttl after the holder process is killed without releasing', async () => {
    const prefix = uniquePrefix('lease');
    const ttlMs = 1_000;
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'tests/unit/cluster/support/leaseHolder.ts'], {
      env: { ...process.env, REDIS_URL, LEASE_PREFIX: prefix, LEASE_NAME: 'feed:m', LEASE_TTL_MS: String(ttlMs) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(() => child.kill('SIGKILL'));
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await vi.waitFor(() => expect(output).toMatch(/^leader \d+\n/), { timeout: 20_000, interval: 20 });
    const childToken = Number(/^leader (\d+)/.exec(output)![1]);

    const b = contender({ prefix, name: 'feed:m', holderId: 'b', ttlMs });
    await b.start();
    expect(b.isLeader()).toBe(false);
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(await admin.get(`${prefix}lease:feed:m`)).toMatch(new RegExp(`#${childToken}$`));

    // The dead holder's key expires at most a ttl after its last renewal; b retries at that moment.
    await vi.waitFor(() => expect(b.isLeader()).toBe(true), { timeout: ttlMs + 1_500, interval: 10 });
    expect(b.fencingToken()).toBe(childToken + 1);
  });

  it('makes a holder that cannot reach Redis step down before the other takes over', async () => {
    const prefix = uniquePrefix('lease');
    const events: string[] = [];
    const link = await proxy();
    const a = contender({ prefix, name: 'engine:m', holderId: 'a', ttlMs: 300, redisUrl: link.url });
    await a.start();
    expect(a.isLeader()).toBe(true);
    const b = contender({ prefix, name: 'engine:m', holderId: 'b', ttlMs: 300 });
    a.onChange((leader) => events.push(`a ${leader}`));
    b.onChange((leader) => events.push(`b ${leader}`));
    await b.start();

    let overlap = false;
    const sampler = setInterval(() => (overlap ||= a.isLeader() && b.isLeader()), 2);
    cleanups.push(() => clearInterval(sampler));
    link.pause();
    await vi.waitFor(() => expect(b.isLeader()).toBe(true), { timeout: 5_000, interval: 5 });
    expect(events).toEqual(['a false', 'b true']);
    expect(a.isLeader()).toBe(false);

    // Its stalled renewals reach Redis once the link recovers, and change nothing.
    link.resume();
    await sleep(600);
    clearInterval(sampler);
    expect(overlap).toBe(false);
    expect(a.isLeader()).toBe(false);
    expect(b.isLeader()).toBe(true);
    expect(events).toEqual(['a false', 'b true']);
  });

  it('never shows two leaders at once over many short-ttl handovers (stop, stall, reset)', async () => {
    const prefix = uniquePrefix('lease');
    const ttlMs = 120;
    const name = 'feed:rounds';
    type Seat = { lease: ReturnType<typeof contender>; link: PausableProxy };
    const seats: Seat[] = [];
    // Every change of every contender, in the order they were announced.
    const announcements: string[] = [];
    let generation = 0;
    const seat = async (index: number) => {
      const link = seats[index]?.link ?? (await proxy());
      const holderId = `c${index}-${generation++}`;
      const lease = contender({ prefix, name, holderId, ttlMs, redisUrl: link.url });
      lease.onChange((leader) => announcements.push(`${leader ? 'lead' : 'end'} ${holderId}`));
      seats[index] = { lease, link };
      await lease.start();
    };
    for (const index of [0, 1, 2]) await seat(index);

    // Samples every few ms how many contenders count themselves the leader at that instant.
    let mostAtOnce = 0;
    let samples = 0;
    const sampler = setInterval(() => {
      samples++;
      mostAtOnce = Math.max(mostAtOnce, seats.filter((s) => s.lease.isLeader()).length);
    }, 3);
    const tokens: number[] = [];
    cleanups.push(() => clearInterval(sampler));

    const rounds = 24;
    for (let round = 0; round < rounds; round++) {
      await vi.waitFor(() => expect(seats.filter((s) => s.lease.isLeader())).toHaveLength(1), { timeout: 10_000, interval: 3 });
      const index = seats.findIndex((s) => s.lease.isLeader());
      const { lease, link } = seats[index]!;
      const token = lease.fencingToken()!;
      tokens.push(token);
      switch (round % 3) {
        case 0: // a clean stop, and a fresh contender in its seat
          await lease.stop();
          await seat(index);
          break;
        case 1: // a stall longer than the ttl, then the bytes flow again
          link.pause();
          await vi.waitFor(() => expect(lease.isLeader()).toBe(false), { timeout: 10_000, interval: 3 });
          await sleep(ttlMs);
          link.resume();
          break;
        case 2: // every connection of the holder reset, and reconnecting stalls until it stepped down
          link.pause();
          link.cut();
          await vi.waitFor(() => expect(lease.isLeader()).toBe(false), { timeout: 10_000, interval: 3 });
          link.resume();
          break;
      }
      // Someone other than that leadership must lead before the next round.
      await vi.waitFor(() => {
        const leader = seats.find((s) => s.lease.isLeader());
        expect(leader?.lease.fencingToken()).toBeGreaterThan(token);
      }, { timeout: 10_000, interval: 3 });
    }
    clearInterval(sampler);

    expect(samples).toBeGreaterThan(rounds);
    expect(mostAtOnce).toBe(1);
    // Leaderships only ever moved forward, and each ended before the next was announced.
    expect(new Set(tokens).size).toBe(rounds);
    expect(tokens).toEqual([...tokens].sort((x, y) => x - y));
    expect(announcements.length).toBeGreaterThanOrEqual(2 * rounds);
    for (let i = 0; i < announcements.length; i += 2) {
      expect(announcements[i]).toMatch(/^lead /);
      if (i + 1 < announcements.length) expect(announcements[i + 1]).toBe(announcements[i]!.replace('lead', 'end'));
    }
  }, 120_000);
});
