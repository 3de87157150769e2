import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from './support/testServer';

describe('sign-in and tokens', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => t?.close());

  it('signs in with the OAuth2 password form and returns a bearer token with its user', async () => {
    const res = await t.call('POST', '/api/user/auth/access-token', {
      form: { username: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe('bearer');
    expect(res.body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.user).toMatchObject({ email: ADMIN_EMAIL, is_superuser: true, is_active: true });
    const minutes = (res.body.expires_at - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(t.config.accessTokenExpireMinutes - 1);
    expect(minutes).toBeLessThanOrEqual(t.config.accessTokenExpireMinutes);
  });

  it('accepts the email in any letter case', async () => {
    const token = await t.login(ADMIN_EMAIL.toUpperCase(), ADMIN_PASSWORD);
    expect(token).toBeTruthy();
  });

  it('answers a wrong password and an unknown email exactly alike', async () => {
    const wrongPassword = await t.call('POST', '/api/user/auth/access-token', {
      form: { username: ADMIN_EMAIL, password: 'not-the-password' },
    });
    const unknownEmail = await t.call('POST', '/api/user/auth/access-token', {
      form: { username: 'nobody@bazaar.test', password: 'not-the-password' },
    });
    expect(wrongPassword.status).toBe(400);
    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(wrongPassword.body.detail).toBe('Incorrect email or password');
  });

  it('refuses a disabled account even with the right password', async () => {
    await t.createUser('disabled@bazaar.test', 'user-password-1', { is_active: false });
    const res = await t.call('POST', '/api/user/auth/access-token', {
      form: { username: 'disabled@bazaar.test', password: 'user-password-1' },
    });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/disabled/);
  });

  it('names the missing form fields in a 422', async () => {
    const res = await t.call('POST', '/api/user/auth/access-token', { form: { username: ADMIN_EMAIL } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'password'] })]);
  });

  it('test-token returns the token’s user, and 401 without a token', async () => {
    const token = await t.adminToken();
    const ok = await t.call('POST', '/api/user/auth/test-token', { token });
    expect(ok.status).toBe(200);
    expect(ok.body.email).toBe(ADMIN_EMAIL);
    const none = await t.call('POST', '/api/user/auth/test-token');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ detail: 'Not authenticated' });
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('serves the current user in both styles', async () => {
    const { token } = await t.createUser('both-styles@bazaar.test');
    const modern = await t.call('GET', '/api/user/account/me', { token });
    const legacy = await t.call('GET', '/api/user/me', { token });
    expect(modern.status).toBe(200);
    expect(legacy.status).toBe(200);
    expect(legacy.body).toEqual(modern.body);
    expect(modern.body).toMatchObject({ email: 'both-styles@bazaar.test', is_superuser: false });
    expect(modern.body).not.toHaveProperty('hashed_password');
  });

  it('ends the session of a user an admin disables (401, so the app logs out)', async () => {
    const { id, token } = await t.createUser('soon-disabled@bazaar.test');
    expect((await t.call('GET', '/api/user/account/me', { token })).status).toBe(200);
    const disable = await t.call('PUT', `/api/user/account/${id}`, { token: await t.adminToken(), json: { is_active: false } });
    expect(disable.status).toBe(200);
    const after = await t.call('GET', '/api/user/account/me', { token });
    expect(after.status).toBe(401);
  });

  it('takes a personal API key in X-API-Key instead of a token', async () => {
    const { token } = await t.createUser('integrator@bazaar.test');
    const secret = await t.call('GET', '/api/user/account/secret', { token });
    expect(secret.status).toBe(200);
    expect(secret.body.api_key).toMatch(/^bsk_/);
    const again = await t.call('GET', '/api/user/account/secret', { token });
    expect(again.body).toEqual(secret.body);
    const viaKey = await t.call('GET', '/api/user/account/me', { headers: { 'x-api-key': secret.body.api_key } });
    expect(viaKey.status).toBe(200);
    expect(viaKey.body.email).toBe('integrator@bazaar.test');
    const badKey = await t.call('GET', '/api/user/account/me', { headers: { 'x-api-key': 'bsk_nope' } });
    expect(badKey.status).toBe(401);
  });
});
