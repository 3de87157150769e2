import { Redis } from 'ioredis';
import type { ServiceInfo } from '../../contract/system/services';
import type { ProcessIdentity } from './role';

/** What one process publishes about itself: who it is and its services as it sees them. */
export interface ProcessSnapshot {
  key: string;
  role: string;
  host: string;
  pid: number;
  published_at: string;
  services: ServiceInfo[];
}

const DEFAULT_EVERY_MS = 2_000;

/**
 * The services of every process (issue 9): each process writes its snapshot to
 * `<prefix>procs:<process key>` every few seconds with a time-to-live of three periods, so a
 * process that dies drops out of the list by itself within seconds. Readers scan the keys.
 */
export function createProcessRegistry(deps: {
  redisUrl: string;
  prefix: string;
  identity: ProcessIdentity;
  /** This process's services, with their figures (what an admin's list shows). */
  snapshot: () => Promise<ServiceInfo[]>;
  onError: (error: unknown) => void;
  everyMs?: number;
}) {
  const everyMs = deps.everyMs ?? DEFAULT_EVERY_MS;
  const keyPrefix = `${deps.prefix}procs:`;
  const ownKey = `${keyPrefix}${deps.identity.key}`;
  const redis = new Redis(deps.redisUrl, { connectionName: `procs:${deps.identity.tag}`, lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', deps.onError);
  let timer: NodeJS.Timeout | undefined;
  let publishing: Promise<void> | undefined;
  let stopped = false;

  const publish = async () => {
    const { identity } = deps;
    const snapshot: ProcessSnapshot = {
      key: identity.key,
      role: identity.role,
      host: identity.host,
      pid: identity.pid,
      published_at: new Date().toISOString(),
      services: await deps.snapshot(),
    };
    await redis.set(ownKey, JSON.stringify(snapshot), 'PX', everyMs * 3);
  };

  const tick = () => {
    // Services still change while the process shuts down; it has left the list by then.
    if (stopped) return;
    publishing = publish().catch(deps.onError);
  };

  return {
    async start() {
      await redis.connect();
      tick();
      await publishing;
      timer = setInterval(tick, everyMs);
      timer.unref();
    },

    /** Leaves the list at once (a clean stop), rather than after the time-to-live. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await publishing;
      await redis.del(ownKey).catch(() => undefined);
      await redis.quit().catch(() => redis.disconnect());
    },

    /** Publishes now (a status changed), so other processes' lists follow within a round trip. */
    refresh: tick,

    /** The snapshots of every other live process. */
    async others(): Promise<ProcessSnapshot[]> {
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 200);
        cursor = next;
        keys.push(...found.filter((k) => k !== ownKey));
      } while (cursor !== '0');
      if (keys.length === 0) return [];
      const values = await redis.mget(...keys);
      return values.flatMap((v) => (v ? [JSON.parse(v) as ProcessSnapshot] : []));
    },
  };
}

export type ProcessRegistry = ReturnType<typeof createProcessRegistry>;
