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

  const publish = (service: ManagedService, withData: boolean) =>
    service
      .info(withData)
      .then((info) => publishServiceInfo(bus, info))
      .catch((error: unknown) => log.warn({ err: error, service: service.name }, 'could not publish a service status'));

  const manage = (adapter: ServiceAdapter) => {
    const service = createManagedService(adapter, {
      ...(parts.backoff ? { backoff: parts.backoff } : {}),
      onChange: (changed) => {
        if (!stopping) void publish(changed, true);
      },
    });
    services.set(adapter.name, service);
    return service;
  };

  const engine = manage(strategyEngineService({ engine: parts.engine, paperBroker: parts.paperBroker }));
  const notifier = manage(notifierService({ notificationJobs: parts.notificationJobs, tasks: parts.tasks, db: parts.db }));
  const taskWorker = manage(taskWorkerService({ tasks: parts.tasks }));
  const wsHub = manage(wsHubService({ liveClients: parts.liveClients, bus }));

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
      for (const service of [engine, notifier, taskWorker, wsHub]) await service.start();
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
      await notifier.stop();
      await engine.stop();
      await Promise.all(all().filter((s) => s.kind === 'market-feed').map((s) => s.stop()));
      await feeds.stop();
      syncFeeds();
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
