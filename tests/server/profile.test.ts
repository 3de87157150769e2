import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer';

describe('profile', () => {
  let t: TestServer;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    t = await startTestServer();
    ({ token, id: userId } = await t.createUser('profiled@bazaar.test'));
  });
  afterAll(async () => t?.close());

  it('starts Persian, light and on Tehran time', async () => {
    const res = await t.call('GET', '/api/user/profile/', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user_id: userId,
      display_name: null,
      language: 'fa-IR',
      theme: 'light',
      timezone: 'Asia/Tehran',
      default_market: null,
      default_portfolio_id: null,
    });
  });

  it('changes only the fields sent and keeps them', async () => {
    const first = await t.call('POST', '/api/user/profile/', {
      token,
      json: { display_name: 'معامله‌گر', theme: 'dark', default_market: 'tse' },
    });
    expect(first.status).toBe(200);
    const second = await t.call('POST', '/api/user/profile', { token, json: { language: 'en-US', timezone: 'Europe/Berlin' } });
    expect(second.body).toMatchObject({
      display_name: 'معامله‌گر',
      theme: 'dark',
      default_market: 'tse',
      language: 'en-US',
      timezone: 'Europe/Berlin',
    });
    const read = await t.call('GET', '/api/user/profile', { token });
    expect(read.body).toEqual(second.body);
  });

  it('names each bad field and saves none of the request', async () => {
    const before = await t.call('GET', '/api/user/profile/', { token });
    const res = await t.call('POST', '/api/user/profile/', {
      token,
      json: { language: 'de-DE', timezone: 'Mars/Olympus', theme: 'dark' },
    });
    expect(res.status).toBe(422);
    const locs = res.body.detail.map((d: { loc: string[] }) => d.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.language', 'body.timezone']));
    const unknownMarket = await t.call('POST', '/api/user/profile/', { token, json: { default_market: 'nasdaq', theme: 'light' } });
    expect(unknownMarket.status).toBe(422);
    expect(unknownMarket.body.detail[0]).toMatchObject({ loc: ['body', 'default_market'] });
    expect((await t.call('GET', '/api/user/profile/', { token })).body).toEqual(before.body);
  });

  it('is private to its user', async () => {
    const other = await t.createUser('neighbour@bazaar.test');
    const res = await t.call('GET', '/api/user/profile/', { token: other.token });
    expect(res.body.user_id).toBe(other.id);
    expect(res.body.display_name).toBeNull();
    expect((await t.call('GET', '/api/user/profile/')).status).toBe(401);
  });
});
