import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EndpointDef } from '../../contract/endpoint';
import { ErrorResponse } from '../../contract/errors';
import { httpEndpoints } from '../../contract/routes';
import { toFastifyPath } from '../../server/http/route';
import { startTestServer, type TestServer } from './support/testServer';

/*
 * Property-based junk against every route served so far (issue 2, "Bad input"): whatever arrives,
 * the answer is never a 5xx, every 4xx is `{ detail }` (a sentence, or for 422 a list of
 * `{ loc, msg, type }` whose loc starts with body / query / path), field errors name the field,
 * and a refused write leaves the accounts tables exactly as they were.
 *
 * Generated strings leave out U+0000 except in the one property about it, so that a failure there
 * (PostgreSQL cannot store NUL in text) does not hide what the other properties check.
 */

const SERVED_AREAS = new Set(['auth', 'accounts', 'profile', 'config', 'quotes']);
const served = httpEndpoints.filter((e) => SERVED_AREAS.has(e.area) || e.id === 'utility.getTime');
const byId = (id: string): EndpointDef => {
  const found = served.find((e) => e.id === id);
  if (!found) throw new Error(`no served endpoint ${id}`);
  return found;
};
/** Endpoints to pick from; a counterexample prints the endpoint's id rather than its zod schemas. */
const endpointFrom = (list: readonly EndpointDef[]) =>
  fc.constantFrom(...list.map((e): EndpointDef => Object.assign(Object.create(e) as EndpointDef, { [fc.toStringMethod]: () => e.id })));
const hasBody = (e: EndpointDef) => e.method === 'POST' || e.method === 'PUT';
const objectShape = (schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined =>
  schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : undefined;

const WRITE_ROUTE_IDS = ['accounts.create', 'accounts.open', 'accounts.update', 'profile.update', 'auth.resetPassword'];
const RUNS = { numRuns: 40 };
const LONG = 10_000;

type Auth = 'none' | 'user' | 'admin' | 'junk';

interface Req {
  method: string;
  path: string;
  auth?: Auth;
  /** Sent as bytes, so fetch adds no content type of its own. */
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

interface Res {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

let t: TestServer;
const who = { adminId: 0, adminToken: '', userId: 0, userEmail: '', userToken: '', victimId: 0, victimEmail: '' };
let resetJti = '';
let uniq = 0;

async function send(req: Req): Promise<Res> {
  const headers: Record<string, string> = { ...req.headers };
  const token =
    req.auth === 'admin'
      ? who.adminToken
      : req.auth === 'user'
        ? who.userToken
        : req.auth === 'junk'
          ? 'eyJhbGciOiJIUzI1NiJ9.junk.junk'
          : undefined;
  if (token) headers.authorization = `Bearer ${token}`;
  if (req.contentType !== undefined) headers['content-type'] = req.contentType;
  const response = await fetch(t.url + req.path, {
    method: req.method,
    headers,
    body: req.body === undefined ? undefined : new TextEncoder().encode(req.body),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body, text };
}

const describeReq = (req: Req, res: Res) =>
  `${req.method} ${req.path.slice(0, 300)} [auth=${req.auth ?? 'none'}, content-type=${req.contentType ?? '-'}] ` +
  `body=${(req.body ?? '').slice(0, 200)} → ${res.status} ${res.text.slice(0, 300)}`;

/** The invariant of every answer: no 5xx; a 4xx is JSON `{ detail }`; a 422 lists field errors at body/query/path. */
function expectWellFormed(req: Req, res: Res) {
  const what = describeReq(req, res);
  expect(res.status, what).toBeLessThan(500);
  if (res.status < 400) return;
  expect(res.headers.get('content-type') ?? '', what).toContain('application/json');
  expect(ErrorResponse.safeParse(res.body).success, what).toBe(true);
  if (res.status === 422) {
    const detail = (res.body as { detail: unknown }).detail;
    expect(Array.isArray(detail), what).toBe(true);
    for (const error of detail as { loc: unknown[] }[]) {
      expect(['body', 'query', 'path'], what).toContain(error.loc[0]);
    }
  }
}

const isWellFormed = (req: Req, res: Res) => {
  try {
    expectWellFormed(req, res);
    return true;
  } catch {
    return false;
  }
};

const fieldLocs = (res: Res): (string | number)[][] =>
  Array.isArray((res.body as { detail?: unknown } | undefined)?.detail)
    ? (res.body as { detail: { loc: (string | number)[] }[] }).detail.map((e) => e.loc)
    : [];

/** A 422 whose field errors name each of `keys` under `part`. */
function expectFieldErrors(req: Req, res: Res, part: 'body' | 'query' | 'path', keys: string[]) {
  const what = describeReq(req, res);
  expect(res.status, what).toBe(422);
  const locs = fieldLocs(res);
  for (const key of keys) {
    expect(
      locs.some((loc) => loc[0] === part && loc[1] === key),
      `${what}\nexpected a field error at ${part}.${key}`,
    ).toBe(true);
  }
}

// ---------------------------------------------------------------- generators

/** One character: mostly printable ASCII, some of all Unicode; never U+0000 (see the NUL property). */
const char = fc.oneof(
  { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => c !== '\u0000'), weight: 1 },
);
const junkString = (constraints: { minLength?: number; maxLength?: number } = {}) =>
  fc.string({ unit: char, maxLength: 30, ...constraints });
const longString = fc.constantFrom('a', '1', 'é', '€', '😀', ' ').map((c) => c.repeat(LONG));

const junkScalar = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, -0.0001, 1e308, -1e308, 2 ** 53 + 2, '', ' ', '-1', 'NaN', 'null'),
  fc.integer(),
  fc.double(),
  junkString(),
  longString,
);
/** Values for a real field name: mostly of a type the field does not take. */
const junkValue = fc.oneof(
  { arbitrary: junkScalar, weight: 5 },
  { arbitrary: fc.array(junkScalar, { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.dictionary(junkString({ maxLength: 8 }), junkScalar, { maxKeys: 3 }), weight: 1 },
);

/** Text for a skip / limit / rounded query value: negative, huge, NaN-ish, fractional, hex, empty, words. */
const numberishText = fc.oneof(
  { arbitrary: fc.integer({ min: -3, max: 1_200 }).map(String), weight: 3 },
  fc.constantFrom(
    '-1', '0', '-0', '1', '100', '1000', '1001', 'NaN', 'Infinity', '-Infinity', '1e3', '1e400', '-1e400',
    '0x10', '1.5', '', ' ', ' 7 ', 'abc', '9007199254740991', '9007199254740993', '1_000', 'true', 'yes', 'off', 'maybe',
  ),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.double().map(String),
  fc.bigInt().map(String),
  junkString({ maxLength: 12 }),
  // Two of these still fit Node's 16 KB request line; the limit itself has its own test.
  fc.constant('9'.repeat(6_000)),
);

const auth = fc.constantFrom<Auth>('none', 'user', 'admin', 'junk');

const encodable = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return undefined;
  }
};
/**
 * A path segment that still routes to the same endpoint: not empty, not a dot segment (fetch would
 * resolve it away), and within the router's 500-character parameter limit once encoded (longer
 * ones have their own test below).
 */
const routableSegment = (s: string) => s !== '' && s !== '.' && s !== '..' && (encodable(s)?.length ?? Infinity) <= 500;

const junkParam = fc
  .oneof(
    junkString({ minLength: 1, maxLength: 40 }),
    fc.integer().map(String),
    fc.double().map(String),
    fc.constantFrom('0', '-1', '1.5', '1e3', '9007199254740993', 'null', 'undefined', ' 1', '%', '%25', '?x=1', '#', '\\', ' '),
  )
  .filter(routableSegment);

/** A path parameter: a meaningful value for the route, or junk. */
const paramValue = (name: string) =>
  fc.oneof(
    name === 'email'
      ? fc.constantFrom(who.victimEmail, 'nobody@fuzz.test')
      : name === 'userId'
        ? fc.constantFrom(String(who.adminId), String(who.userId), String(who.victimId), '999999')
        : fc.constantFrom('1', '2', '999999'),
    junkParam,
  );

const paramsFor = (e: EndpointDef, valid: boolean) => {
  const names = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const model: Record<string, fc.Arbitrary<string>> = {};
  for (const name of names) {
    model[name] = valid
      ? name === 'email'
        ? fc.constantFrom(who.victimEmail, 'nobody@fuzz.test')
        : name === 'userId'
          ? fc.constantFrom(String(who.userId), String(who.victimId))
          : fc.constantFrom('1', '2')
      : paramValue(name);
  }
  return fc.record(model);
};

const pathOf = (e: EndpointDef, params: Record<string, string>) =>
  e.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

const withQuery = (path: string, entries: [string, string][]) =>
  entries.length === 0 ? path : `${path}?${new URLSearchParams(entries).toString()}`;

/** A JSON value as query parameters, for routes that take no body. */
function valueAsQuery(value: unknown): [string, string][] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v) ?? '']);
  }
  return [['q', JSON.stringify(value) ?? '']];
}

const roundTrip = (text: string): unknown => JSON.parse(text);

/** A junk JSON text sent to any route: as the body of a POST/PUT, as query parameters of a GET. */
function junkJsonRequest(e: EndpointDef, text: string, params: Record<string, string>, caller: Auth): Req {
  const path = pathOf(e, params);
  if (hasBody(e)) return { method: e.method, path, auth: caller, body: text, contentType: 'application/json' };
  return { method: e.method, path: withQuery(path, valueAsQuery(roundTrip(text))), auth: caller };
}

/** For a body route whose parameters are valid: a body its schema refuses is a 422 at `body`. */
function expectBodyOracle(e: EndpointDef, req: Req, res: Res, paramsValid: boolean) {
  if (!hasBody(e) || !e.body || !paramsValid || req.body === undefined) return;
  if (e.body.safeParse(roundTrip(req.body)).success) return;
  expect(res.status, describeReq(req, res)).toBe(422);
  expect(
    fieldLocs(res).some((loc) => loc[0] === 'body'),
    describeReq(req, res),
  ).toBe(true);
}

// ---------------------------------------------------------------- state

async function snapshot() {
  const db = t.server.store.db;
  const [users, profiles, resets] = await Promise.all([
    db.selectFrom('users').selectAll().orderBy('id').execute(),
    db.selectFrom('profiles').selectAll().orderBy('user_id').execute(),
    db.selectFrom('password_reset_tokens').selectAll().orderBy('jti').execute(),
  ]);
  return { users, profiles, resets };
}

async function signToken(claims: { purpose: string; sub: number; jti: string; expSeconds: number; key?: string }) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ purpose: claims.purpose })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.sub))
    .setJti(claims.jti)
    .setIssuedAt(now - 10)
    .setExpirationTime(now + claims.expSeconds)
    .sign(new TextEncoder().encode(claims.key ?? t.config.secretKey));
}

beforeAll(async () => {
  t = await startTestServer();
  who.adminToken = await t.adminToken();
  const admin = await t.call('GET', '/api/user/account/me', { token: who.adminToken });
  who.adminId = admin.body.id;
  who.userEmail = 'fuzz-user@fuzz.test';
  const user = await t.createUser(who.userEmail, 'fuzz-user-password', { full_name: 'Fuzz User' });
  who.userId = user.id;
  who.userToken = user.token;
  who.victimEmail = 'fuzz-victim@fuzz.test';
  who.victimId = (await t.createUser(who.victimEmail, 'fuzz-victim-password', { full_name: 'Victim' })).id;
  // Rows in every watched table: saved profiles and an outstanding reset link.
  for (const token of [who.adminToken, who.userToken]) {
    const saved = await t.call('POST', '/api/user/profile/', { token, json: { display_name: 'Before', theme: 'dark' } });
    if (saved.status !== 200) throw new Error(`profile setup failed: ${saved.status} ${saved.text}`);
  }
  const recovery = await t.call('POST', `/api/user/auth/password-recovery/${encodeURIComponent(who.victimEmail)}`);
  if (recovery.status !== 200) throw new Error(`recovery setup failed: ${recovery.status} ${recovery.text}`);
  const row = await t.server.store.db
    .selectFrom('password_reset_tokens')
    .select('jti')
    .where('user_id', '=', who.victimId)
    .executeTakeFirstOrThrow();
  resetJti = row.jti;
});

afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------- properties

describe('fuzz: junk at every served route', () => {
  it('covers the 18 served routes, each registered on the server', () => {
    expect(served.map((e) => e.id).sort()).toEqual(
      [
        'auth.login', 'auth.testToken', 'auth.passwordRecovery', 'auth.resetPassword',
        'accounts.list', 'accounts.create', 'accounts.me', 'accounts.secret', 'accounts.open', 'accounts.get',
        'accounts.update', 'accounts.meLegacy', 'profile.get', 'profile.update', 'config.get', 'utility.getTime',
        'quotes.random', 'quotes.get',
      ].sort(),
    );
    for (const e of served) {
      // With ignoreTrailingSlash the router keeps `/api/user/account/` as `/api/user/account`.
      const url = toFastifyPath(e.path);
      const registered = [url, url.replace(/\/$/, '')].some((u) => t.server.app.hasRoute({ method: e.method, url: u }));
      expect(registered, e.id).toBe(true);
    }
  });

  it('random JSON values (bodies, or query parameters for GET) never get a 5xx; a body the schema refuses is a 422', async () => {
    await fc.assert(
      fc.asyncProperty(
        endpointFrom(served).chain((e) =>
          fc.record({
            e: fc.constant(e),
            validParams: fc.boolean(),
            value: fc.jsonValue({ maxDepth: 3, stringUnit: char }),
            auth,
          }).chain((r) => fc.record({ r: fc.constant(r), params: paramsFor(r.e, r.validParams) })),
        ),
        async ({ r, params }) => {
          const req = junkJsonRequest(r.e, JSON.stringify(r.value), params, r.auth);
          const res = await send(req);
          expectWellFormed(req, res);
          expectBodyOracle(r.e, req, res, r.validParams);
        },
      ),
      RUNS,
    );
  });

  it('anything JSON can carry (maps, sets, dates, typed and sparse arrays, boxed values) never gets a 5xx', async () => {
    const anythingText = fc
      .anything({
        maxDepth: 3,
        withBoxedValues: true,
        withMap: true,
        withSet: true,
        withDate: true,
        withTypedArray: true,
        withSparseArray: true,
        withNullPrototype: true,
        withObjectString: true,
      })
      .map((v) => {
        try {
          return JSON.stringify(v);
        } catch {
          return undefined;
        }
      })
      .filter((text): text is string => typeof text === 'string');
    await fc.assert(
      fc.asyncProperty(
        endpointFrom(served).chain((e) =>
          fc.record({ e: fc.constant(e), text: anythingText, auth, params: paramsFor(e, true) }),
        ),
        async ({ e, text, auth: caller, params }) => {
          const req = junkJsonRequest(e, text, params, caller);
          const res = await send(req);
          expectWellFormed(req, res);
          expectBodyOracle(e, req, res, true);
        },
      ),
      RUNS,
    );
  });

  it("bodies with the schema's own field names but wrong-typed values get a 422 naming every bad field", async () => {
    const routes = served.filter((e) => hasBody(e) && objectShape(e.body));
    expect(routes.map((e) => e.id).sort()).toEqual(
      ['accounts.create', 'accounts.open', 'accounts.update', 'auth.login', 'auth.resetPassword', 'profile.update'].sort(),
    );
    await fc.assert(
      fc.asyncProperty(
        endpointFrom(routes).chain((e) => {
          const shape = objectShape(e.body)!;
          const model = Object.fromEntries(Object.keys(shape).map((k) => [k, junkValue]));
          return fc.record({
            e: fc.constant(e),
            body: fc.record(model, { requiredKeys: [] }),
            auth,
            params: paramsFor(e, true),
          });
        }),
        async ({ e, body, auth: caller, params }) => {
          const text = JSON.stringify(body);
          const sent = roundTrip(text) as Record<string, unknown>;
          const shape = objectShape(e.body)!;
          const bad = Object.keys(sent).filter((k) => !shape[k]!.safeParse(sent[k]).success);
          fc.pre(bad.length > 0);
          const req: Req = { method: e.method, path: pathOf(e, params), auth: caller, body: text, contentType: 'application/json' };
          const res = await send(req);
          expectWellFormed(req, res);
          expectFieldErrors(req, res, 'body', bad);
        },
      ),
      RUNS,
    );
  });

  it('over-long (10,000-character) strings in every body field get a 422 naming each field, as JSON and as a login form', async () => {
    const routes = served.filter((e) => hasBody(e) && objectShape(e.body));
    await fc.assert(
      fc.asyncProperty(
        endpointFrom(routes).chain((e) =>
          fc.record({
            e: fc.constant(e),
            keys: fc.subarray(Object.keys(objectShape(e.body)!), { minLength: 1 }),
            long: longString,
            asForm: fc.boolean(),
            auth,
            params: paramsFor(e, true),
          }),
        ),
        async ({ e, keys, long, asForm, auth: caller, params }) => {
          const body = Object.fromEntries(keys.map((k) => [k, long]));
          const form = asForm && e.bodyType === 'form';
          const req: Req = {
            method: e.method,
            path: pathOf(e, params),
            auth: caller,
            body: form ? new URLSearchParams(body).toString() : JSON.stringify(body),
            contentType: form ? 'application/x-www-form-urlencoded' : 'application/json',
          };
          const res = await send(req);
          expectWellFormed(req, res);
          expectFieldErrors(req, res, 'body', keys);
        },
      ),
      RUNS,
    );
  });

  it('skip/limit and other query values (negative, huge, NaN-ish, 6,000 digits) get 422 at query.<name> exactly when the contract refuses them', async () => {
    const routes = served.filter((e) => objectShape(e.query));
    expect(routes.map((e) => e.id).sort()).toEqual(['accounts.list', 'utility.getTime']);
    await fc.assert(
      fc.asyncProperty(
        endpointFrom(routes).chain((e) => {
          const model = Object.fromEntries(Object.keys(objectShape(e.query)!).map((k) => [k, numberishText]));
          return fc.record({ e: fc.constant(e), query: fc.record(model, { requiredKeys: [] }), auth });
        }),
        async ({ e, query, auth: caller }) => {
          const entries = Object.entries(query) as [string, string][];
          const req: Req = { method: e.method, path: withQuery(e.path, entries), auth: caller };
          const res = await send(req);
          expectWellFormed(req, res);
          const shape = objectShape(e.query)!;
          const bad = entries.filter(([k, v]) => !shape[k]!.safeParse(v).success).map(([k]) => k);
          if (bad.length > 0) {
            expectFieldErrors(req, res, 'query', bad);
            return;
          }
          const what = describeReq(req, res);
          if (e.id === 'utility.getTime') {
            expect(res.status, what).toBe(200);
            const rounded = e.query!.parse(query).rounded as boolean | undefined;
            if (rounded) expect((res.body as { timestamp: number }).timestamp % 1000, what).toBe(0);
          } else {
            const expected = { admin: 200, user: 403, none: 401, junk: 401 }[caller];
            expect(res.status, what).toBe(expected);
            if (res.status === 200) {
              const { limit } = e.query!.parse(query) as { limit: number };
              expect((res.body as { data: unknown[] }).data.length, what).toBeLessThanOrEqual(limit);
            }
          }
        },
      ),
      RUNS,
    );
  });

  it('random URL-encoded strings as path parameters get a 422 at path.<name> exactly when the contract refuses them', async () => {
    const routes = served.filter((e) => e.params);
    expect(routes.map((e) => e.id).sort()).toEqual(['accounts.get', 'accounts.update', 'auth.passwordRecovery', 'quotes.get']);
    await fc.assert(
      fc.asyncProperty(
        endpointFrom(routes).chain((e) => fc.record({ e: fc.constant(e), params: paramsFor(e, false), auth })),
        async ({ e, params, auth: caller }) => {
          const req: Req = {
            method: e.method,
            path: pathOf(e, params),
            auth: caller,
            ...(e.id === 'accounts.update' ? { body: '{}', contentType: 'application/json' } : {}),
          };
          const res = await send(req);
          expectWellFormed(req, res);
          const bad = e.params!.safeParse(params).success ? [] : Object.keys(params);
          if (bad.length > 0) expectFieldErrors(req, res, 'path', bad);
          else expect(res.status, describeReq(req, res)).not.toBe(422);
        },
      ),
      RUNS,
    );
  });

  it('an over-long (10,000-character) path parameter answers 4xx with {detail}', async () => {
    const problems: string[] = [];
    for (const e of served.filter((r) => r.params)) {
      const params = Object.fromEntries(Object.keys(e.params!.shape).map((k) => [k, '1'.repeat(LONG)]));
      const req: Req = { method: e.method, path: pathOf(e, params), auth: 'admin' };
      const res = await send(req);
      if (!isWellFormed(req, res)) problems.push(describeReq(req, res));
    }
    expect(problems).toEqual([]);
  });

  it('a badly percent-encoded path parameter (%, %E0%A4%A) answers 400 with {detail}', async () => {
    const problems: string[] = [];
    for (const e of served.filter((r) => r.params)) {
      for (const raw of ['%', '%E0%A4%A', '%zz']) {
        const req: Req = { method: e.method, path: e.path.replace(/\{\w+\}/g, raw), auth: 'admin' };
        const res = await send(req);
        if (res.status !== 400 || !isWellFormed(req, res)) problems.push(describeReq(req, res));
      }
    }
    expect(problems).toEqual([]);
  });

  it("a query too long for Node's 16 KB request line answers 4xx with {detail}", async () => {
    const problems: string[] = [];
    for (const e of served.filter((r) => r.method === 'GET')) {
      const req: Req = { method: 'GET', path: withQuery(e.path, [['skip', '9'.repeat(20_000)]]), auth: 'admin' };
      const res = await send(req);
      if (!isWellFormed(req, res)) problems.push(describeReq(req, res));
    }
    expect(problems).toEqual([]);
  });

  it('malformed JSON text with content-type application/json is a 400 with a sentence, on every body route', async () => {
    const malformed = fc
      .oneof(
        fc.constantFrom('{', '}', '{"a":}', "{'a':1}", '[1,]', '{"a":1,}', 'NaN', 'undefined', '{"a" 1}', '"open', '01', '\u00ff', '   ', ''),
        junkString({ maxLength: 40 }),
        fc
          .jsonValue({ maxDepth: 2 })
          .map((v) => JSON.stringify(v))
          .chain((text) => fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut))),
      )
      .filter((text) => {
        try {
          JSON.parse(text);
          return false;
        } catch {
          return true;
        }
      });
    await fc.assert(
      fc.asyncProperty(
        endpointFrom(served.filter(hasBody)).chain((e) =>
          fc.record({ e: fc.constant(e), text: malformed, auth, params: paramsFor(e, true) }),
        ),
        async ({ e, text, auth: caller, params }) => {
          const req: Req = { method: e.method, path: pathOf(e, params), auth: caller, body: text, contentType: 'application/json' };
          const res = await send(req);
          expectWellFormed(req, res);
          expect(res.status, describeReq(req, res)).toBe(400);
          expect(typeof (res.body as { detail: unknown }).detail, describeReq(req, res)).toBe('string');
        },
      ),
      RUNS,
    );
  });

  it('wrong content types never get a 5xx; media types with no parser are a 415', async () => {
    const unsupported = ['application/xml', 'multipart/form-data; boundary=x', 'application/octet-stream', 'text/html', 'image/png', 'application/yaml'];
    const contentType = fc.oneof(
      fc.constantFrom(...unsupported),
      fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
        'application/json; charset=utf-16',
        'APPLICATION/JSON',
        'application/jsonx',
        'json',
        ';;;',
        '*/*',
        'text/*',
      ),
      fc.string({ unit: 'grapheme-ascii', maxLength: 30 }),
    );
    const bodyText = fc.oneof(
      junkString({ maxLength: 60 }),
      fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
      fc.constantFrom('email=a%40b.c&password=short', '<x/>', '--x\r\n\r\n--x--'),
    );
    await fc.assert(
      fc.asyncProperty(
        endpointFrom(served.filter(hasBody)).chain((e) =>
          fc.record({ e: fc.constant(e), ct: contentType, text: bodyText, auth, params: paramsFor(e, true) }),
        ),
        async ({ e, ct, text, auth: caller, params }) => {
          const req: Req = { method: e.method, path: pathOf(e, params), auth: caller, body: text, contentType: ct };
          const res = await send(req);
          expectWellFormed(req, res);
          if (unsupported.includes(ct)) {
            expect(res.status, describeReq(req, res)).toBe(415);
            expect(typeof (res.body as { detail: unknown }).detail).toBe('string');
          }
        },
      ),
      RUNS,
    );
  });

  it('junk Authorization and X-API-Key headers on signed-in routes are a 401 with WWW-Authenticate', async () => {
    const routes = served.filter((e) => (e.access === 'user' || e.access === 'admin') && !e.body);
    const printable = fc.string({ unit: 'grapheme-ascii', maxLength: 60 });
    const header = fc.oneof(
      printable.map((v) => ({ authorization: v })),
      printable.map((v) => ({ authorization: `Bearer ${v}` })),
      printable.map((v) => ({ authorization: `bearer ${v} ${v}` })),
      fc.tuple(fc.constantFrom('Basic', 'Token', 'JWT', 'Digest', 'Bearer:'), printable).map(([s, v]) => ({ authorization: `${s} ${v}` })),
      printable.map((v) => ({ 'x-api-key': v })),
      printable.map((v) => ({ 'x-api-key': `bsk_${v}` })),
    );
    await fc.assert(
      fc.asyncProperty(
        endpointFrom(routes).chain((e) => fc.record({ e: fc.constant(e), headers: header })),
        async ({ e, headers }) => {
          const req: Req = { method: e.method, path: pathOf(e, { userId: String(who.userId) }), headers };
          const res = await send(req);
          expectWellFormed(req, res);
          expect(res.status, describeReq(req, res)).toBe(401);
          expect(res.headers.get('www-authenticate') ?? '', describeReq(req, res)).toMatch(/^Bearer/);
        },
      ),
      RUNS,
    );
  });

  it('junk sent to the write routes that is refused (4xx) changes no row of users, profiles or password_reset_tokens', async () => {
    const writes = WRITE_ROUTE_IDS.map(byId);
    const open = byId('accounts.open');
    const create = byId('accounts.create');
    const update = byId('accounts.update');
    const profile = byId('profile.update');
    const reset = byId('auth.resetPassword');
    const json = (e: EndpointDef, body: unknown, auth: Auth, params: Record<string, string> = {}, status?: number) => ({
      req: { method: e.method, path: pathOf(e, params), auth, body: JSON.stringify(body), contentType: 'application/json' } as Req,
      status,
    });
    const otherKey = 'another-secret-key-that-is-not-the-servers-0123456789';

    /** Well-shaped requests that a rule must refuse, each with the status it must get. */
    const refusedByRule = fc.constantFrom(
      () => json(update, { full_name: 'Changed', is_active: false }, 'admin', { userId: String(who.adminId) }, 409),
      () => json(update, { full_name: 'Changed', is_superuser: false }, 'admin', { userId: String(who.adminId) }, 409),
      () => json(update, { full_name: 'Changed', email: who.userEmail.toUpperCase() }, 'admin', { userId: String(who.victimId) }, 409),
      () => json(update, { full_name: 'Changed', is_superuser: true }, 'user', { userId: String(who.userId) }, 403),
      () => json(update, { full_name: 'Changed', is_active: false }, 'user', { userId: String(who.userId) }, 403),
      () => json(update, { full_name: 'Changed' }, 'user', { userId: String(who.victimId) }, 404),
      () => json(update, { full_name: 'Changed' }, 'admin', { userId: '999999' }, 404),
      () => json(update, { full_name: 'Changed' }, 'none', { userId: String(who.userId) }, 401),
      () => json(update, { full_name: 'Changed' }, 'junk', { userId: String(who.userId) }, 401),
      () => json(create, { email: `new-${uniq++}@fuzz.test`, password: 'password-123' }, 'user', {}, 403),
      () => json(create, { email: `new-${uniq++}@fuzz.test`, password: 'password-123' }, 'none', {}, 401),
      () => json(create, { email: who.victimEmail.toUpperCase(), password: 'password-123', full_name: 'Dup' }, 'admin', {}, 409),
      () => json(open, { email: who.userEmail, password: 'password-123', full_name: 'Dup' }, 'none', {}, 409),
      () => json(profile, { display_name: 'Changed', default_market: 'no_such_market' }, 'user', {}, 422),
      () => json(profile, { display_name: 'Changed', theme: 'light' }, 'none', {}, 401),
      () => json(profile, { display_name: 'Changed' }, 'junk', {}, 401),
      () => json(reset, { token: 'not-a-token', new_password: 'new-password-1' }, 'none', {}, 400),
    );
    /** Reset tokens signed with the server's key (or not) around the outstanding reset link's jti. */
    const refusedReset = fc.constantFrom(
      // The right link for the victim but a too-short password: the link must stay unused.
      async () => json(reset, { token: await signToken({ purpose: 'reset', sub: who.victimId, jti: resetJti, expSeconds: 600 }), new_password: 'short' }, 'none', {}, 422),
      // The victim's link claimed for another user: consumed and rolled back, never half-used.
      async () => json(reset, { token: await signToken({ purpose: 'reset', sub: who.userId, jti: resetJti, expSeconds: 600 }), new_password: 'new-password-1' }, 'none', {}, 400),
      async () => json(reset, { token: await signToken({ purpose: 'reset', sub: who.victimId, jti: resetJti, expSeconds: -60 }), new_password: 'new-password-1' }, 'none', {}, 400),
      async () => json(reset, { token: await signToken({ purpose: 'reset', sub: who.victimId, jti: resetJti, expSeconds: 600, key: otherKey }), new_password: 'new-password-1' }, 'none', {}, 400),
      async () => json(reset, { token: await signToken({ purpose: 'access', sub: who.victimId, jti: resetJti, expSeconds: 600 }), new_password: 'new-password-1' }, 'none', {}, 400),
      async () => json(reset, { token: await signToken({ purpose: 'reset', sub: who.victimId, jti: 'no-such-jti', expSeconds: 600 }), new_password: 'new-password-1' }, 'none', {}, 400),
    );
    const writeParams = { userId: fc.constantFrom(String(who.adminId), String(who.userId), String(who.victimId), '999999') };
    const junkBody = fc.oneof(
      fc.jsonValue({ maxDepth: 3, stringUnit: char }).map((v) => ({ text: JSON.stringify(v), ct: 'application/json' })),
      endpointFrom(writes).chain((e) =>
        fc
          .record(Object.fromEntries(Object.keys(objectShape(e.body)!).map((k) => [k, junkValue])), { requiredKeys: [] })
          .map((v) => ({ text: JSON.stringify(v), ct: 'application/json' })),
      ),
      fc.constantFrom('{', '{"email":', '[1,]', '').map((text) => ({ text, ct: 'application/json' })),
      fc.tuple(junkString(), fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x')).map(([text, ct]) => ({ text, ct })),
    );
    /** True junk: a JSON body the route's schema accepts is left out (it could really change a user). */
    const schemaRefuses = (e: EndpointDef, body: { text: string; ct: string }) => {
      if (body.ct !== 'application/json') return true;
      try {
        return !e.body!.safeParse(JSON.parse(body.text)).success;
      } catch {
        return true;
      }
    };
    const junkRequest = fc
      .record({ e: endpointFrom(writes), body: junkBody, auth, userId: writeParams.userId })
      .filter(({ e, body }) => schemaRefuses(e, body))
      .map(({ e, body, auth: caller, userId }) => async () => ({
        req: { method: e.method, path: pathOf(e, { userId }), auth: caller, body: body.text, contentType: body.ct } as Req,
        status: undefined as number | undefined,
      }));
    const anyRequest = fc.oneof(
      { arbitrary: junkRequest, weight: 3 },
      { arbitrary: refusedByRule.map((make) => async () => make()), weight: 2 },
      { arbitrary: refusedReset, weight: 1 },
    );

    let refused = 0;
    await fc.assert(
      fc.asyncProperty(anyRequest, async (make) => {
        const { req, status } = await make();
        const before = await snapshot();
        const res = await send(req);
        expectWellFormed(req, res);
        if (status !== undefined) expect(res.status, describeReq(req, res)).toBe(status);
        if (res.status >= 400) {
          refused++;
          expect(await snapshot(), `a refused write changed the database: ${describeReq(req, res)}`).toEqual(before);
        }
      }),
      { numRuns: 60 },
    );
    expect(refused).toBeGreaterThan(30);
    // The outstanding reset link is still usable after all that.
    const link = await t.server.store.db.selectFrom('password_reset_tokens').selectAll().where('jti', '=', resetJti).executeTakeFirstOrThrow();
    expect(link.used_at).toBeNull();
  });

  it('strings containing NUL (U+0000) in fields that reach the database never get a 5xx', async () => {
    const withNul = fc
      .tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }))
      .map(([a, b]) => `${a}\u0000${b}`);
    const cases = fc.oneof(
      withNul.map((s) => () => ({ method: 'POST', path: '/api/user/auth/access-token', body: new URLSearchParams({ username: s, password: 'x' }).toString(), contentType: 'application/x-www-form-urlencoded' }) as Req),
      withNul.map((s) => () => ({ method: 'POST', path: '/api/user/auth/access-token', body: JSON.stringify({ username: `${s}@fuzz.test`, password: s }), contentType: 'application/json' }) as Req),
      withNul.map((s) => () => ({ method: 'POST', path: `/api/user/auth/password-recovery/${encodeURIComponent(s)}` }) as Req),
      withNul.map((s) => () => ({ method: 'POST', path: '/api/user/account/open', body: JSON.stringify({ email: `nul-${uniq++}@fuzz.test`, password: 'password-123', full_name: `x${s}` }), contentType: 'application/json' }) as Req),
      withNul.map((s) => () => ({ method: 'POST', path: '/api/user/account/', auth: 'admin', body: JSON.stringify({ email: `nul-${uniq++}@fuzz.test`, password: 'password-123', full_name: `x${s}` }), contentType: 'application/json' }) as Req),
      withNul.map((s) => () => ({ method: 'PUT', path: `/api/user/account/${who.victimId}`, auth: 'admin', body: JSON.stringify({ full_name: `x${s}` }), contentType: 'application/json' }) as Req),
      withNul.map((s) => () => ({ method: 'POST', path: '/api/user/profile/', auth: 'user', body: JSON.stringify({ display_name: `x${s}` }), contentType: 'application/json' }) as Req),
      withNul.map((s) => () => ({ method: 'POST', path: '/api/user/auth/reset-password', body: JSON.stringify({ token: s, new_password: 'password-123' }), contentType: 'application/json' }) as Req),
    );
    await fc.assert(
      fc.asyncProperty(cases, async (make) => {
        const req = make();
        expectWellFormed(req, await send(req));
      }),
      { numRuns: 30 },
    );
  });
});

