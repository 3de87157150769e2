import type { FastifyBaseLogger } from 'fastify';
import { createLease, type Lease } from '../cluster/lease';

/** A part that must run in one process only: started on winning its lease, stopped on losing it. */
export interface LedPart {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Leadership of the parts that run once across the cluster (issue 9, docs/SCALE-OUT.md): one lease
 * `feed:<market>` per active market for its live feed, and one lease `engine` for the strategy
 * engine with the paper broker. Whoever holds a lease runs its part; another process takes over
 * about LEASE_TTL_MS after the holder dies. Start and stop of one part never overlap.
 */
export function createLeadership(deps: {
  redisUrl: string;
  prefix: string;
  ttlMs: number;
  /** Who holds the leases, for people reading Redis (role, host, pid). */
  holderId: string;
  log: FastifyBaseLogger;
  /** The markets to contend for (the active ones at start-up). */
  markets: () => Promise<string[]>;
  /** The market feeds, when this process runs them. */
  feed?: { start(market: string): Promise<void>; stop(market: string): Promise<void> };
  /** The strategy engine + paper broker, when this process runs them. */
  engine?: LedPart;
}) {
  const { log } = deps;
  /** Service name (`market-feed:crypto`, `strategy-engine`) → its lease. */
  const leases = new Map<string, Lease>();
  /** Service name → the last start/stop step of its part, so stop() can wait for the parts to stop. */
  const lastSteps = new Map<string, Promise<unknown>>();

  const follow = (serviceName: string, leaseName: string, part: LedPart) => {
    const lease = createLease({
      redisUrl: deps.redisUrl,
      name: leaseName,
      holderId: deps.holderId,
      ttlMs: deps.ttlMs,
      prefix: deps.prefix,
      onError: (err) => log.warn({ err, lease: leaseName }, 'lease trouble'),
    });
    // Steps in order: a lease lost while its part is still starting stops it right after.
    let steps: Promise<unknown> = Promise.resolve();
    lease.onChange((leader, token) => {
      log.info({ lease: leaseName, leader, token }, leader ? 'became leader' : 'stepped down');
      steps = steps
        .then(() => (leader ? part.start() : part.stop()))
        .catch((err: unknown) => log.error({ err, lease: leaseName }, `could not ${leader ? 'start' : 'stop'} ${serviceName}`));
      lastSteps.set(serviceName, steps);
    });
    leases.set(serviceName, lease);
    return lease;
  };

  return {
    /** Contends for every lease; resolves after each one's first attempt. */
    async start() {
      if (deps.feed) {
        const feed = deps.feed;
        for (const market of await deps.markets()) {
          follow(`market-feed:${market}`, `feed:${market}`, { start: () => feed.start(market), stop: () => feed.stop(market) });
        }
      }
      if (deps.engine) follow('strategy-engine', 'engine', deps.engine);
      await Promise.all([...leases.values()].map((lease) => lease.start()));
    },

    /** Steps down everywhere (each part stopped, each lease released for the next contender). */
    async stop() {
      await Promise.all([...leases.values()].map((lease) => lease.stop()));
      await Promise.all(lastSteps.values());
      leases.clear();
      lastSteps.clear();
    },

    /** Whether this process leads the service of that name; services no lease governs are not led. */
    leads: (serviceName: string): boolean => leases.get(serviceName)?.isLeader() ?? false,

    /** Whether a lease governs the service of that name in this process. */
    governs: (serviceName: string): boolean => leases.has(serviceName),
  };
}

export type Leadership = ReturnType<typeof createLeadership>;
