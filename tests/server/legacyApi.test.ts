import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacyChartSymbols, legacyLogin, legacyMe } from '../../src/services/legacyApi';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from './support/testServer';

describe('the older-style calls against the real server', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => t?.close());

  it('form login and GET /user/me work', async () => {
    const session = await legacyLogin(ADMIN_EMAIL, ADMIN_PASSWORD, t.url);
    const me = await legacyMe(session.access_token, t.url);
    expect(me.email).toBe(ADMIN_EMAIL);
  });

  it('throw the status text on a non-OK answer', async () => {
    await expect(legacyLogin(ADMIN_EMAIL, 'wrong-password', t.url)).rejects.toThrow('Bad Request');
    await expect(legacyMe('not-a-token', t.url)).rejects.toThrow('Unauthorized');
    // An unknown market is a 404, and the older-style call says so in its error.
    const token = (await legacyLogin(ADMIN_EMAIL, ADMIN_PASSWORD, t.url)).access_token;
    await expect(legacyChartSymbols(token, 'nasdaq', t.url)).rejects.toThrow('Not Found');
  });
});
