import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEndpoints, authEndpoints } from '../../contract/accounts/endpoints';
import { pick } from '../../contract/endpoint';
import { quoteEndpoints } from '../../contract/general/endpoints';
import { createApiClient } from '../../src/services/apiClient';
import { ApiError } from '../../src/services/apiErrors';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from './support/testServer';

describe("the app's API client against the real server", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => t?.close());

  it('signs in with the form body, then calls with the token, parsing with the contract', async () => {
    const session: { token?: string } = {};
    const client = createApiClient({ baseUrl: t.url, getToken: () => session.token });
    const login = await client.call(pick(authEndpoints, 'auth.login'), {
      body: { username: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    session.token = login.access_token;
    const me = await client.call(pick(accountEndpoints, 'accounts.me'));
    expect(me.email).toBe(ADMIN_EMAIL);
    const quote = await client.call(pick(quoteEndpoints, 'quotes.get'), { params: { id: 1 } });
    expect(quote.id).toBe(1);
  });

  it('turns error answers into HTTP_ERROR with status and detail, and a dead server into FETCH_ERROR', async () => {
    const client = createApiClient({ baseUrl: t.url });
    const denied = await client.call(pick(accountEndpoints, 'accounts.me')).catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(ApiError);
    expect(denied).toMatchObject({ kind: 'HTTP_ERROR', status: 401, message: 'Not authenticated' });

    const dead = createApiClient({ baseUrl: 'http://127.0.0.1:1' });
    const failed = await dead.call(pick(quoteEndpoints, 'quotes.random')).catch((e: unknown) => e);
    expect(failed).toMatchObject({ kind: 'FETCH_ERROR' });
  });
});
