import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../live/bus';
import type { ClientRegistry } from '../live/registry';
import type { FeedManager } from '../feeds/feedManager';
import type { StrategyEngine } from '../engine/strategyEngine';
import type { TaskRunner } from '../domain/tasks/taskRunner';

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
}

/**
 * Starts and stops the services of DOMAIN.md (`market-feed:{market}`, `strategy-engine`,
 * `notifier`, `task-worker`, `ws-hub`) as one unit. SCAFFOLD: the lifecycle, status, commands and
 * crash restarts come with the service manager work of issue 8.
 */
export function createServiceManager(parts: ManagedParts) {
  return {
    /** Starts every service, in dependency order; called once the server listens. */
    async startAll() {
      await parts.feeds.start();
      await parts.engine.start();
      await parts.paperBroker.start();
      parts.notificationJobs.start();
    },

    /** Stops every service in reverse order; the store and the bus close after. */
    async stopAll() {
      await parts.notificationJobs.stop();
      await parts.paperBroker.stop();
      await parts.engine.stop();
      await parts.feeds.stop();
    },
  };
}

export type ServiceManager = ReturnType<typeof createServiceManager>;
