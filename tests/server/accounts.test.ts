import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startTestServer, type TestServer } from './support/testServer';

describe('user accounts', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await startTestServer();
    admin = await t.adminToken();
  });
  afterAll(async () => t?.close());

  it('lets an admin create, list, read and update users', async () => {
    const created = await t.call('POST', '/api/user/account/', {
      token: admin,
      json: { email: 'Trader.One@Bazaar.test', password: 'trader-password', full_name: 'Trader One' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      email: 'trader.one@bazaar.test',
      full_name: 'Trader One',
      is_active: true,
      is_superuser: false,
    });
    const id = created.body.id;

    const list = await t.call('GET', '/api/user/account/?skip=0&limit=100', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(list.body.data.length);
    expect(list.body.data.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining([ADMIN_EMAIL, 'trader.one@bazaar.test']),
    );

    const read = await t.call('GET', `/api/user/account/${id}`, { token: admin });
    expect(read.body).toEqual(created.body);

    const updated = await t.call('PUT', `/api/user/account/${id}`, {
      token: admin,
      json: { full_name: 'Trader Renamed', is_superuser: true },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ full_name: 'Trader Renamed', is_superuser: true });
    expect(Date.parse(updated.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.body.updated_at));
  });

  it('pages the user list with skip and limit', async () => {
    for (const n of [1, 2, 3]) await t.createUser(`pager${n}@bazaar.test`);
    const all = await t.call('GET', '/api/user/account/?limit=1000', { token: admin });
    const page = await t.call('GET', '/api/user/account/?skip=1&limit=2', { token: admin });
    expect(page.body.data).toHaveLength(2);
    expect(page.body.count).toBe(all.body.count);
    expect(page.body.data).toEqual(all.body.data.slice(1, 3));
  });

  it('refuses a second account with the same email, whatever its case (409)', async () => {
    const res = await t.call('POST', '/api/user/account/', {
      token: admin,
      json: { email: ADMIN_EMAIL.toUpperCase(), password: 'another-password' },
    });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/already exists/);
  });

  it('keeps admin calls from users (403) and from strangers (401)', async () => {
    const { token } = await t.createUser('plain@bazaar.test');
    expect((await t.call('GET', '/api/user/account/', { token })).status).toBe(403);
    const create = await t.call('POST', '/api/user/account/', {
      token,
      json: { email: 'sneaky@bazaar.test', password: 'sneaky-password' },
    });
    expect(create.status).toBe(403);
    expect(create.body).toEqual({ detail: 'Admin access required' });
    expect((await t.call('GET', '/api/user/account/')).status).toBe(401);
    const list = await t.call('GET', '/api/user/account/?limit=1000', { token: admin });
    expect(list.body.data.some((u: { email: string }) => u.email === 'sneaky@bazaar.test')).toBe(false);
  });

  it('lets users read and update themselves but not others (404), nor their own privileges (403)', async () => {
    const alice = await t.createUser('alice@bazaar.test');
    const bob = await t.createUser('bob@bazaar.test');

    const self = await t.call('GET', `/api/user/account/${alice.id}`, { token: alice.token });
    expect(self.status).toBe(200);
    expect((await t.call('GET', `/api/user/account/${bob.id}`, { token: alice.token })).status).toBe(404);
    expect((await t.call('PUT', `/api/user/account/${bob.id}`, { token: alice.token, json: { full_name: 'x' } })).status).toBe(404);

    const renamed = await t.call('PUT', `/api/user/account/${alice.id}`, {
      token: alice.token,
      json: { full_name: 'Alice A.', password: 'alice-new-password' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.full_name).toBe('Alice A.');
    expect(await t.login('alice@bazaar.test', 'alice-new-password')).toBeTruthy();

    const promote = await t.call('PUT', `/api/user/account/${alice.id}`, { token: alice.token, json: { is_superuser: true } });
    expect(promote.status).toBe(403);
    const check = await t.call('GET', `/api/user/account/${alice.id}`, { token: admin });
    expect(check.body.is_superuser).toBe(false);
  });

  it('refuses an email change onto another account (409) and changes nothing', async () => {
    const carol = await t.createUser('carol@bazaar.test');
    const res = await t.call('PUT', `/api/user/account/${carol.id}`, {
      token: carol.token,
      json: { email: 'alice@bazaar.test', full_name: 'Should Not Stick' },
    });
    expect(res.status).toBe(409);
    const after = await t.call('GET', `/api/user/account/${carol.id}`, { token: carol.token });
    expect(after.body).toMatchObject({ email: 'carol@bazaar.test', full_name: null });
  });

  it('answers 404 for an unknown user and 422 for an id that is not one', async () => {
    expect((await t.call('GET', '/api/user/account/999999', { token: admin })).status).toBe(404);
    const bad = await t.call('GET', '/api/user/account/abc', { token: admin });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['path', 'userId']);
    const negative = await t.call('GET', '/api/user/account/?skip=-1', { token: admin });
    expect(negative.status).toBe(422);
    expect(negative.body.detail[0].loc).toEqual(['query', 'skip']);
  });

  it('rejects unknown fields, short passwords and bad emails, naming each field', async () => {
    const res = await t.call('POST', '/api/user/account/', {
      token: admin,
      json: { email: 'not-an-email', password: 'short', role: 'god' },
    });
    expect(res.status).toBe(422);
    const locs = res.body.detail.map((d: { loc: string[] }) => d.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.email', 'body.password', 'body.role']));
  });

  it('never lets the last active admin go (409)', async () => {
    const list = await t.call('GET', '/api/user/account/?limit=1000', { token: admin });
    const otherAdmins = list.body.data.filter((u: { is_superuser: boolean; email: string }) => u.is_superuser && u.email !== ADMIN_EMAIL);
    for (const other of otherAdmins) {
      await t.call('PUT', `/api/user/account/${other.id}`, { token: admin, json: { is_superuser: false } });
    }
    const me = await t.call('GET', '/api/user/account/me', { token: admin });
    const demote = await t.call('PUT', `/api/user/account/${me.body.id}`, { token: admin, json: { is_superuser: false } });
    expect(demote.status).toBe(409);
    const disable = await t.call('PUT', `/api/user/account/${me.body.id}`, { token: admin, json: { is_active: false } });
    expect(disable.status).toBe(409);
    expect((await t.call('GET', '/api/user/account/me', { token: admin })).body.is_superuser).toBe(true);
  });
});
