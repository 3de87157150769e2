import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startTestServer, type TestServer } from './support/testServer';

const LOG = '/api/admin/audit_log';

describe('the admin audit log', () => {
  let t: TestServer;
  let admin: string;
  let user: string;
  let userId: number;
  beforeAll(async () => {
    t = await startTestServer();
    admin = await t.adminToken();
    ({ token: user, id: userId } = await t.createUser('audit.watcher@bazaar.test'));
  });
  afterAll(async () => t?.close());

  const newest = async (query = '') => {
    const res = await t.call('GET', `${LOG}?${query}`, { token: admin });
    expect(res.status).toBe(200);
    return res.body as { data: Record<string, any>[]; count: number };
  };

  it('records a market setting written by an admin: who, when, what, outcome', async () => {
    const before = Date.now();
    const res = await t.call('POST', '/api/core/market/settings/fee_rate', { token: admin, json: { market: 'crypto', value: 0.002 } });
    expect(res.status).toBe(200);
    const [entry] = (await newest('action=market.setSetting')).data;
    expect(entry).toMatchObject({
      user_email: ADMIN_EMAIL,
      action: 'market.setSetting',
      method: 'POST',
      path: '/api/core/market/settings/fee_rate',
      target: 'crypto/fee_rate',
      status_code: 200,
      details: { params: { name: 'fee_rate' }, body: { market: 'crypto', value: 0.002 } },
    });
    expect(Date.parse(entry!.at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('records list writes, init_new_symbol and data_update with their targets', async () => {
    const list = await t.call('GET', '/api/core/market/list/symbols?market=crypto&limit=1', { token: admin });
    const symbol = list.body.data[0];
    expect((await t.call('PUT', `/api/core/market/list/symbols/${symbol.id}`, { token: admin, json: { is_active: true } })).status).toBe(200);
    expect((await t.call('POST', '/api/core/market/data_update/crypto', { token: admin, json: { data_type: 'klines', timeframes: ['1h'] } })).status).toBe(200);
    const { data } = await newest();
    expect(data[0]).toMatchObject({ action: 'market.dataUpdate', target: 'crypto', status_code: 200 });
    expect(data[0]!.details.body).toMatchObject({ data_type: 'klines', timeframes: ['1h'] });
    expect(data[1]).toMatchObject({ action: 'market.updateListItem', target: `symbols/${symbol.id}`, status_code: 200 });
  });

  it('records a refused admin call with its status, and a non-admin trying one', async () => {
    const missing = await t.call('POST', '/api/core/market/data_update/nowhere', { token: admin, json: { data_type: 'klines' } });
    expect(missing.status).toBe(404);
    const denied = await t.call('POST', '/api/core/market/settings/fee_rate', { token: user, json: { market: 'crypto', value: 1 } });
    expect(denied.status).toBe(403);
    const refused = await newest('outcome=refused');
    expect(refused.data.slice(0, 2)).toMatchObject([
      { action: 'market.setSetting', user_id: userId, user_email: 'audit.watcher@bazaar.test', status_code: 403 },
      { action: 'market.dataUpdate', target: 'nowhere', status_code: 404 },
    ]);
    // Refused means nothing changed: the setting is still the admin's.
    const settings = await t.call('GET', '/api/core/market/settings?market=crypto', { token: admin });
    expect(settings.body.settings.fee_rate).toBe(0.002);
  });

  it('never stores a password given to an audited call', async () => {
    const res = await t.call('POST', '/api/user/account/', { token: admin, json: { email: 'audited.new@bazaar.test', password: 'a-secret-pass-1' } });
    expect(res.status).toBe(200);
    const [entry] = (await newest('action=accounts.create')).data;
    expect(entry!.details.body).toMatchObject({ email: 'audited.new@bazaar.test', password: '***' });
    expect(JSON.stringify(entry)).not.toContain('a-secret-pass-1');
  });

  it('filters by user, text (literal % and _), outcome and time, and pages with a total', async () => {
    const all = await newest('limit=1000');
    expect(all.count).toBe(all.data.length);
    expect((await newest(`user_id=${userId}`)).data.every((e) => e.user_id === userId)).toBe(true);
    expect((await newest('q=FEE_RATE')).data.map((e) => e.target)).toContain('crypto/fee_rate');
    expect((await newest('q=%25')).count).toBe(0);
    expect((await newest('outcome=ok')).data.every((e) => e.status_code < 400)).toBe(true);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await newest(`from=${encodeURIComponent(future)}`)).count).toBe(0);
    const page = await newest('limit=2&offset=1');
    expect(page.count).toBe(all.count);
    expect(page.data.map((e) => e.id)).toEqual(all.data.slice(1, 3).map((e) => e.id));
  });

  it('is for admins only and names a bad filter', async () => {
    expect((await t.call('GET', LOG, { token: user })).status).toBe(403);
    expect((await t.call('GET', LOG)).status).toBe(401);
    const bad = await t.call('GET', `${LOG}?action=market.nothing`, { token: admin });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['query', 'action']);
  });
});
