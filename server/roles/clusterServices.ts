import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { ConflictError } from '../domain/errors';
import type { MarketsService } from '../domain/markets/marketsService';
import type { FeedManager } from '../feeds/feedManager';
import type { Bus } from '../live/bus';
import type { ServiceManager } from '../services/serviceManager';
import { createClusterServiceManager } from './clusterServiceManager';
import { createCommandRelay } from './commandRelay';
import { createLeadership } from './leadership';
import { createProcessRegistry } from './processRegistry';
import type { ProcessIdentity, RolePlan } from './role';

/** Puts a scaled-out process's service manager together: leases, registry and command relay around the local one. */
export function createClusterServices(deps: {
  redisUrl: string;
  config: Config;
  plan: RolePlan;
  identity: ProcessIdentity;
  bus: Bus;
  feeds: FeedManager;
  markets: MarketsService;
  local: ServiceManager;
  log: FastifyBaseLogger;
}) {
  const { redisUrl, config, plan, identity, local, log } = deps;
  const leadership = createLeadership({
    redisUrl,
    prefix: config.redisPrefix,
    ttlMs: config.leaseTtlMs,
    holderId: `${identity.role}@${identity.host}:${identity.pid}`,
    log,
    markets: async () => (config.feedEnabled ? (await deps.markets.listMarkets()).filter((m) => m.is_active).map((m) => m.name) : []),
    ...(plan.feeds === 'leased' ? { feed: { start: (m: string) => deps.feeds.startMarket(m), stop: (m: string) => deps.feeds.stopMarket(m) } } : {}),
    ...(plan.engine === 'leased' && local.ledEngine ? { engine: local.ledEngine } : {}),
  });
  // The relay and the registry read the manager they are part of (declared below; called only once it exists).
  const relay = createCommandRelay({
    bus: deps.bus,
    processKey: identity.key,
    async run(service, command, args) {
      // A takeover between the asker's look-up and now: the new leader is the one to ask.
      const here = (await manager.ownList(false)).some((s) => s.name === service);
      if (!here) throw new ConflictError(`${service} no longer runs in process ${identity.pid} on ${identity.host}; try again`);
      return local.command(service, command, args);
    },
  });
  const registry = createProcessRegistry({
    redisUrl,
    prefix: config.redisPrefix,
    identity,
    snapshot: () => manager.ownList(true),
    onError: (err) => log.warn({ err }, 'service registry trouble'),
  });
  const manager = createClusterServiceManager({ local, registry, relay, leadership });
  return manager;
}
