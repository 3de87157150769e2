import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer';

describe('open registration', () => {
  let open: TestServer;
  let closed: TestServer;
  beforeAll(async () => {
    open = await startTestServer();
    closed = await startTestServer({ OPEN_REGISTRATION: 'false' });
  });
  afterAll(async () => {
    await open?.close();
    await closed?.close();
  });

  it('creates a plain active account that can sign in at once', async () => {
    const res = await open.call('POST', '/api/user/account/open', {
      json: { email: 'newcomer@bazaar.test', password: 'newcomer-password', full_name: 'تازه‌وارد' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: 'newcomer@bazaar.test', full_name: 'تازه‌وارد', is_active: true, is_superuser: false });
    expect(await open.login('newcomer@bazaar.test', 'newcomer-password')).toBeTruthy();
  });

  it('cannot be used to make oneself admin', async () => {
    const res = await open.call('POST', '/api/user/account/open', {
      json: { email: 'climber@bazaar.test', password: 'climber-password', is_superuser: true },
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'is_superuser'] })]);
  });

  it('refuses a taken email with 409', async () => {
    const res = await open.call('POST', '/api/user/account/open', {
      json: { email: 'NEWCOMER@bazaar.test', password: 'another-password' },
    });
    expect(res.status).toBe(409);
  });

  it('answers 403 when the server closes registration, and creates nothing', async () => {
    const res = await closed.call('POST', '/api/user/account/open', {
      json: { email: 'late@bazaar.test', password: 'late-password' },
    });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/closed/);
    const config = await closed.call('GET', '/api/config/');
    expect(config.body.open_registration).toBe(false);
    const users = await closed.server.store.db.selectFrom('users').select('email').execute();
    expect(users.map((u) => u.email)).not.toContain('late@bazaar.test');
  });
});
