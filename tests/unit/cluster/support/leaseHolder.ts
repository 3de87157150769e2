/**
 * A separate process that contends for a lease and prints `leader <token>` when it leads, so a
 * test can kill it with SIGKILL: a holder that dies without releasing anything.
 * Env: REDIS_URL, LEASE_PREFIX, LEASE_NAME, LEASE_TTL_MS.
 */
import { createLease } from '../../../../server/cluster/lease';

const lease = createLease({
  redisUrl: process.env.REDIS_URL!,
  prefix: process.env.LEASE_PREFIX!,
  name: process.env.LEASE_NAME!,
  holderId: `child-${process.pid}`,
  ttlMs: Number(process.env.LEASE_TTL_MS),
});
lease.onChange((leader, token) => process.stdout.write(leader ? `leader ${token}\n` : 'follower\n'));
await lease.start();
// Stays alive (the lease's timers hold the event loop) until the test kills it.
