import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Store } from '../store/database';
import type { Database } from '../store/schema';
import type { Mailer } from '../domain/mail/mailer';
import type { TokenService } from '../domain/accounts/tokens';
import type { Bus } from '../live/bus';
import type { ClientRegistry } from '../live/registry';
import { createAccountsService } from '../domain/accounts/accountsService';
import { createRecoveryService } from '../domain/accounts/recoveryService';
import { createProfileService } from '../domain/accounts/profileService';
import { createSecretService } from '../domain/accounts/secretService';
import { createQuotesService } from '../domain/quotes/quotesService';
import { createMarketsService } from '../domain/markets/marketsService';
import { createKlinesService } from '../domain/klines/klinesService';
import { createTaskRunner } from '../domain/tasks/taskRunner';
import { setUpTaskRuntime } from '../domain/tasks/taskRuntime';
import { createFeedManager } from '../feeds/feedManager';
import { createBinanceSource } from '../feeds/binance/binanceSource';
import { createCsvSource } from '../feeds/csv/csvSource';
import { createPortfoliosService } from '../domain/portfolios/portfoliosService';
import { createGroupsService } from '../domain/signals/groupsService';
import { createStrategiesService } from '../domain/signals/strategiesService';
import { createSubscriptionsService } from '../domain/signals/subscriptionsService';
import { createScoresService } from '../domain/signals/scoresService';
import { createMarksService } from '../domain/signals/marksService';
import { createNotifier } from '../domain/notifications/notifier';
import { createNotificationServices } from '../domain/notifications/notificationServices';
import { createBacktestTasks } from '../domain/signals/backtestTask';
import { createLedgerServices } from '../domain/portfolios/ledger/ledgerServices';
import { createPortfolioExtrasServices } from '../domain/portfolios/rules/portfolioExtrasServices';
import { createSignalOutcome } from '../engine/signalOutcome';
import { createStrategyEngine } from '../engine/strategyEngine';
import { createScoreWriter } from '../store/repositories/scoreWriter';
import { createServiceManager } from '../services/serviceManager';
import { createAuditLog } from '../domain/audit/auditLog';
import { planFor, processIdentity, type RolePlan } from '../roles/role';
import { createClusterServices } from '../roles/clusterServices';

/** Everything a route handler may reach: settings, storage and the domain services. */
export interface AppContext {
  config: Config;
  store: Store;
  db: Kysely<Database>;
  tokens: TokenService;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Topics such as `user:<id>`; what is published there reaches that user's sockets. */
  bus: Bus;
  /** The open, authenticated websockets of this process. */
  liveClients: ClientRegistry;
  services: ReturnType<typeof createServices>;
}

export function createServices(deps: {
  config: Config;
  store: Store;
  tokens: TokenService;
  mailer: Mailer;
  bus: Bus;
  liveClients: ClientRegistry;
  log: FastifyBaseLogger;
}) {
  const { config, store, tokens, mailer, bus, liveClients, log } = deps;
  const db = store.db;
  const markets = createMarketsService({ db });
  const klines = createKlinesService({ store, markets });
  // The role decides which parts run here (issue 9); one process without Redis runs them all.
  const plan: RolePlan = planFor(config.role, config.redisUrl !== undefined);
  const identity = processIdentity(config.role);
  const tasks = createTaskRunner(
    undefined,
    config.redisUrl
      ? {
          queue: { redisUrl: config.redisUrl, prefix: config.redisPrefix, lockDurationMs: config.taskLockMs, stalledIntervalMs: config.taskStalledCheckMs },
          consume: plan.consumesTasks,
        }
      : {},
  );
  const feeds = createFeedManager({ config, store, bus, markets, klines, tasks, log, leased: plan.feeds !== 'all' });
  // A market uses its first active source the server has; the defaults all start `simulated`.
  feeds.registerSource(createBinanceSource({ restUrl: config.binanceRestUrl, wsUrl: config.binanceWsUrl }));
  feeds.registerSource(createCsvSource({ directory: join(config.dataDir, 'csv') }));
  const portfolios = createPortfoliosService({ db, markets });
  const groups = createGroupsService({ db });
  const strategies = createStrategiesService({ db });
  const subscriptions = createSubscriptionsService({ db, groups, strategies, portfolios });
  const notifier = createNotifier({ db, bus, onPushError: (err) => log.warn({ err }, 'notification push failed') });
  const engine = createStrategyEngine({ db, bus, markets, klines, outcome: createSignalOutcome({ markets, bus }), notifier, scoreWriter: createScoreWriter(store), log });
  // The runner gets its database before anything can start a task.
  setUpTaskRuntime({ tasks, db, config, mailer, recompute: engine.recompute, log });
  const backtests = createBacktestTasks({ strategies, markets, klines, tasks });
  const ledger = createLedgerServices({ db, bus, markets });
  const notifications = createNotificationServices({ db, bus, notifier, mailer, tasks, config, log });
  const localServices = createServiceManager({
    plan,
    processTag: identity.tag,
    db,
    markets,
    feeds,
    engine,
    paperBroker: ledger.paperBroker,
    notificationJobs: notifications.notificationJobs,
    tasks,
    bus,
    liveClients,
    log,
  });
  // Scaled out: the services of every process, feeds and engine under leases, commands relayed.
  const serviceManager = config.redisUrl
    ? createClusterServices({ redisUrl: config.redisUrl, config, plan, identity, bus, feeds, markets, local: localServices, log })
    : localServices;
  return {
    markets,
    klines,
    tasks,
    feeds,
    accounts: createAccountsService({ db, openRegistration: config.openRegistration }),
    recovery: createRecoveryService({
      db,
      tokens,
      mailer,
      publicUrl: config.publicUrl,
      tokenMinutes: config.resetTokenExpireMinutes,
    }),
    profiles: createProfileService({ db, knownMarkets: () => markets.marketNames() }),
    secrets: createSecretService({ db }),
    quotes: createQuotesService({ db }),
    portfolios,
    groups,
    strategies,
    subscriptions,
    scores: createScoresService({ db, subscriptions, portfolios }),
    marks: createMarksService({ db }),
    notifier,
    engine,
    backtests,
    ...ledger,
    ...createPortfolioExtrasServices({ db, markets }),
    ...notifications,
    serviceManager,
    audit: createAuditLog({ db }),
  };
}
