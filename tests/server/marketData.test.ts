import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskStarted } from '../../contract/market/markets';
import { startTestServer, type TestServer } from './support/testServer';

/*
 * POST /api/core/market/init_new_symbol/{market} and /data_update/{market}: admin only, 404 for an
 * unknown market or symbol, 422 naming bad fields, and the tasks they start run to SUCCESS with
 * the candles written (feeds off: the routes work without a running feed).
 */

describe('market data tasks', () => {
  let ts: TestServer;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    ts = await startTestServer();
    admin = await ts.adminToken();
    user = (await ts.createUser('watcher@bazaar.test')).token;
  });
  afterAll(async () => ts?.close());

  const count = async (market: string, symbol: string) => {
    const row = await ts.server.store.db
      .selectFrom('klines')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('market', '=', market)
      .where('symbol', '=', symbol)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('init_new_symbol back-fills the symbol in a task and answers TaskStarted', async () => {
    const started = await ts.call('POST', '/api/core/market/init_new_symbol/crypto', { token: admin, json: { symbol: 'ETHUSDT', backfill_days: 1 } });
    expect(started.status).toBe(200);
    expect(TaskStarted.parse(started.body)).toMatchObject({ task_name: 'market.backfill', state: 'PENDING' });
    const done = await ts.server.app.ctx.services.tasks.wait(started.body.task_id);
    expect(done).toMatchObject({ state: 'SUCCESS', user_id: expect.any(Number), args: { market: 'crypto', symbols: ['ETHUSDT'] } });
    expect(done!.progress).toMatchObject({ current: 1, total: 1 });
    expect(await count('crypto', 'ETHUSDT')).toBe(1440);
  });

  it('data_update fetches only what is missing, and `gaps` rewrites the window idempotently', async () => {
    const { tasks } = ts.server.app.ctx.services;
    const update = await ts.call('POST', '/api/core/market/data_update/crypto', { token: admin, json: { symbols: ['ETHUSDT'] } });
    expect(update.status).toBe(200);
    expect(update.body.task_name).toBe('market.data_update');
    const done = await tasks.wait(update.body.task_id);
    expect(done?.state).toBe('SUCCESS');
    expect((done!.result as { inserted: number }).inserted).toBeLessThan(10);

    await ts.server.store.db.deleteFrom('klines').where('symbol', '=', 'ETHUSDT').where('open_time', '<', Date.now() - 3_600_000).execute();
    const holes = await count('crypto', 'ETHUSDT');
    expect(holes).toBeLessThan(100);
    const gaps = await ts.call('POST', '/api/core/market/data_update/crypto', { token: admin, json: { symbols: ['ETHUSDT'], data_type: 'gaps' } });
    const repaired = await tasks.wait(gaps.body.task_id);
    expect(repaired?.state).toBe('SUCCESS');
    expect(await count('crypto', 'ETHUSDT')).toBeGreaterThanOrEqual(1440);
  });

  it('answers 404 for an unknown market or symbol, 422 naming bad fields, 403 for a user, 401 signed out', async () => {
    const post = (path: string, json: unknown, token: string | undefined = admin) => ts.call('POST', path, { token, json });
    expect((await post('/api/core/market/init_new_symbol/nasdaq', { symbol: 'AAPL' })).status).toBe(404);
    expect((await post('/api/core/market/init_new_symbol/crypto', { symbol: 'NOPEUSDT' })).status).toBe(404);
    expect((await post('/api/core/market/data_update/nasdaq', {})).status).toBe(404);
    expect((await post('/api/core/market/data_update/crypto', { symbols: ['NOPEUSDT'] })).status).toBe(404);
    const badDays = await post('/api/core/market/init_new_symbol/crypto', { symbol: 'BTCUSDT', backfill_days: 0 });
    expect(badDays.status).toBe(422);
    expect(JSON.stringify(badDays.body)).toContain('backfill_days');
    const badSource = await post('/api/core/market/data_update/crypto', { source: 'irproxy' });
    expect(badSource.status).toBe(422);
    expect(JSON.stringify(badSource.body)).toContain('source');
    const badType = await post('/api/core/market/data_update/crypto', { data_type: 'everything' });
    expect(badType.status).toBe(422);
    expect(JSON.stringify(badType.body)).toContain('data_type');
    expect((await post('/api/core/market/data_update/crypto', {}, user)).status).toBe(403);
    expect((await post('/api/core/market/data_update/crypto', {}, '')).status).toBe(401);
    // Nothing was started by any refused call.
    expect(ts.server.app.ctx.services.tasks.list().filter((t) => t.state === 'PENDING')).toHaveLength(0);
  });
});
