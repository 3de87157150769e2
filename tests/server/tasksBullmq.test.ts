import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TaskInfo } from '../../contract/system/tasks';
import { ConflictError } from '../../server/domain/errors';
import { defineSystemTasks } from '../../server/domain/tasks/systemTasks';
import { createTaskRunner, type TaskRunner } from '../../server/domain/tasks/taskRunner';
import { createTaskStore } from '../../server/domain/tasks/taskStore';
import { isUniqueViolation } from '../../server/store/repositories/marketLists';
import { REDIS_URL, uniquePrefix } from '../unit/cluster/support/redis';
import { startTestServer, type TestServer } from './support/testServer';

/*
 * The task runner on BullMQ (issue 9), with a real Redis and the test server's real database:
 * several runner instances in this process stand for several processes sharing one database and
 * one Redis prefix. A only adds jobs (the api role); B and C consume (the worker role). Each test
 * has its own prefix, and its keys are deleted afterwards.
 */

const FAST_STALLS = { lockDurationMs: 1_000, stalledIntervalMs: 300 };

describe('tasks on BullMQ across processes', () => {
  let ts: TestServer;
  let redis: Redis;
  let prefix: string;
  let runners: TaskRunner[] = [];
  const db = () => ts.server.store.db;

  /** A runner standing for one process; `retrySafe` is the notification.expire stand-in's. */
  const runner = (consume: boolean, concurrency = 2) => {
    const tasks = createTaskRunner({ db: db(), concurrency }, { queue: { redisUrl: REDIS_URL, prefix, ...FAST_STALLS }, consume });
    defineSystemTasks({ tasks, mailer: { send: () => Promise.reject(new Error('no mail in this test')), usesSmtp: false } as never });
    // A retry-safe task with steps, like a back-fill: run again from the start after a crash.
    tasks.define('notification.expire', {
      retrySafe: true,
      async run(_args, ctx) {
        for (let step = 1; step <= 40; step++) {
          await sleep(25, undefined, { signal: ctx.signal });
          ctx.progress(step, 40);
        }
        return { expired: 0 };
      },
    });
    runners.push(tasks);
    return tasks;
  };

  const waitFor = async (what: string, read: () => Promise<TaskInfo | undefined>, done: (t: TaskInfo) => boolean): Promise<TaskInfo> => {
    let last: TaskInfo | undefined;
    for (let i = 0; i < 1_500; i++) {
      last = await read();
      if (last && done(last)) return last;
      await sleep(10);
    }
    throw new Error(`timed out waiting for ${what}; last seen ${JSON.stringify(last)}`);
  };

  beforeAll(async () => {
    ts = await startTestServer();
    redis = new Redis(REDIS_URL);
  });
  afterEach(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    runners = [];
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  });
  afterAll(async () => {
    redis?.disconnect();
    await ts?.close();
  });

  const freshPrefix = () => (prefix = uniquePrefix('tasks'));

  it('runs a task started by a non-consuming process on a consumer; states are written where it runs', async () => {
    freshPrefix();
    const a = runner(false);
    const b = runner(true);
    const seenByB: TaskInfo[] = [];
    b.onChange((t) => seenByB.push(t));
    await b.recover(); // a worker's start-up: settles leftovers and starts consuming
    const info = await a.start('system.test', { steps: 3, step_ms: 30 });
    expect(info.state).toBe('PENDING');
    const done = await waitFor('SUCCESS', () => a.find(info.id), (t) => t.state === 'SUCCESS');
    expect(done).toMatchObject({ result: { steps: 3, step_ms: 30 }, progress: { current: 3, total: 3 }, retries: 0 });
    const states = seenByB.filter((t) => t.id === info.id).map((t) => t.state);
    expect(states[0]).toBe('STARTED');
    expect(states).toContain('PROGRESS');
    expect(states.at(-1)).toBe('SUCCESS');
    // The row names the consumer that ran it.
    const row = await db().selectFrom('tasks').select('worker_id').where('id', '=', info.id).executeTakeFirstOrThrow();
    expect(row.worker_id).toBe(b.workerId);
    expect(a.get(info.id)).toBeUndefined();
  });

  it('revokes a pending task from another process: it is REVOKED, its job is removed and it never runs', async () => {
    freshPrefix();
    const a = runner(false);
    // No consumer yet, so the task stays pending in BullMQ.
    const pending = await a.start('system.test', { steps: 1, step_ms: 0 });
    await waitFor('the pending count', async () => (a.stats().pending === 1 ? pending : undefined), () => true);
    expect(await redis.exists(`${prefix}tasks:${pending.id}`)).toBe(1);
    const revoked = await a.revoke(pending.id);
    expect(revoked).toMatchObject({ state: 'REVOKED', revoke: { terminate: false } });
    expect(await redis.exists(`${prefix}tasks:${pending.id}`)).toBe(0);
    const b = runner(true);
    const seenByB = new Set<string>();
    b.onChange((t) => seenByB.add(t.id));
    await b.recover();
    // A task added after it runs; the revoked one, ahead of it in the queue, did not.
    const later = await a.start('system.test', { steps: 1, step_ms: 0 });
    await waitFor('the later task', () => a.find(later.id), (t) => t.state === 'SUCCESS');
    expect(await a.find(pending.id)).toMatchObject({ state: 'REVOKED', started_at: null });
    expect(seenByB.has(pending.id)).toBe(false);
  });

  it('terminates a task running in another process between steps', async () => {
    freshPrefix();
    const a = runner(false);
    const b = runner(true);
    await b.recover();
    const info = await a.start('system.test', { steps: 100, step_ms: 40 });
    await waitFor('PROGRESS', () => a.find(info.id), (t) => t.state === 'PROGRESS');
    const marked = await a.revoke(info.id, true);
    expect(marked?.revoke).toMatchObject({ terminate: true });
    const ended = await waitFor('REVOKED', () => a.find(info.id), (t) => t.state === 'REVOKED');
    expect(ended.revoke).toMatchObject({ terminate: true });
    expect(ended.progress!.current).toBeLessThan(100);
    expect(ended.finished_at).not.toBeNull();
  });

  it('lets exactly one of racing prevent_concurrent starts in two processes through', async () => {
    freshPrefix();
    const a = runner(false);
    const b = runner(true);
    await b.recover();
    for (let round = 0; round < 5; round++) {
      const results = await Promise.allSettled([
        a.start('system.test', { steps: 50, step_ms: 20 }, { preventConcurrent: true }),
        b.start('system.test', { steps: 50, step_ms: 20 }, { preventConcurrent: true }),
      ]);
      const ok = results.filter((r) => r.status === 'fulfilled') as PromiseFulfilledResult<TaskInfo>[];
      const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
      expect(ok).toHaveLength(1);
      expect(refused[0]!.reason).toBeInstanceOf(ConflictError);
      expect(String(refused[0]!.reason.message)).toContain(ok[0]!.value.id);
      await a.revoke(ok[0]!.value.id, true);
      await waitFor('the winner to end', () => a.find(ok[0]!.value.id), (t) => t.state === 'REVOKED');
    }
  });

  it('refuses a second unfinished exclusive row in the database itself, not only by looking first', async () => {
    const store = createTaskStore(db());
    const now = new Date().toISOString();
    const task = (id: string): TaskInfo => ({
      id, name: 'market.data_update', state: 'PENDING', progress: null, has_result: false, result: null, error: null, args: {},
      user_id: null, retries: 0, revoke: null, created_at: now, started_at: null, finished_at: null, updated_at: now,
    });
    const first = task(`x-${Date.now()}-1`);
    await store.insert(first, 'w1', true);
    const second = store.insert(task(`x-${Date.now()}-2`), 'w2', true);
    await expect(second).rejects.toSatisfy(isUniqueViolation);
    // Once the first has finished, the name is free again; rows without the flag never conflict.
    await store.save({ ...first, state: 'SUCCESS', finished_at: now }, 'w1');
    await store.insert(task(`x-${Date.now()}-3`), 'w2', true);
    await store.insert(task(`x-${Date.now()}-4`), 'w2', false);
  });

  it('fails a non-retry-safe task whose consumer died mid-task (WorkerLost), never leaving it stuck', async () => {
    freshPrefix();
    const a = runner(false);
    const b = runner(true);
    await b.recover();
    const info = await a.start('system.test', { steps: 100, step_ms: 100 });
    await waitFor('PROGRESS on B', async () => b.get(info.id), (t) => t.state === 'PROGRESS');
    await b.stop(); // the consumer goes away mid-task: its row stays PROGRESS, its job's lock lapses
    expect((await a.find(info.id))!.state).toBe('PROGRESS');
    const c = runner(true);
    // C's start-up leaves the row alone (BullMQ still holds its job); its stalled check takes it.
    expect(await c.recover()).toEqual({ requeued: 0, failed: 0 });
    const ended = await waitFor('FAILURE', () => a.find(info.id), (t) => t.state === 'FAILURE');
    expect(ended.error).toMatchObject({ type: 'WorkerLost' });
    expect(ended.error!.message).toContain('not safe to run again');
  });

  it('fails a task whose worker process was killed with SIGKILL mid-task (another consumer settles it)', async () => {
    freshPrefix();
    // A worker process of its own: the same runner over the same database and Redis prefix.
    const at = (file: string) => JSON.stringify(resolve(file));
    const code = `
      const { openStore } = await import(${at('server/store/database.ts')});
      const { createTaskRunner } = await import(${at('server/domain/tasks/taskRunner.ts')});
      const { defineSystemTasks } = await import(${at('server/domain/tasks/systemTasks.ts')});
      const store = openStore(JSON.parse(process.env.STORE_OPTIONS));
      const tasks = createTaskRunner({ db: store.db, concurrency: 1 }, { queue: JSON.parse(process.env.QUEUE_OPTIONS), consume: true });
      defineSystemTasks({ tasks, mailer: {} });
      tasks.onChange((t) => { if (t.state === 'PROGRESS') process.stdout.write('PROGRESS ' + t.id + '\\n'); });
      await tasks.recover();
      process.stdout.write('READY\\n');
    `;
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      env: {
        ...process.env,
        STORE_OPTIONS: JSON.stringify({ dataDir: ts.config.dataDir, ...(ts.config.databaseUrl ? { databaseUrl: ts.config.databaseUrl } : {}) }),
        QUEUE_OPTIONS: JSON.stringify({ redisUrl: REDIS_URL, prefix, ...FAST_STALLS }),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const printed = async (text: string) => {
        for (let i = 0; i < 3_000 && !output.includes(text); i++) await sleep(10);
        if (!output.includes(text)) throw new Error(`the worker process never printed ${text}; it printed: ${output}`);
      };
      await printed('READY');
      const a = runner(false);
      const info = await a.start('system.test', { steps: 100, step_ms: 100 });
      await printed(`PROGRESS ${info.id}`);
      child.kill('SIGKILL');
      await once(child, 'exit');
      // Running when it died: the PROGRESS it reported may not have reached the row before the kill.
      expect(['STARTED', 'PROGRESS']).toContain((await a.find(info.id))!.state);
      const c = runner(true);
      await c.recover();
      const ended = await waitFor('FAILURE', () => a.find(info.id), (t) => t.state === 'FAILURE');
      expect(ended.error).toMatchObject({ type: 'WorkerLost' });
      // Cut off well before its last step (its first progress may not have been written yet).
      expect(ended.progress?.current ?? 0).toBeLessThan(100);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  it('retries a retry-safe task whose consumer died mid-task on another consumer, to SUCCESS', async () => {
    freshPrefix();
    const a = runner(false);
    const b = runner(true);
    await b.recover();
    const info = await a.start('notification.expire', {});
    await waitFor('PROGRESS on B', async () => b.get(info.id), (t) => t.state === 'PROGRESS');
    await b.stop();
    const c = runner(true);
    await c.recover();
    const ended = await waitFor('SUCCESS', () => a.find(info.id), (t) => t.state === 'SUCCESS');
    expect(ended).toMatchObject({ retries: 1, result: { expired: 0 } });
    const row = await db().selectFrom('tasks').select('worker_id').where('id', '=', info.id).executeTakeFirstOrThrow();
    expect(row.worker_id).toBe(c.workerId);
  });

  it('leaves a task that a live consumer runs alone when another process recovers', async () => {
    freshPrefix();
    const b = runner(true);
    await b.recover();
    const info = await b.start('notification.expire', {});
    await waitFor('PROGRESS', async () => b.get(info.id), (t) => t.state === 'PROGRESS');
    const c = runner(true);
    expect(await c.recover()).toEqual({ requeued: 0, failed: 0 });
    const ended = await waitFor('SUCCESS', () => c.find(info.id), (t) => t.state === 'SUCCESS');
    expect(ended.retries).toBe(0);
  });

  it('runs a periodic round once across two consumers, and once per runner without the queue', async () => {
    freshPrefix();
    const b = runner(true);
    const c = runner(true);
    let rounds = 0;
    for (const tasks of [b, c]) tasks.scheduler.every({ label: 'count', everyMs: () => 60_000, tick: async () => void rounds++ });
    await Promise.all([b.scheduler.runNow('count'), c.scheduler.runNow('count')]);
    expect(rounds).toBe(1);

    const local = [createTaskRunner({ db: db(), concurrency: 1 }), createTaskRunner({ db: db(), concurrency: 1 })];
    runners.push(...local);
    let localRounds = 0;
    for (const tasks of local) tasks.scheduler.every({ label: 'count', everyMs: () => 60_000, tick: async () => void localRounds++ });
    await Promise.all(local.map((tasks) => tasks.scheduler.runNow('count')));
    expect(localRounds).toBe(2);
  });
});
