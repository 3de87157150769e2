import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TaskInfo, TaskReport } from '../../contract/system/tasks';
import { startSmtpPeer } from './support/smtpPeer';
import { startTestServer, type TestServer } from './support/testServer';

/*
 * The task runtime through its API on a real server and database: start and watch a task on an
 * admin's app socket, read its state and result, forget it, revoke and terminate, the report, and
 * the refusals (unknown name, prevent_concurrent, bad args, non-admin). Utility: test-celery and
 * test-email through the outbox and through a real SMTP server.
 */

const q = (params: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();

/** An app socket collecting `task` messages. */
async function watchTasks(ts: TestServer, token: string) {
  const socket = new WebSocket(`${ts.url.replace(/^http/, 'ws')}/api/ws/app?token=${token}`);
  const messages: TaskInfo[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if (message._type === 'task') messages.push(TaskInfo.parse(message.data));
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  // The socket subscribes to its topics just after it opens.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const of = (id: string) => messages.filter((m) => m.id === id);
  return {
    of,
    async until(id: string, state: string) {
      for (let i = 0; i < 400 && !of(id).some((m) => m.state === state); i++) await new Promise((r) => setTimeout(r, 25));
      return of(id);
    },
    close: () => socket.close(),
  };
}

describe('tasks', () => {
  let ts: TestServer;
  let admin: string;
  let user: { id: number; token: string };
  const get = (path: string, params: Record<string, unknown>, token = admin) => ts.call('GET', `${path}?${q(params)}`, { token });
  const start = (name: string, args?: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    get('/api/task/start', { task_name: name, ...(args ? { args } : {}), ...extra });
  const settled = async (id: string) => (await ts.server.app.ctx.services.tasks.wait(id))!;

  beforeAll(async () => {
    ts = await startTestServer();
    admin = await ts.adminToken();
    user = await ts.createUser('task-user@bazaar.test');
  });
  afterAll(async () => ts?.close());

  it('starts system.test and pushes PENDING → STARTED → PROGRESS … → SUCCESS to an admin, with current/total', async () => {
    const watch = await watchTasks(ts, admin);
    const started = await start('system.test', { steps: 3, step_ms: 300 });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ name: 'system.test', state: 'PENDING', args: { steps: 3, step_ms: 300, fail: false } });
    const seen = await watch.until(started.body.id, 'SUCCESS');
    watch.close();
    const states = seen.map((m) => m.state);
    expect(states[0]).toBe('PENDING');
    expect(states).toContain('STARTED');
    expect(states).toContain('PROGRESS');
    expect(states.at(-1)).toBe('SUCCESS');
    const last = seen.at(-1)!;
    expect(last.progress).toEqual({ current: 3, total: 3, message: 'step 3 of 3' });

    const state = await get('/api/task/state', { task_id: started.body.id, get_result: 'true' });
    expect(state.body).toMatchObject({ state: 'SUCCESS', has_result: true, result: { steps: 3, step_ms: 300 }, finished_at: expect.any(String) });
    const bare = await get('/api/task/state', { task_id: started.body.id });
    expect(bare.body).toMatchObject({ has_result: true, result: null });
  });

  it('ends FAILURE with a clear message when asked to fail, and forget removes a finished task', async () => {
    const started = await start('system.test', { steps: 1, step_ms: 0, fail: true });
    await settled(started.body.id);
    const state = await get('/api/task/state', { task_id: started.body.id, forget: 'true' });
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ state: 'FAILURE', error: { type: 'Error', message: expect.stringMatching(/failed on purpose/) } });
    expect((await get('/api/task/state', { task_id: started.body.id })).status).toBe(404);
  });

  it('refuses to forget a running task (409) and keeps it', async () => {
    const started = await start('system.test', { steps: 50, step_ms: 100 });
    const refused = await get('/api/task/state', { task_id: started.body.id, forget: 'true' });
    expect(refused.status).toBe(409);
    await get('/api/task/revoke', { task_id: started.body.id, terminate: 'true' });
    expect((await settled(started.body.id)).state).toBe('REVOKED');
    expect((await get('/api/task/state', { task_id: started.body.id })).body.state).toBe('REVOKED');
  });

  it('revokes a pending task at once: it never starts', async () => {
    const { tasks } = ts.server.app.ctx.services;
    tasks.pause();
    try {
      const started = await start('system.test', { steps: 1, step_ms: 0 });
      const revoked = await get('/api/task/revoke', { task_id: started.body.id });
      expect(revoked.body).toMatchObject({ state: 'REVOKED', revoke: { terminate: false }, started_at: null });
    } finally {
      tasks.resume();
    }
  });

  it('terminates a running task between steps: REVOKED before its last step', async () => {
    const started = await start('system.test', { steps: 20, step_ms: 100 });
    const id = started.body.id;
    for (let i = 0; i < 200 && (await get('/api/task/state', { task_id: id })).body.state !== 'PROGRESS'; i++) await new Promise((r) => setTimeout(r, 25));
    const revoked = await get('/api/task/revoke', { task_id: id, terminate: 'true' });
    expect(revoked.body.revoke).toMatchObject({ terminate: true });
    const done = await settled(id);
    expect(done.state).toBe('REVOKED');
    expect(done.progress!.current).toBeLessThan(20);
    expect((await get('/api/task/state', { task_id: id })).body).toMatchObject({ state: 'REVOKED', finished_at: expect.any(String) });
  });

  it('lets a running task finish when revoked without terminate', async () => {
    const started = await start('system.test', { steps: 3, step_ms: 100 });
    for (let i = 0; i < 200 && ts.server.app.ctx.services.tasks.get(started.body.id)?.state === 'PENDING'; i++) await new Promise((r) => setTimeout(r, 10));
    await get('/api/task/revoke', { task_id: started.body.id });
    expect(await settled(started.body.id)).toMatchObject({ state: 'SUCCESS', revoke: { terminate: false } });
  });

  it('reports counts for every state, the running ones and the recent page, with filters', async () => {
    const long = await start('system.test', { steps: 50, step_ms: 100 });
    for (let i = 0; i < 200 && (await get('/api/task/state', { task_id: long.body.id })).body.state === 'PENDING'; i++) await new Promise((r) => setTimeout(r, 25));
    const report = await get('/api/task/report', {});
    expect(report.status).toBe(200);
    const parsed = TaskReport.parse(report.body);
    expect(Object.keys(parsed.counts).sort()).toEqual(['FAILURE', 'PENDING', 'PROGRESS', 'REVOKED', 'STARTED', 'SUCCESS']);
    expect(parsed.counts.REVOKED).toBeGreaterThanOrEqual(2);
    expect(parsed.running.map((t) => t.id)).toContain(long.body.id);
    expect(parsed.since).not.toBeNull();
    expect(parsed.count).toBe(Object.values(parsed.counts).reduce((a, b) => a + b, 0));
    // Newest first.
    const created = parsed.data.map((t) => t.created_at);
    expect([...created].sort().reverse()).toEqual(created);

    const revoked = TaskReport.parse((await get('/api/task/report', { state: 'REVOKED', report_all: 'true' })).body);
    expect(revoked.since).toBeNull();
    expect(revoked.data.every((t) => t.state === 'REVOKED')).toBe(true);
    expect(revoked.counts.SUCCESS).toBe(0);
    expect(revoked.count).toBe(revoked.counts.REVOKED);

    const paged = TaskReport.parse((await get('/api/task/report', { name: 'system.test', limit: '2', offset: '1' })).body);
    expect(paged.data).toHaveLength(2);
    expect(paged.data[0]!.id).toBe(parsed.data[1]!.id);

    const none = TaskReport.parse((await get('/api/task/report', { name: 'email.send' })).body);
    expect(none).toMatchObject({ count: 0, data: [], running: [] });
    await get('/api/task/revoke', { task_id: long.body.id, terminate: 'true' });
    await settled(long.body.id);
  });

  it('answers 404 listing the known names for an unknown task', async () => {
    const res = await start('market.nothing');
    expect(res.status).toBe(404);
    for (const name of ['market.backfill', 'market.data_update', 'strategy.recompute_scores', 'strategy.backtest', 'notification.expire', 'notification.deliver', 'system.test', 'email.send']) {
      expect(res.text).toContain(name);
    }
    expect((await get('/api/task/state', { task_id: 'no-such-task' })).status).toBe(404);
    expect((await get('/api/task/revoke', { task_id: 'no-such-task' })).status).toBe(404);
  });

  it('answers 409 naming the running task when prevent_concurrent finds one', async () => {
    const first = await start('system.test', { steps: 50, step_ms: 100 }, { prevent_concurrent: 'true' });
    expect(first.status).toBe(200);
    const second = await start('system.test', { steps: 1 }, { prevent_concurrent: 'true' });
    expect(second.status).toBe(409);
    expect(second.text).toContain(first.body.id);
    await get('/api/task/revoke', { task_id: first.body.id, terminate: 'true' });
    await settled(first.body.id);
    expect((await start('system.test', { steps: 1, step_ms: 0 }, { prevent_concurrent: 'true' })).status).toBe(200);
  });

  it('answers 422 at args.<field> for bad arguments, and starts nothing', async () => {
    const before = TaskReport.parse((await get('/api/task/report', { report_all: 'true' })).body).count;
    const res = await start('system.test', { steps: 0 });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain('steps');
    expect(res.body.detail.some((d: { loc: unknown[] }) => d.loc.includes('args') && d.loc.includes('steps'))).toBe(true);
    expect((await start('system.test', { surprise: 1 })).status).toBe(422);
    expect((await get('/api/task/start', { task_name: 'system.test', args: 'not json' })).status).toBe(422);
    expect(TaskReport.parse((await get('/api/task/report', { report_all: 'true' })).body).count).toBe(before);
  });

  it('answers 403 to a non-admin on every task and utility row', async () => {
    expect((await get('/api/task/start', { task_name: 'system.test' }, user.token)).status).toBe(403);
    expect((await get('/api/task/report', {}, user.token)).status).toBe(403);
    expect((await get('/api/task/state', { task_id: 'x' }, user.token)).status).toBe(403);
    expect((await get('/api/task/revoke', { task_id: 'x' }, user.token)).status).toBe(403);
    expect((await ts.call('POST', '/api/core/utility/test-celery/', { token: user.token })).status).toBe(403);
    expect((await ts.call('POST', '/api/core/utility/test-email/?email_to=a@b.test', { token: user.token })).status).toBe(403);
    expect((await ts.call('GET', '/api/task/report')).status).toBe(401);
  });

  it("sends a non-admin starter's task messages to that user and to the admins, not to other users", async () => {
    const other = await ts.createUser('task-other@bazaar.test');
    const mine = await watchTasks(ts, user.token);
    const theirs = await watchTasks(ts, other.token);
    const admins = await watchTasks(ts, admin);
    // A user starts tasks through their own calls (a backtest, a channel test); here directly.
    const info = await ts.server.app.ctx.services.tasks.start('system.test', { steps: 2, step_ms: 50 }, { userId: user.id });
    await mine.until(info.id, 'SUCCESS');
    await admins.until(info.id, 'SUCCESS');
    expect(mine.of(info.id).at(-1)!.state).toBe('SUCCESS');
    expect(admins.of(info.id).at(-1)!.state).toBe('SUCCESS');
    expect(theirs.of(info.id)).toHaveLength(0);
    for (const w of [mine, theirs, admins]) w.close();
  });

  it('test-celery starts system.test with its defaults', async () => {
    const res = await ts.call('POST', '/api/core/utility/test-celery/', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'system.test', state: 'PENDING', args: { steps: 5, step_ms: 500, fail: false } });
    await get('/api/task/revoke', { task_id: res.body.id, terminate: 'true' });
    await settled(res.body.id);
  });

  it('test-email keeps the mail in the outbox without SMTP_URL', async () => {
    const res = await ts.call('POST', '/api/core/utility/test-email/?email_to=ops@bazaar.test', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ transport: 'outbox', message_id: expect.stringMatching(/^outbox:\d+$/) });
    const row = await ts.server.store.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'ops@bazaar.test').executeTakeFirst();
    expect(row).toMatchObject({ status: 'outbox' });
    expect((await ts.call('POST', '/api/core/utility/test-email/?email_to=not-an-email', { token: admin })).status).toBe(422);
  });

  it('keeps finished tasks in the database: found after the runner forgot its copy', async () => {
    const started = await start('email.send', { to: 'someone@bazaar.test', subject: 'Hi', text: 'Hello' });
    const done = await settled(started.body.id);
    expect(done).toMatchObject({ state: 'SUCCESS', result: { transport: 'outbox' } });
    const row = await ts.server.store.db.selectFrom('tasks').selectAll().where('id', '=', started.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'SUCCESS', name: 'email.send', worker_id: ts.server.app.ctx.services.tasks.workerId });
  });
});

describe('test-email through SMTP', () => {
  let ts: TestServer;
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    ts = await startTestServer({ SMTP_URL: peer.url });
  });
  afterAll(async () => {
    await ts?.close();
    await peer?.close();
  });

  it('sends at once through the SMTP server and answers its message id', async () => {
    const res = await ts.call('POST', '/api/core/utility/test-email/?email_to=ops@bazaar.test', { token: await ts.adminToken() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ transport: 'smtp', message_id: expect.any(String) });
    expect(peer.mails).toHaveLength(1);
    expect(peer.mails[0]!.to).toEqual(['ops@bazaar.test']);
    expect(peer.mails[0]!.raw).toContain(res.body.message_id.replace(/[<>]/g, ''));
  });

  it('answers 409 naming the failure when the SMTP server cannot be reached', async () => {
    await peer.close();
    const res = await ts.call('POST', '/api/core/utility/test-email/?email_to=ops@bazaar.test', { token: await ts.adminToken() });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/SMTP server refused/);
  });
});
