import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponse } from '../../contract/errors';
import { httpEndpoints } from '../../contract/routes';
import { startTestServer, type CallResult, type TestServer } from './support/testServer';

/*
 * The server core as HTTP sees it: routing, headers, CORS, compression, body parsing and limits,
 * the OpenAPI document and docs, the SPA fallback, rate limiting and token checks. Each setting
 * that changes behaviour gets its own server started with that setting.
 */

const SERVED_AREAS = new Set(['auth', 'accounts', 'profile', 'config', 'quotes']);
const served = httpEndpoints.filter((e) => SERVED_AREAS.has(e.area) || e.id === 'utility.getTime');

function expectDetail(result: CallResult, status: number) {
  const what = `${result.status} ${result.text.slice(0, 300)}`;
  expect(result.status, what).toBe(status);
  expect(result.headers.get('content-type') ?? '', what).toContain('application/json');
  expect(ErrorResponse.safeParse(result.body).success, what).toBe(true);
}

function cspDirectives(header: string | null): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** A GET without fetch's automatic decompression: the bytes as sent. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request(url, { method: 'GET', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

async function signAccess(
  secret: string,
  claims: { sub: string; purpose?: string; expSeconds: number; alg?: string },
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims.purpose === undefined ? {} : { purpose: claims.purpose })
    .setProtectedHeader({ alg: claims.alg ?? 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setJti(`test-${Math.random().toString(36).slice(2)}`)
    .setIssuedAt(now - 7200)
    .setExpirationTime(now + claims.expSeconds)
    .sign(new TextEncoder().encode(secret));
}

// ------------------------------------------------------------------ the default server

describe('server core on default settings', () => {
  let t: TestServer;
  let adminToken: string;
  let adminId: number;

  beforeAll(async () => {
    t = await startTestServer();
    adminToken = await t.adminToken();
    adminId = (await t.call('GET', '/api/user/account/me', { token: adminToken })).body.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('trailing slashes are accepted both ways', () => {
    it('GET /api/config and /api/config/', async () => {
      const without = await t.call('GET', '/api/config');
      const withSlash = await t.call('GET', '/api/config/');
      expect(without.status).toBe(200);
      expect(withSlash.status).toBe(200);
      expect(without.body.app_name).toEqual(withSlash.body.app_name);
      expect(without.body.version).toBe(withSlash.body.version);
    });

    it('GET and POST /api/user/profile and /api/user/profile/', async () => {
      const saved = await t.call('POST', '/api/user/profile', { token: adminToken, json: { display_name: 'No Slash' } });
      expect(saved.status, saved.text).toBe(200);
      const read = await t.call('GET', '/api/user/profile/', { token: adminToken });
      expect(read.status).toBe(200);
      expect(read.body.display_name).toBe('No Slash');
      const savedAgain = await t.call('POST', '/api/user/profile/', { token: adminToken, json: { display_name: 'Slash' } });
      expect(savedAgain.status).toBe(200);
      const readAgain = await t.call('GET', '/api/user/profile', { token: adminToken });
      expect(readAgain.status).toBe(200);
      expect(readAgain.body.display_name).toBe('Slash');
    });

    it('the other served routes, with and without the slash the contract writes', async () => {
      const pairs: [string, string][] = [
        ['/api/core/utility/get_time', '/api/core/utility/get_time/'],
        ['/api/user/account', '/api/user/account/'],
        ['/api/user/account/me', '/api/user/account/me/'],
        ['/api/user/me', '/api/user/me/'],
        ['/api/user/account/secret', '/api/user/account/secret/'],
        [`/api/user/account/${adminId}`, `/api/user/account/${adminId}/`],
        ['/api/quote/random', '/api/quote/random/'],
        ['/api/quote/1', '/api/quote/1/'],
      ];
      for (const [a, b] of pairs) {
        const first = await t.call('GET', a, { token: adminToken });
        const second = await t.call('GET', b, { token: adminToken });
        expect(first.status, `${a}: ${first.text}`).toBe(200);
        expect(second.status, `${b}: ${second.text}`).toBe(200);
      }
      const tested = await t.call('POST', '/api/user/auth/test-token/', { token: adminToken });
      expect(tested.status).toBe(200);
      expect(tested.body.id).toBe(adminId);
      const opened = await t.call('POST', '/api/user/account/open/', { json: { email: 'slash@http.test', password: 'password-123' } });
      expect(opened.status, opened.text).toBe(200);
      const login = await t.call('POST', '/api/user/auth/access-token/', { form: { username: 'slash@http.test', password: 'password-123' } });
      expect(login.status, login.text).toBe(200);
    });
  });

  describe('security headers', () => {
    it('an API answer carries a content security policy with scripts only from here, and the usual hardening headers', async () => {
      const result = await t.call('GET', '/api/config/');
      const csp = cspDirectives(result.headers.get('content-security-policy'));
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('connect-src')).toContain("'self'");
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(result.headers.get('x-content-type-options')).toBe('nosniff');
      expect(result.headers.get('referrer-policy')).toBe('no-referrer');
      expect(result.headers.get('x-frame-options')).toMatch(/^(DENY|SAMEORIGIN)$/);
      expect(result.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(result.headers.get('x-powered-by')).toBeNull();
    });

    it('errors carry the same headers', async () => {
      for (const result of [await t.call('GET', '/api/nowhere'), await t.call('GET', '/api/user/account/me')]) {
        expect(cspDirectives(result.headers.get('content-security-policy')).get('script-src')).toEqual(["'self'"]);
        expect(result.headers.get('x-content-type-options')).toBe('nosniff');
      }
    });
  });

  describe('CORS is closed unless CORS_ORIGINS opens it', () => {
    it('no access-control-allow-origin for a cross-origin call or preflight', async () => {
      const simple = await t.call('GET', '/api/config/', { headers: { origin: 'http://example.test' } });
      expect(simple.status).toBe(200);
      expect(simple.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await t.call('OPTIONS', '/api/user/profile/', {
        headers: { origin: 'http://example.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
    });
  });

  describe('compression', () => {
    it('gzip and br compress /api/openapi.json to the same JSON as the identity encoding', async () => {
      const plain = await rawGet(`${t.url}/api/openapi.json`, { 'accept-encoding': 'identity' });
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const document = JSON.parse(plain.body.toString('utf8'));
      expect(plain.body.length).toBeGreaterThan(1024);

      const gzip = await rawGet(`${t.url}/api/openapi.json`, { 'accept-encoding': 'gzip' });
      expect(gzip.status).toBe(200);
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers.vary ?? '').toMatch(/accept-encoding/i);
      expect(gzip.body.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(document);

      const br = await rawGet(`${t.url}/api/openapi.json`, { 'accept-encoding': 'br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.body.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(document);
    });

    it('a large JSON answer of a route from the contract is compressed too', async () => {
      for (let i = 0; i < 12; i++) {
        const created = await t.call('POST', '/api/user/account/', {
          token: adminToken,
          json: { email: `bulk-${i}@http.test`, password: 'password-123', full_name: `Bulk user number ${i} with a long name` },
        });
        expect(created.status, created.text).toBe(200);
      }
      const url = `${t.url}/api/user/account/?limit=1000`;
      const headers = { authorization: `Bearer ${adminToken}` };
      const plain = await rawGet(url, { ...headers, 'accept-encoding': 'identity' });
      expect(plain.body.length).toBeGreaterThan(1024);
      const gzip = await rawGet(url, { ...headers, 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    });
  });

  describe('malformed bodies', () => {
    it('malformed JSON is a 400 with a sentence, and nothing is written', async () => {
      const before = await t.server.store.db.selectFrom('users').select('id').execute();
      for (const rawBody of ['{"email": "malformed@http.test", "password": "password-123"', '{email: 1}', "{'a': 1}", '[1,]']) {
        const result = await t.call('POST', '/api/user/account/open', { rawBody, headers: { 'content-type': 'application/json' } });
        expectDetail(result, 400);
        expect(typeof result.body.detail).toBe('string');
      }
      const after = await t.server.store.db.selectFrom('users').select('id').execute();
      expect(after).toEqual(before);
    });

    it('an empty body that says it is JSON is a 400', async () => {
      const result = await t.call('POST', '/api/user/profile/', { token: adminToken, rawBody: '', headers: { 'content-type': 'application/json' } });
      expectDetail(result, 400);
    });

    it('a JSON body with a __proto__ key is refused, not merged', async () => {
      const result = await t.call('POST', '/api/user/profile/', {
        token: adminToken,
        rawBody: '{"__proto__": {"theme": "dark"}, "display_name": "Proto"}',
        headers: { 'content-type': 'application/json' },
      });
      expect(result.status).toBeGreaterThanOrEqual(400);
      expect(result.status).toBeLessThan(500);
      expect(ErrorResponse.safeParse(result.body).success).toBe(true);
      const profile = await t.call('GET', '/api/user/profile/', { token: adminToken });
      expect(profile.body.display_name).not.toBe('Proto');
    });
  });

  describe('unknown paths', () => {
    it('an unknown /api path is a JSON 404 {detail}, for any method and for a browser', async () => {
      expectDetail(await t.call('GET', '/api/unknown'), 404);
      expectDetail(await t.call('POST', '/api/unknown/deeper', { json: {} }), 404);
      expectDetail(await t.call('DELETE', '/api/config/'), 404);
      expectDetail(await t.call('GET', '/api/unknown', { headers: { accept: 'text/html' } }), 404);
    });

    it('a browser route with no built SPA is a 404 {detail}, not a crash', async () => {
      expectDetail(await t.call('GET', '/', { headers: { accept: 'text/html' } }), 404);
      expectDetail(await t.call('GET', '/markets/crypto/BTCUSDT', { headers: { accept: 'text/html' } }), 404);
    });
  });

  describe('OpenAPI document and docs', () => {
    it('/api/openapi.json lists every served path with its methods and operation ids, and the security schemes', async () => {
      const result = await t.call('GET', '/api/openapi.json');
      expect(result.status).toBe(200);
      const doc = result.body as {
        openapi: string;
        paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
        components: { securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }> };
      };
      expect(doc.openapi).toMatch(/^3\.1\./);
      expect(served).toHaveLength(18);
      for (const endpoint of served) {
        const operation = doc.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
        expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
        expect(operation!.operationId).toBe(endpoint.id);
        if (endpoint.access === 'user' || endpoint.access === 'admin') {
          expect(operation!.security, endpoint.id).toEqual([{ bearer: [] }]);
        }
      }
      expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
      expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
      const login = doc.paths['/api/user/auth/access-token']!.post as { requestBody?: { content: Record<string, unknown> } };
      expect(Object.keys(login.requestBody?.content ?? {})).toContain('application/x-www-form-urlencoded');
      expect(Object.keys(doc.paths)).not.toContain('/api/openapi.json');
    });

    it('/api/docs answers HTML whose scripts and styles come from this origin and are served', async () => {
      for (const page of ['/api/docs', '/api/docs/']) {
        const result = await t.call('GET', page, { headers: { accept: 'text/html' } });
        expect(result.status).toBe(200);
        expect(result.headers.get('content-type')).toContain('text/html');
        const scriptSrc = cspDirectives(result.headers.get('content-security-policy')).get('script-src') ?? [];
        expect(scriptSrc).toContain("'self'");
        const pageUrl = new URL(page, t.url);
        const scripts = [...result.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
        expect(scripts.length).toBeGreaterThan(0);
        for (const [, attributes, inline] of scripts) {
          const src = /\bsrc\s*=\s*"([^"]+)"/i.exec(attributes ?? '')?.[1];
          if (!src) {
            // An inline script runs only if the policy names its hash.
            const hash = createHash('sha256').update(inline ?? '').digest('base64');
            expect(scriptSrc, `inline script on ${page}`).toContain(`'sha256-${hash}'`);
            continue;
          }
          const url = new URL(src, pageUrl);
          expect(url.origin, src).toBe(pageUrl.origin);
          const script = await fetch(url);
          expect(script.status, url.pathname).toBe(200);
          expect(script.headers.get('content-type') ?? '', url.pathname).toMatch(/javascript/);
        }
        for (const [, href] of result.text.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/gi)) {
          const url = new URL(href!, pageUrl);
          expect(url.origin).toBe(pageUrl.origin);
          const style = await fetch(url);
          expect(style.status, url.pathname).toBe(200);
          expect(style.headers.get('content-type') ?? '').toContain('text/css');
        }
      }
      // The document the docs page loads (`./json`).
      const json = await t.call('GET', '/api/docs/json');
      expect(json.status).toBe(200);
      expect(json.body.paths['/api/user/account/me']).toBeDefined();
    });

    it('the docs page does not tell browsers to upgrade its requests to https (the server speaks plain http)', async () => {
      // The app's own policy leaves upgrade-insecure-requests out for exactly this reason; with it,
      // a browser on http://<host>:8000/api/docs fetches the docs' scripts over https and gets nothing.
      const result = await t.call('GET', '/api/docs', { headers: { accept: 'text/html' } });
      expect(cspDirectives(result.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(false);
    });
  });

  describe('bad tokens are a 401 with WWW-Authenticate', () => {
    const expect401 = (result: CallResult) => {
      expectDetail(result, 401);
      expect(result.headers.get('www-authenticate') ?? '').toMatch(/^Bearer/);
    };

    it('a valid token works (the control)', async () => {
      const result = await t.call('GET', '/api/user/account/me', { token: adminToken });
      expect(result.status).toBe(200);
      expect(result.body.id).toBe(adminId);
    });

    it('an expired access token', async () => {
      const token = await signAccess(t.config.secretKey, { sub: String(adminId), purpose: 'access', expSeconds: -60 });
      const result = await t.call('GET', '/api/user/account/me', { token });
      expect401(result);
      expect(result.body.detail).toMatch(/expired/i);
    });

    it('a token signed with another key', async () => {
      const token = await signAccess('some-other-secret-key-0123456789abcdefghij', { sub: String(adminId), purpose: 'access', expSeconds: 600 });
      expect401(await t.call('GET', '/api/user/account/me', { token }));
    });

    it('malformed tokens', async () => {
      for (const token of ['abc', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9..', adminToken.slice(0, -4), `${adminToken}x`]) {
        expect401(await t.call('GET', '/api/user/account/me', { token }));
      }
    });

    it('a password-reset token used as an access token, and a token with no purpose', async () => {
      const reset = await signAccess(t.config.secretKey, { sub: String(adminId), purpose: 'reset', expSeconds: 600 });
      expect401(await t.call('GET', '/api/user/account/me', { token: reset }));
      const bare = await signAccess(t.config.secretKey, { sub: String(adminId), expSeconds: 600 });
      expect401(await t.call('GET', '/api/user/account/me', { token: bare }));
    });

    it('an unsigned (alg none) token and a token for a user that does not exist', async () => {
      const now = Math.floor(Date.now() / 1000);
      const unsigned = new UnsecuredJWT({ purpose: 'access' }).setSubject(String(adminId)).setJti('none').setExpirationTime(now + 600).encode();
      expect401(await t.call('GET', '/api/user/account/me', { token: unsigned }));
      const ghost = await signAccess(t.config.secretKey, { sub: '999999', purpose: 'access', expSeconds: 600 });
      expect401(await t.call('GET', '/api/user/account/me', { token: ghost }));
    });

    it('a non-Bearer Authorization scheme, or Bearer with more than one token, or none at all', async () => {
      for (const authorization of [`Basic ${Buffer.from('admin:x').toString('base64')}`, `Token ${adminToken}`, `Bearer ${adminToken} extra`, 'Bearer']) {
        expect401(await t.call('GET', '/api/user/account/me', { headers: { authorization } }));
      }
      expect401(await t.call('GET', '/api/user/account/me'));
      expect401(await t.call('POST', '/api/user/auth/test-token'));
    });

    it("a disabled user's token stops working", async () => {
      const { id, token } = await t.createUser('disabled@http.test');
      expect((await t.call('GET', '/api/user/me', { token })).status).toBe(200);
      const disabled = await t.call('PUT', `/api/user/account/${id}`, { token: adminToken, json: { is_active: false } });
      expect(disabled.status, disabled.text).toBe(200);
      expect401(await t.call('GET', '/api/user/me', { token }));
    });
  });
});

// ------------------------------------------------------------------ CORS_ORIGINS

describe('CORS_ORIGINS=http://example.test', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ CORS_ORIGINS: 'http://example.test' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('allows the listed origin on calls and preflights', async () => {
    const simple = await t.call('GET', '/api/config/', { headers: { origin: 'http://example.test' } });
    expect(simple.status).toBe(200);
    expect(simple.headers.get('access-control-allow-origin')).toBe('http://example.test');
    expect(simple.headers.get('vary') ?? '').toMatch(/origin/i);
    expect(simple.headers.get('access-control-allow-credentials')).toBeNull();

    const preflight = await t.call('OPTIONS', '/api/user/profile/', {
      headers: { origin: 'http://example.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://example.test');
    expect(preflight.headers.get('access-control-allow-methods') ?? '').toMatch(/POST/);
    expect(preflight.headers.get('access-control-allow-methods') ?? '').toMatch(/PUT/);
    expect((preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase()).toContain('authorization');
  });

  it('stays closed for another origin', async () => {
    for (const origin of ['http://evil.test', 'http://example.test.evil.test', 'https://example.test', 'null']) {
      const simple = await t.call('GET', '/api/config/', { headers: { origin } });
      expect(simple.headers.get('access-control-allow-origin'), origin).toBeNull();
      const preflight = await t.call('OPTIONS', '/api/user/profile/', {
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });
});

// ------------------------------------------------------------------ BODY_LIMIT_BYTES

describe('BODY_LIMIT_BYTES=2048', () => {
  let t: TestServer;
  let adminToken: string;
  beforeAll(async () => {
    t = await startTestServer({ BODY_LIMIT_BYTES: '2048' });
    adminToken = await t.adminToken();
    const saved = await t.call('POST', '/api/user/profile/', { token: adminToken, json: { display_name: 'Before' } });
    if (saved.status !== 200) throw new Error(saved.text);
  });
  afterAll(async () => {
    await t?.close();
  });

  const big = 'x'.repeat(4000);
  const snapshot = async () => ({
    users: await t.server.store.db.selectFrom('users').selectAll().orderBy('id').execute(),
    profiles: await t.server.store.db.selectFrom('profiles').selectAll().orderBy('user_id').execute(),
  });

  it('a body under the limit still works', async () => {
    const result = await t.call('POST', '/api/user/account/open', { json: { email: 'small@http.test', password: 'password-123' } });
    expect(result.status, result.text).toBe(200);
  });

  it('a body over the limit is a 413 with detail, on JSON and form routes, and nothing is written', async () => {
    const before = await snapshot();
    const requests: [string, string, Parameters<TestServer['call']>[2]][] = [
      ['POST', '/api/user/account/open', { json: { email: 'big-open@http.test', password: 'password-123', full_name: big } }],
      ['POST', '/api/user/account/', { token: adminToken, json: { email: 'big-create@http.test', password: 'password-123', full_name: big } }],
      ['PUT', '/api/user/account/1', { token: adminToken, json: { full_name: big } }],
      ['POST', '/api/user/profile/', { token: adminToken, json: { display_name: 'After', timezone: big } }],
      ['POST', '/api/user/auth/access-token', { form: { username: 'admin@bazaar.test', password: big } }],
    ];
    for (const [method, path, options] of requests) {
      const result = await t.call(method, path, options);
      expectDetail(result, 413);
      expect(typeof result.body.detail).toBe('string');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a chunked body (no Content-Length) over the limit is a 413 too, and nothing is written', async () => {
    const before = await snapshot();
    const bytes = new TextEncoder().encode(JSON.stringify({ email: 'chunked@http.test', password: 'password-123', full_name: big }));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 512) controller.enqueue(bytes.slice(i, i + 512));
        controller.close();
      },
    });
    const response = await fetch(`${t.url}/api/user/account/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    expect(response.status).toBe(413);
    expect(ErrorResponse.safeParse(await response.json()).success).toBe(true);
    expect(await snapshot()).toEqual(before);
  });
});

// ------------------------------------------------------------------ the built SPA

describe('STATIC_DIR with a built SPA', () => {
  let t: TestServer;
  let dir: string;
  const INDEX = '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body>SPA index</body></html>\n';
  const ASSET = 'console.log("app-abc123");\n';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bs-spa-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), ASSET);
    t = await startTestServer({ STATIC_DIR: dir });
  });
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

  it('GET / is index.html, never cached', async () => {
    const result = await t.call('GET', '/', { headers: html });
    expect(result.status).toBe(200);
    expect(result.text).toBe(INDEX);
    expect(result.headers.get('content-type')).toContain('text/html');
    expect(result.headers.get('cache-control')).toBe('no-cache');
    expect(cspDirectives(result.headers.get('content-security-policy')).get('script-src')).toEqual(["'self'"]);
  });

  it('a deep browser route is index.html, never cached', async () => {
    for (const path of ['/markets/crypto/BTCUSDT', '/login', '/portfolio/12/orders?tab=open']) {
      const result = await t.call('GET', path, { headers: html });
      expect(result.status, path).toBe(200);
      expect(result.text, path).toBe(INDEX);
      expect(result.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('a hashed asset is served with a year-long immutable cache', async () => {
    const result = await t.call('GET', '/assets/app-abc123.js', { headers: { accept: '*/*' } });
    expect(result.status).toBe(200);
    expect(result.text).toBe(ASSET);
    expect(result.headers.get('content-type')).toMatch(/javascript/);
    const cache = result.headers.get('cache-control') ?? '';
    expect(cache).toContain('max-age=31536000');
    expect(cache).toContain('immutable');
  });

  it('a missing asset is a 404, not index.html', async () => {
    for (const accept of ['*/*', 'text/css,*/*;q=0.1']) {
      const result = await t.call('GET', '/assets/app-missing.js', { headers: { accept } });
      expect(result.status, accept).toBe(404);
      expect(result.text, accept).not.toBe(INDEX);
      expect(ErrorResponse.safeParse(result.body).success).toBe(true);
    }
  });

  it('a missing asset is a 404, not index.html, even when the request accepts text/html', async () => {
    const result = await t.call('GET', '/assets/app-missing.js', { headers: html });
    expect(result.status).toBe(404);
    expect(result.text).not.toBe(INDEX);
  });

  it('a browser route whose last segment has a dot (a symbol such as BRK.B) is still the app', async () => {
    const result = await t.call('GET', '/markets/us/BRK.B', { headers: html });
    expect(result.status).toBe(200);
    expect(result.text).toBe(INDEX);
  });

  it('/api paths stay JSON for a browser: unknown is a JSON 404, known answers its JSON', async () => {
    const unknown = await t.call('GET', '/api/unknown', { headers: html });
    expectDetail(unknown, 404);
    expect(unknown.text).not.toBe(INDEX);
    const config = await t.call('GET', '/api/config/', { headers: html });
    expect(config.status).toBe(200);
    expect(config.headers.get('content-type')).toContain('application/json');
    expect(config.body.app_name).toBeDefined();
  });

  it('a non-browser request for an unknown path is a JSON 404, not index.html', async () => {
    const result = await t.call('GET', '/markets/crypto/BTCUSDT', { headers: { accept: 'application/json' } });
    expectDetail(result, 404);
  });
});

// ------------------------------------------------------------------ AUTH_RATE_LIMIT_PER_MINUTE

describe('AUTH_RATE_LIMIT_PER_MINUTE=3', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function expectFourthLimited(attempt: (i: number) => Promise<CallResult>) {
    for (let i = 0; i < 3; i++) {
      const result = await attempt(i);
      expect(result.status, `attempt ${i + 1}: ${result.text}`).not.toBe(429);
      expect(result.status).toBeLessThan(500);
    }
    const limited = await attempt(3);
    expectDetail(limited, 429);
    expect(typeof limited.body.detail).toBe('string');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    return limited;
  }

  it('the 4th login attempt within the minute is a 429 with retry-after, even with the right password', async () => {
    await expectFourthLimited((i) =>
      t.call('POST', '/api/user/auth/access-token', {
        form: i < 3 ? { username: 'admin@bazaar.test', password: `wrong-${i}` } : { username: 'admin@bazaar.test', password: 'admin-password-1' },
      }),
    );
  });

  it('the 4th password-recovery request is a 429 with retry-after', async () => {
    await expectFourthLimited((i) => t.call('POST', `/api/user/auth/password-recovery/someone-${i}@http.test`));
  });

  it('the 4th open registration is a 429 with retry-after, and creates no account', async () => {
    await expectFourthLimited((i) => t.call('POST', '/api/user/account/open', { json: { email: `rate-${i}@http.test`, password: 'password-123' } }));
    const fourth = await t.server.store.db.selectFrom('users').select('id').where('email', '=', 'rate-3@http.test').executeTakeFirst();
    expect(fourth).toBeUndefined();
  });

  it('the 4th password reset is a 429 with retry-after', async () => {
    await expectFourthLimited(() => t.call('POST', '/api/user/auth/reset-password', { json: { token: 'not-a-token', new_password: 'password-123' } }));
  });

  it('routes that guess at no credentials are not limited', async () => {
    for (let i = 0; i < 8; i++) {
      expect((await t.call('GET', '/api/config/')).status).toBe(200);
      expect((await t.call('GET', '/api/quote/random')).status).toBe(200);
    }
  });
});
