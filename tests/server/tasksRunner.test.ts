import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskInfo } from '../../contract/system/tasks';
import { createTaskRunner, MAX_RECOVERY_RETRIES } from '../../server/domain/tasks/taskRunner';
import { startTestServer, type TestServer } from './support/testServer';

/*
 * The runner itself over the test server's real database: the order of changes, the throttled
 * progress (the last one always written), prevent_concurrent under a race, pause/resume and the
 * stats, and recover() on rows another process left behind.
 */

describe('task runner', () => {
  let ts: TestServer;
  const services = () => ts.server.app.ctx.services;
  const row = (id: string) => ts.server.store.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    ts = await startTestServer({ TASK_CONCURRENCY: '2' });
  });
  afterAll(async () => ts?.close());

  it('goes PENDING → STARTED → PROGRESS → SUCCESS and writes the last progress and the final state', async () => {
    const { tasks } = services();
    const seen: TaskInfo[] = [];
    const stop = tasks.onChange((t) => seen.push(t));
    const info = await tasks.start('system.test', { steps: 30, step_ms: 0 });
    const done = await tasks.wait(info.id);
    stop();
    const mine = seen.filter((t) => t.id === info.id).map((t) => t.state);
    expect(mine[0]).toBe('PENDING');
    expect(mine[1]).toBe('STARTED');
    expect(mine.at(-1)).toBe('SUCCESS');
    // Thirty steps at once are throttled to fewer messages, never more.
    expect(mine.filter((s) => s === 'PROGRESS').length).toBeLessThan(30);
    expect(done).toMatchObject({ state: 'SUCCESS', progress: { current: 30, total: 30 } });
    expect(JSON.parse((await row(info.id)).progress!)).toMatchObject({ current: 30, total: 30 });
  });

  it('lets one of two racing prevent_concurrent starts through and names it to the other', async () => {
    const { tasks } = services();
    const results = await Promise.allSettled([
      tasks.start('system.test', { steps: 5, step_ms: 50 }, { preventConcurrent: true }),
      tasks.start('system.test', { steps: 5, step_ms: 50 }, { preventConcurrent: true }),
    ]);
    const ok = results.filter((r) => r.status === 'fulfilled') as PromiseFulfilledResult<TaskInfo>[];
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(String(refused[0]!.reason.message)).toContain(ok[0]!.value.id);
    await tasks.revoke(ok[0]!.value.id, true);
    await tasks.wait(ok[0]!.value.id);
  });

  it('runs at most TASK_CONCURRENCY at once; paused, pending ones wait and the stats say so', async () => {
    const { tasks } = services();
    const started = await Promise.all([1, 2, 3].map(() => tasks.start('system.test', { steps: 10, step_ms: 50 })));
    for (let i = 0; i < 200 && tasks.stats().running < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(tasks.stats()).toMatchObject({ concurrency: 2, running: 2, pending: 1, byName: { 'system.test': { running: 2, pending: 1 } } });
    tasks.pause();
    // The three starts write in parallel, so which one waits is whichever was queued last.
    const waiting = started.filter((t) => tasks.get(t.id)!.state === 'PENDING');
    expect(waiting).toHaveLength(1);
    const first = started.filter((t) => t !== waiting[0]);
    await Promise.all(first.map((t) => tasks.wait(t.id)));
    expect(tasks.get(waiting[0]!.id)!.state).toBe('PENDING');
    expect(tasks.stats()).toMatchObject({ paused: true, running: 0, pending: 1 });
    tasks.resume();
    expect(await tasks.wait(waiting[0]!.id)).toMatchObject({ state: 'SUCCESS' });
  });

  it('recovers rows another process left: pending ones queued, retry-safe ones retried, the rest WorkerLost', async () => {
    const db = ts.server.store.db;
    const now = Date.now();
    const base = { progress: null, result: null, has_result: 0, error: null, user_id: null, revoke_at: null, revoke_terminate: null, worker_id: 'elsewhere:1:x', started_at: now, finished_at: null, created_at: now, updated_at: now };
    await db.insertInto('tasks').values([
      { ...base, id: 'left-pending', name: 'notification.expire', state: 'PENDING', args: '{}', retries: 0, started_at: null },
      { ...base, id: 'left-expire', name: 'notification.expire', state: 'STARTED', args: '{}', retries: 1 },
      { ...base, id: 'left-worn', name: 'notification.expire', state: 'PROGRESS', args: '{}', retries: MAX_RECOVERY_RETRIES },
      { ...base, id: 'left-test', name: 'system.test', state: 'PROGRESS', args: '{"steps":3,"step_ms":0,"fail":false}', retries: 0 },
    ]).execute();
    // A second runner on the same database, as the next process would be.
    const next = createTaskRunner({ db, concurrency: 2 });
    next.define('notification.expire', { retrySafe: true, run: async () => ({ expired: 0 }) });
    next.define('system.test', { retrySafe: false, run: async () => null });
    expect(await next.recover()).toEqual({ requeued: 2, failed: 2 });
    expect(await next.wait('left-pending')).toMatchObject({ state: 'SUCCESS', retries: 0 });
    expect(await next.wait('left-expire')).toMatchObject({ state: 'SUCCESS', retries: 2 });
    expect(await row('left-worn')).toMatchObject({ state: 'FAILURE' });
    const lost = await next.find('left-test');
    expect(lost).toMatchObject({ state: 'FAILURE', error: { type: 'WorkerLost', message: expect.stringMatching(/interrupted by a server restart; it is not safe to run again/) } });
    await next.stop();
  });

  it('refuses an unknown name listing the known ones, and bad args at query.args', async () => {
    const { tasks } = services();
    await expect(tasks.start('nope.nothing')).rejects.toMatchObject({ status: 404, message: expect.stringContaining('system.test') });
    await expect(tasks.start('system.test', { steps: 'many' })).rejects.toMatchObject({ status: 422, fieldErrors: [{ loc: ['query', 'args', 'steps'] }] });
  });
});
