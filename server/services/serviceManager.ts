import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServiceInfo } from '../../contract/system/services';
import { NotFoundError } from '../domain/errors';
import type { MarketsService } from '../domain/markets/marketsService';
import type { TaskRunner } from '../domain/tasks/taskRunner';
import type { StrategyEngine } from '../engine/strategyEngine';
import type { FeedManager } from '../feeds/feedManager';
import type { MarketFeed } from '../feeds/marketFeed';
import type { Bus } from '../live/bus';
import type { ClientRegistry } from '../live/registry';
import { adminsListening, publishServiceInfo } from '../live/serviceMessages';
import type { Database } from '../store/schema';
import type { RolePlan } from '../roles/role';
import { marketFeedService } from './adapters/marketFeedService';
import { notifierService } from './adapters/notifierService';
import { strategyEngineService } from './adapters/strategyEngineService';
import { taskWorkerService } from './adapters/taskWorkerService';
import { wsHubService } from './adapters/wsHubService';
import { createManagedService, type BackoffOptions, type ManagedService, type ServiceAdapter } from './managedService';

/** The background parts the service manager runs (issue 8: `server/services/`). */
export interface ManagedParts {
  feeds: FeedManager;
  engine: StrategyEngine;
  paperBroker: { start(): Promise<void>; stop(): Promise<void> };
  notificationJobs: { start(): void; stop(): Promise<void> };
  tasks: TaskRunner;
  bus: Bus;
  liveClients: ClientRegistry;
  log: FastifyBaseLogger;
  /** Checks a feed command's symbol against the market's list. */
  markets: MarketsService;
  /** The notifier's paused channels count. */
  db: Kysely<Database>;
  /** Crash restart delays; DEFAULT_BACKOFF unless given. */
  backoff?: BackoffOptions;
  /** How often admins' sockets get every service's fresh figures. */
  publishEveryMs?: number;
  /**
   * Which services this process runs, by its role (issue 9); every one when absent (one process).
   * Scaled out, the services every process has its own of are named `<kind>:<tag>` so names stay
   * unique across the cluster; the feeds and the engine keep their names (one leader runs each).
   */
  plan?: RolePlan;
  processTag?: string;
}

const PUBLISH_EVERY_MS = 5_000;

/**
 * The services of DOMAIN.md (`market-feed:{market}`, `strategy-engine`, `notifier`, `task-worker`,
 * `ws-hub`) as managed services: each one's lifecycle, status, figures and commands, its status
 * changes pushed to the admins' app sockets. Feeds come and go with the feed manager's boot, so
 * they are picked up whenever the list is read.
 */
export function createServiceManager(parts: ManagedParts) {
  const { feeds, bus, log } = parts;
  const services = new Map<string, ManagedService>();
  /** Per market, the feed object its service has adopted (the feed manager makes new ones on boot). */
  const adoptedFeeds = new Map<string, MarketFeed>();
  let ticker: NodeJS.Timeout | undefined;
  let stopping = false;

  /** Scaled out, a standby's copy of a led service (a feed, the engine) is not shown to admins. */
  let shown = (_name: string) => true;

  const publish = async (service: ManagedService, withData: boolean) => {
    if (!shown(service.name)) return;
    await service
      .info(withData)
      .then((info) => publishServiceInfo(bus, info))
      .catch((error: unknown) => log.warn({ err: error, service: service.name }, 'could not publish a service status'));
  };

  const plan = parts.plan;
  const changeListeners = new Set<() => void>();
  /** A per-process service's name: its kind alone in one process, with the process tag when scaled out. */
  const ownName = (adapter: ServiceAdapter): ServiceAdapter =>
    plan?.clustered && parts.processTag ? { ...adapter, name: `${adapter.name}:${parts.processTag}` } : adapter;

  const manage = (adapter: ServiceAdapter) => {
    const service = createManagedService(adapter, {
      ...(parts.backoff ? { backoff: parts.backoff } : {}),
      onChange: (changed) => {
        if (stopping) return;
        void publish(changed, true);
        for (const listener of changeListeners) listener();
      },
    });
    services.set(adapter.name, service);
    return service;
  };

  const engine = !plan || plan.engine !== 'none' ? manage(strategyEngineService({ engine: parts.engine, paperBroker: parts.paperBroker })) : undefined;
  const notifier = !plan || plan.notifier ? manage(ownName(notifierService({ notificationJobs: parts.notificationJobs, tasks: parts.tasks, db: parts.db }))) : undefined;
  const taskWorker = !plan || plan.consumesTasks ? manage(ownName(taskWorkerService({ tasks: parts.tasks }))) : undefined;
  const wsHub = !plan || plan.wsHub ? manage(ownName(wsHubService({ liveClients: parts.liveClients, bus }))) : undefined;
  /** Started with the others, or by the `engine` lease (server/roles/leadership.ts) when scaled out. */
  const engineStartsWithAll = !plan || plan.engine === 'always';

  /** Takes in the feeds the feed manager runs now, and lets go of those it dropped. */
  const syncFeeds = () => {
    for (const [market, adopted] of adoptedFeeds) {
      if (feeds.feed(market) === adopted) continue;
      services.get(`market-feed:${market}`)?.forget();
      adoptedFeeds.delete(market);
    }
    for (const status of feeds.services()) {
      const market = status.market;
      const current = feeds.feed(market);
      // Still starting (or stopped by its service): adopted once the feed manager has it running.
      if (!current || adoptedFeeds.has(market) || status.status !== 'running') continue;
      const service = services.get(status.name) ?? manage(marketFeedService({ market, feeds, markets: parts.markets }));
      adoptedFeeds.set(market, current);
      service.adopt(status.started_at);
    }
  };

  /** Feeds (by market), then the others in DOMAIN.md's order. */
  const all = (): ManagedService[] => {
    syncFeeds();
    const list = [...services.values()];
    const feedsFirst = list.filter((s) => s.kind === 'market-feed').sort((a, b) => a.name.localeCompare(b.name));
    return [...feedsFirst, ...list.filter((s) => s.kind !== 'market-feed')];
  };

  const get = (name: string): ManagedService => {
    const known = all();
    const found = known.find((s) => s.name === name);
    if (!found) throw new NotFoundError(`Service "${name}" (known services: ${known.map((s) => s.name).join(', ')})`);
    return found;
  };

  const publishAll = async () => {
    if (!adminsListening(bus)) return;
    await Promise.all(all().map((service) => publish(service, true)));
  };

  return {
    /** Starts every service, in dependency order; called once the server listens. */
    async startAll() {
      stopping = false;
      // Returns at once: the feed manager boots each market's feed in the background.
      await feeds.start();
      for (const service of [engineStartsWithAll ? engine : undefined, notifier, taskWorker, wsHub]) await service?.start();
      ticker ??= setInterval(() => void publishAll(), parts.publishEveryMs ?? PUBLISH_EVERY_MS);
      ticker.unref();
    },

    /**
     * Stops the background work in reverse order; the store and the bus close after. Sockets close
     * with the server and tasks with the task runner's own stop, so ws-hub and task-worker stay.
     */
    async stopAll() {
      stopping = true;
      clearInterval(ticker);
      ticker = undefined;
      await notifier?.stop();
      await engine?.stop();
      await Promise.all(all().filter((s) => s.kind === 'market-feed').map((s) => s.stop()));
      await feeds.stop();
      syncFeeds();
    },

    /** The strategy engine + paper broker as the `engine` lease starts and stops them (none in this role: undefined). */
    ledEngine: engine ? { start: () => engine.start(), stop: () => engine.stop() } : undefined,

    /** Whether this process has a service of that name (feeds: while it runs that market's feed). */
    has: (name: string) => all().some((s) => s.name === name),

    /** Limits what goes to the admins' sockets to the services this process shows (server/roles). */
    showOnly(predicate: (name: string) => boolean) {
      shown = predicate;
    },

    /** Called on every status change of a service here (the cluster's registry republishes). */
    onChange(listener: () => void): () => void {
      changeListeners.add(listener);
      return () => void changeListeners.delete(listener);
    },

    /** Every service, with its own figures when asked. */
    list: (withData: boolean): Promise<ServiceInfo[]> => Promise.all(all().map((s) => s.info(withData))),

    /** One service; NotFound listing the known names. */
    info: (name: string, withData = false) => get(name).info(withData),

    async data(name: string) {
      const service = get(name);
      return { name: service.name, status: service.status(), data: await service.data(), collected_at: new Date().toISOString() };
    },

    /** Runs a command; answers with the service after it took effect. */
    async command(name: string, command: string, args: Record<string, unknown>): Promise<{ result: unknown; service: ServiceInfo }> {
      const service = get(name);
      const result = await service.command(command, args);
      return { result, service: await service.info(false) };
    },
  };
}

export type ServiceManager = ReturnType<typeof createServiceManager>;
