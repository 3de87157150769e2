import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import type { Config } from '../config';

export type Role = Config['role'];

/**
 * What one process runs, by its role (issue 9). The same program serves every role; the role only
 * decides which parts start. `clustered` (REDIS_URL set) means other processes may run the same
 * parts, so the ones that must run once (a market's feed, the strategy engine) follow a lease.
 */
export interface RolePlan {
  role: Role;
  clustered: boolean;
  /** Runs tasks (and the periodic schedule); otherwise tasks are only queued here. */
  consumesTasks: boolean;
  /** Market feeds: none, every active market (one process), or the markets whose lease it holds. */
  feeds: 'none' | 'all' | 'leased';
  /** Strategy engine + paper broker: likewise none, always, or while holding the `engine` lease. */
  engine: 'none' | 'always' | 'leased';
  /** Notification deliveries and their retries (they read the database, so any task process runs them). */
  notifier: boolean;
  /** Client websockets: only processes behind the load balancer have any. */
  wsHub: boolean;
}

export function planFor(role: Role, clustered: boolean): RolePlan {
  const led = clustered ? 'leased' : undefined;
  switch (role) {
    case 'api':
      return { role, clustered, consumesTasks: false, feeds: 'none', engine: 'none', notifier: false, wsHub: true };
    case 'worker':
      return { role, clustered, consumesTasks: true, feeds: 'none', engine: 'none', notifier: true, wsHub: false };
    case 'feed':
      return { role, clustered, consumesTasks: false, feeds: 'leased', engine: 'leased', notifier: false, wsHub: false };
    case 'all':
      return { role, clustered, consumesTasks: true, feeds: led ?? 'all', engine: led ?? 'always', notifier: true, wsHub: true };
  }
}

/**
 * This process in the cluster: a key unique across hosts and restarts, and a short tag for the
 * names of its own services (`ws-hub:api_4242_9f3c`). The tag fits the service-name pattern of the
 * contract (`[a-z][a-z0-9_]{0,31}` after the colon).
 */
export function processIdentity(role: Role) {
  const host = hostname();
  const hostHash = createHash('sha1').update(host).digest('hex').slice(0, 4);
  const tag = `${role}_${process.pid}_${hostHash}`;
  return { role, host, pid: process.pid, tag, key: `${tag}_${Date.now().toString(36)}` };
}

export type ProcessIdentity = ReturnType<typeof processIdentity>;
