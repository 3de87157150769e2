import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../../server/config';
import { startServer, type RunningServer } from '../../../server/server';
import { createTestDatabase } from './postgres';

export const ADMIN_EMAIL = 'admin@bazaar.test';
export const ADMIN_PASSWORD = 'admin-password-1';

export interface TestServer {
  url: string;
  config: Config;
  server: RunningServer;
  dialect: 'sqlite' | 'postgres';
  /** fetch relative to the server, JSON in and out. */
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  /** Signs in and returns the bearer token. */
  login(email: string, password: string): Promise<string>;
  /** Creates a user through the admin API and returns its id and a token. */
  createUser(email: string, password?: string, extra?: Record<string, unknown>): Promise<{ id: number; token: string }>;
  adminToken(): Promise<string>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  rawBody?: string;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/**
 * A real server on a real database: a fresh SQLite file, or (TEST_DB=postgres) a fresh
 * PostgreSQL database, listening on a free port. Settings are the environment's, as in production.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bs-test-'));
  const dialect = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
  const pg = dialect === 'postgres' ? await createTestDatabase() : undefined;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    FIRST_SUPERUSER: ADMIN_EMAIL,
    FIRST_SUPERUSER_PASSWORD: ADMIN_PASSWORD,
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    STATIC_DIR: join(dataDir, 'no-static'),
    // Market feeds stay off unless a test asks for them: no back-fill at every start.
    FEED_ENABLED: 'false',
    // Tests make their own groups and subscriptions.
    SEED_DEMO: 'false',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
    ...env,
  });
  const server = await startServer(config);
  let adminTokenCache: string | undefined;

  const call: TestServer['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.rawBody !== undefined) {
      body = options.rawBody;
    }
    const response = await fetch(server.url + path, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };

  const login: TestServer['login'] = async (email, password) => {
    const result = await call('POST', '/api/user/auth/access-token', { form: { username: email, password } });
    if (result.status !== 200) throw new Error(`login of ${email} failed: ${result.status} ${result.text}`);
    return result.body.access_token as string;
  };

  const adminToken = async () => (adminTokenCache ??= await login(ADMIN_EMAIL, ADMIN_PASSWORD));

  const createUser: TestServer['createUser'] = async (email, password = 'user-password-1', extra = {}) => {
    const created = await call('POST', '/api/user/account/', {
      token: await adminToken(),
      json: { email, password, ...extra },
    });
    if (created.status !== 200) throw new Error(`creating ${email} failed: ${created.status} ${created.text}`);
    const token = extra.is_active === false ? '' : await login(email, password);
    return { id: created.body.id as number, token };
  };

  return {
    url: server.url,
    config,
    server,
    dialect,
    call,
    login,
    createUser,
    adminToken,
    async close() {
      await server.close();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
