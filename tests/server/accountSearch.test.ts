import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer';

/** The admin's user search (`q` on GET /api/user/account/), on SQLite and PostgreSQL alike. */
describe('searching the user list', () => {
  let t: TestServer;
  let admin: string;
  const emailsOf = (body: { data: { email: string }[] }) => body.data.map((u) => u.email).sort();
  const search = async (q: string, page = '') => {
    const res = await t.call('GET', `/api/user/account/?q=${encodeURIComponent(q)}${page}`, { token: admin });
    expect(res.status).toBe(200);
    return res.body as { data: { email: string; full_name: string | null }[]; count: number };
  };

  beforeAll(async () => {
    t = await startTestServer();
    admin = await t.adminToken();
    const users: [string, string | null][] = [
      ['sara.ahmadi@search.test', 'Sara Ahmadi'],
      ['reza@search.test', 'Reza KARIMI'],
      ['percent@search.test', '100% sure'],
      ['plain@search.test', '100 sure'],
      ['under_score@search.test', null],
      ['underXscore@search.test', null],
      ['bang@search.test', 'Bang!Mark'],
      ['ali@search.test', 'علی رضایی'],
    ];
    for (const [email, name] of users) await t.createUser(email, 'user-password-1', { full_name: name });
  });
  afterAll(async () => t?.close());

  it('finds users by part of the email or the name, ignoring case', async () => {
    expect(emailsOf(await search('SARA'))).toEqual(['sara.ahmadi@search.test']);
    expect(emailsOf(await search('karimi'))).toEqual(['reza@search.test']);
    expect(emailsOf(await search('  reza  '))).toEqual(['reza@search.test']);
    expect((await search('nobody-has-this')).count).toBe(0);
  });

  it('takes % and _ and ! as letters, not wildcards', async () => {
    expect(emailsOf(await search('100%'))).toEqual(['percent@search.test']);
    expect(emailsOf(await search('under_'))).toEqual(['under_score@search.test']);
    expect(emailsOf(await search('%'))).toEqual(['percent@search.test']);
    expect(emailsOf(await search('_'))).toEqual(['under_score@search.test']);
    expect(emailsOf(await search('g!m'))).toEqual(['bang@search.test']);
  });

  it('finds a Persian name whichever keyboard typed its yeh', async () => {
    // Arabic yeh (ي) typed, Persian yeh (ی) stored.
    expect(emailsOf(await search('علي'))).toEqual(['ali@search.test']);
  });

  it('pages the matches, with count the total matching before paging', async () => {
    const all = await search('search.test', '&limit=100');
    expect(all.count).toBe(8);
    const page = await search('search.test', '&skip=2&limit=3');
    expect(page.count).toBe(8);
    expect(page.data.map((u) => u.email)).toEqual(all.data.slice(2, 5).map((u) => u.email));
    const everyone = await t.call('GET', '/api/user/account/?limit=100', { token: admin });
    expect(everyone.body.count).toBe(9);
  });

  it('answers 422 naming q for an empty or overlong search, 403 to a non-admin', async () => {
    for (const q of ['', '   ', 'x'.repeat(101)]) {
      const res = await t.call('GET', `/api/user/account/?q=${encodeURIComponent(q)}`, { token: admin });
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body.detail)).toContain('"q"');
    }
    const user = await t.login('reza@search.test', 'user-password-1');
    expect((await t.call('GET', '/api/user/account/?q=reza', { token: user })).status).toBe(403);
  });
});
