import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { ensureFirstSuperuser } from './domain/accounts/bootstrap';
import { seedDemo } from './domain/signals/demoSeed';
import { buildApp } from './http/app';
import { openStore, type Store } from './store/database';
import { migrateToLatest } from './store/migrate';
import { underStartupLock } from './roles/startupLock';

export interface RunningServer {
  app: FastifyInstance;
  store: Store;
  /** Base URL, e.g. http://127.0.0.1:8000 */
  url: string;
  close(): Promise<void>;
}

/** Opens the store, migrates, seeds, makes sure an admin exists, then listens. */
export async function startServer(config: Config, options: { sqliteFile?: string } = {}): Promise<RunningServer> {
  const store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, sqliteFile: options.sqliteFile });
  let app: FastifyInstance | undefined;
  try {
    // Scaled out, processes start together: one at a time migrates and seeds (idempotent steps).
    const admin = await underStartupLock(store, async () => {
      await migrateToLatest(store);
      app = await buildApp(config, store);
      // Tasks a previous process left unfinished are retried or failed before anything new starts.
      await app.ctx.services.tasks.recover();
      await app.ctx.services.quotes.seed();
      await app.ctx.services.markets.seed();
      await app.ctx.services.strategies.seed();
      const first = await ensureFirstSuperuser(store.db, {
        email: config.firstSuperuser,
        password: config.firstSuperuserPassword,
      });
      if (first && config.seedDemo) await seedDemo({ db: store.db, ...app.ctx.services }, first.email);
      return first;
    });
    if (!app) throw new Error('the app was not built');
    if (admin?.generatedPassword) announceGeneratedAdmin(admin.email, admin.generatedPassword);
    else if (admin) app.log.info({ email: admin.email }, 'first admin created');
    await app.listen({ port: config.port, host: config.host });
    // Market data starts once the server answers; back-fill runs in the background. Which parts
    // start depends on ROLE (server/roles/role.ts).
    await app.ctx.services.serviceManager.startAll();
    app.log.info({ role: config.role, clustered: config.redisUrl !== undefined }, `running as ROLE=${config.role}`);
  } catch (error) {
    await app?.close().catch(() => undefined);
    await store.close().catch(() => undefined);
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const running = app;
  return {
    app: running,
    store,
    url: `http://${host}:${port}`,
    async close() {
      await running.close();
      await store.close();
    },
  };
}

/** Printed once, on the very first start, outside the JSON log so a person sees it. */
function announceGeneratedAdmin(email: string, password: string) {
  const line = '='.repeat(64);
  process.stdout.write(
    `\n${line}\n  First admin account created (shown only this once):\n    email:    ${email}\n    password: ${password}\n  Change it from the profile screen after signing in.\n${line}\n\n`,
  );
}
