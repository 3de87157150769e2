import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { createTokenService } from '../domain/accounts/tokens';
import { createMailer } from '../domain/mail/mailer';
import { appSocketRoute } from '../live/appSocket';
import { createMemoryBus } from '../live/bus';
import { createRedisBus } from '../live/redisBus';
import { createClientRegistry } from '../live/registry';
import type { Store } from '../store/database';
import { APP_VERSION } from '../version';
import { createServices, type AppContext } from './context';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './plugins/errors';
import { registerNulGuard } from './plugins/nulGuard';
import { registerAuditTrail } from './plugins/auditTrail';
import { registerOpenApi } from './plugins/openapi';
import { registerRateLimit } from './plugins/rateLimit';
import { registerSecurity } from './plugins/security';
import { registerSpa } from './plugins/spa';
import { accountRoutes } from './routes/accounts';
import { authRoutes } from './routes/auth';
import { generalRoutes } from './routes/general';
import { profileRoutes } from './routes/profile';
import { marketRoutes } from './routes/markets';
import { chartRoutes } from './routes/chart';
import { ingestRoutes } from './routes/ingest';
import { marketDataRoutes } from './routes/marketData';
import { livePriceRoute } from '../live/livePrice';
import { taskRoutes } from './routes/tasks';
import { serviceRoutes } from './routes/services';
import { auditRoutes } from './routes/audit';
import { forwardTaskMessages } from '../live/taskMessages';
import { forwardMarketInfo } from '../live/marketInfoMessages';
import { relationRoutes } from './routes/relations';
import { strategyRoutes } from './routes/strategies';
import { scoreRoutes } from './routes/scores';
import { portfolioRoutes } from './routes/portfolios';
import { ledgerRoutes } from './routes/ledger';
import { portfolioExtrasRoutes } from './routes/portfolioExtras';
import { portfolioSocketRoute } from '../live/portfolioSocket';
import { notificationRoutes } from './routes/notifications';

/** Builds the HTTP app on an open, migrated store. Listening is the caller's business. */
/** How long a closing server lets requests in flight finish before cutting their connections. */
const CLOSE_GRACE_MS = 2_000;

export async function buildApp(config: Config, store: Store): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers["x-api-key"]'] },
    bodyLimit: config.bodyLimitBytes,
    // `/api/user/profile` and `/api/user/profile/` are the same route.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    trustProxy: false,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerNulGuard(app);
  registerAuditTrail(app);
  // On close, idle keep-alive connections are closed at once, but one a client opened without
  // sending a request yet counts as busy and would hold the close for the headers timeout (60 s).
  // Requests in flight get a grace period; then every connection left is cut.
  app.addHook('preClose', async () => {
    setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS).unref();
  });

  const tokens = createTokenService(config.secretKey);
  const mailer = createMailer({ db: store.db, smtpUrl: config.smtpUrl, from: config.smtpFrom, log: app.log });
  const onBusError = (err: unknown, topic: string) => app.log.error({ err, topic }, 'a bus subscriber failed');
  // One process: the in-memory bus. With REDIS_URL every live message crosses processes (issue 9).
  const bus = config.redisUrl
    ? createRedisBus(config.redisUrl, onBusError, {
        prefix: config.redisPrefix,
        connectionName: `bazaar-signal-${process.pid}`,
        onConnectionError: (err) => app.log.warn({ err }, 'redis bus connection trouble'),
      })
    : createMemoryBus(onBusError);
  const liveClients = createClientRegistry();
  const ctx: AppContext = {
    config,
    store,
    db: store.db,
    tokens,
    mailer,
    log: app.log,
    bus,
    liveClients,
    services: createServices({ config, store, tokens, mailer, bus, liveClients, log: app.log }),
  };
  app.decorate('ctx', ctx);
  app.decorateRequest('user', undefined);
  const stopTaskMessages = forwardTaskMessages(ctx.services.tasks, ctx.bus, ctx.db);
  const stopMarketInfo = forwardMarketInfo(ctx.services.markets, ctx.bus);
  // One hook, in order (Fastify runs separate onClose hooks last-registered first): the services
  // and tasks stop while the bus they publish on is still open; the mailer goes last.
  app.addHook('onClose', async () => {
    await ctx.services.serviceManager.stopAll();
    await ctx.services.tasks.stop();
    stopTaskMessages();
    stopMarketInfo();
    await ctx.bus.close();
    await mailer.close();
  });

  await registerSecurity(app, config);
  await registerRateLimit(app);
  await app.register(formbody);
  // ws accepts 100 MiB messages by default; the largest client message (a market `subscribe` of
  // 1000 symbols) stays well under 256 KiB.
  await app.register(websocket, { options: { maxPayload: 256 * 1024 } });
  await registerOpenApi(app, APP_VERSION);

  await app.register(async (api) => {
    authRoutes(api);
    accountRoutes(api);
    profileRoutes(api);
    generalRoutes(api);
    appSocketRoute(api, api.ctx);
    marketRoutes(api);
    chartRoutes(api);
    ingestRoutes(api);
    marketDataRoutes(api);
    livePriceRoute(api);
    relationRoutes(api);
    strategyRoutes(api);
    scoreRoutes(api);
    portfolioRoutes(api);
    ledgerRoutes(api);
    portfolioExtrasRoutes(api);
    portfolioSocketRoute(api);
    notificationRoutes(api);
    taskRoutes(api);
    serviceRoutes(api);
    auditRoutes(api);
  });

  await registerSpa(app, config.staticDir);
  return app;
}
