import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';

/**
 * A leadership lease in Redis (issue 9): of every process contending for `name` (e.g. the feed
 * and strategy engine of one market), at most one is the leader at any moment, and when it dies
 * another takes over about `ttlMs` later.
 *
 * The key `<prefix>lease:<name>` holds `<holderId>/<instance>#<token>` with a time-to-live. A contender takes
 * it only when it is absent (SET NX PX inside a script that also draws the next fencing token);
 * the holder renews it every ttl/3 and releases it on stop, both through scripts that compare the
 * value first, so only the holder can extend or delete it.
 *
 * Never two leaders: the holder counts its lease from the moment it *sent* the acquiring or
 * renewing command (Redis starts the key's time-to-live later, when it runs it) and gives it up a
 * small margin before `ttlMs` from then, so it has stepped down before Redis can let the key
 * expire and hand it to another. `isLeader()` reads the clock itself, so it is exact even when
 * the event loop is late; `onChange(false)` is a timer and can come a little after it.
 * The fencing token grows with every acquisition of `name`: work that a stale leader might still
 * finish can carry it, and a store that keeps the highest token seen can refuse older ones.
 */

export interface LeaseOptions {
  redisUrl: string;
  /** What is led, e.g. `feed:binance`; one lease per name across every process. */
  name: string;
  /** Who holds it, for people reading Redis (host, pid, role); need not be unique. */
  holderId: string;
  /** How long a silent holder keeps the lease; takeover after a crash takes up to this long. */
  ttlMs: number;
  /** Prepended to the keys, so deployments (and tests) sharing a Redis stay apart. */
  prefix?: string;
  /** Connection trouble and failing onChange listeners; the lease keeps trying after them. */
  onError?: (error: unknown) => void;
}

export type LeaseListener = (leader: boolean, token: number | undefined) => void;

export interface Lease {
  /** Starts contending; resolves after the first attempt (leader or not). Once only. */
  start(): Promise<void>;
  /** Steps down (releasing the lease if held, so another takes it at once) and disconnects. */
  stop(): Promise<void>;
  isLeader(): boolean;
  /** The token of the current leadership, or undefined when not the leader. */
  fencingToken(): number | undefined;
  /** Called on becoming leader (true, token) and on stepping down (false); returns its removal. */
  onChange(listener: LeaseListener): () => void;
}

// KEYS: lease, token counter. ARGV: this lease object's value prefix, ttl.
// Returns {1, token} or {0, remaining ms}. A key that carries this object's own prefix is one it
// lost track of (an acquisition whose answer was lost to a timeout, a release that failed): it is
// replaced by a new term with a new token rather than left idle until it expires.
const ACQUIRE = `
local current = redis.call('GET', KEYS[1])
if current then
  if string.sub(current, 1, #ARGV[1]) ~= ARGV[1] then return {0, redis.call('PTTL', KEYS[1])} end
  redis.call('DEL', KEYS[1])
end
local token = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1] .. token, 'NX', 'PX', ARGV[2])
return {1, token}`;
// KEYS: lease. ARGV: value, ttl. 1 if extended, 0 if the lease is no longer this value.
const EXTEND = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
// KEYS: lease. ARGV: value. 1 if deleted, 0 if the lease is no longer this value.
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** The lease as this process holds it. */
interface Held {
  token: number;
  value: string;
  /** performance.now() after which this process no longer counts itself the leader. */
  validUntil: number;
}

export function createLease(options: LeaseOptions): Lease {
  const { name, holderId, ttlMs } = options;
  if (!Number.isInteger(ttlMs) || ttlMs < 30) throw new RangeError(`ttlMs must be an integer of at least 30; got ${ttlMs}`);
  const prefix = options.prefix ?? 'bs:';
  const onError = options.onError ?? (() => {});
  const leaseKey = `${prefix}lease:${name}`;
  const tokenKey = `${leaseKey}:token`;
  // Unique to this object, so two leases with one holderId (two in a process) never match.
  const valuePrefix = `${holderId}/${randomUUID().slice(0, 8)}#`;
  const renewEvery = Math.floor(ttlMs / 3);
  // How often a follower looks again: a released lease is taken within this, an expired one at
  // its expiry (the attempt that found it taken learns its remaining time).
  const retryEvery = Math.min(renewEvery, 250);
  // Covers Redis counting whole milliseconds and the two clocks' rates; far below a renewal period.
  const margin = Math.max(5, Math.ceil(ttlMs / 50));

  const redis = new Redis(options.redisUrl, {
    connectionName: `lease:${name}:${holderId}`.replace(/\s/g, '_'),
    lazyConnect: true,
    // A command must fail rather than wait for a reconnect: a late renewal is worthless, and the
    // loop must not hang on it (a key left behind by a lost answer is replaced by the next ACQUIRE).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: renewEvery,
    retryStrategy: (attempt) => Math.min(attempt * 50, renewEvery),
  });
  redis.on('error', onError);

  const listeners = new Set<LeaseListener>();
  let held: Held | undefined;
  let announced = false;
  // A lease runs once: stop() closes its connection, so contending again takes a new lease.
  let phase: 'idle' | 'running' | 'stopped' = 'idle';
  const stopped = () => phase !== 'running';
  let loopTimer: NodeJS.Timeout | undefined;
  let expiryTimer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;

  const notify = (leader: boolean, token: number | undefined) => {
    if (announced === leader) return;
    announced = leader;
    for (const listener of [...listeners]) {
      try {
        listener(leader, token);
      } catch (error) {
        onError(error);
      }
    }
  };

  const release = (value: string) => redis.eval(RELEASE, 1, leaseKey, value);

  /** Gives the lease up locally first, then in Redis, so there is never a moment with two leaders. */
  const stepDown = () => {
    const old = held;
    if (!old) return;
    held = undefined;
    clearTimeout(expiryTimer);
    notify(false, undefined);
    release(old.value).catch(() => undefined);
  };

  const armExpiry = (current: Held) => {
    clearTimeout(expiryTimer);
    expiryTimer = setTimeout(() => {
      if (held !== current) return;
      if (performance.now() >= current.validUntil) stepDown();
      else armExpiry(current);
    }, Math.max(0, current.validUntil - performance.now()));
  };

  /** One attempt to take the lease; returns when to try again. */
  const acquire = async (): Promise<number> => {
    const sentAt = performance.now();
    const [acquired, tokenOrRemaining] = (await redis.eval(ACQUIRE, 2, leaseKey, tokenKey, valuePrefix, ttlMs)) as [number, number];
    if (acquired !== 1) {
      // Taken: try again right after it would expire, or at the next retry if that is sooner.
      return tokenOrRemaining > 0 ? Math.min(retryEvery, tokenOrRemaining + 1) : retryEvery;
    }
    const current: Held = { token: tokenOrRemaining, value: `${valuePrefix}${tokenOrRemaining}`, validUntil: sentAt + ttlMs - margin };
    held = current;
    // Taken while stop() was waiting for this attempt: stop() releases it, nobody is told.
    if (!stopped()) {
      armExpiry(current);
      notify(true, current.token);
    }
    return renewEvery;
  };

  const renew = async (current: Held): Promise<number> => {
    const sentAt = performance.now();
    const extended = await redis.eval(EXTEND, 1, leaseKey, current.value, ttlMs);
    // Stepped down while the renewal was on its way: that decision stands.
    if (held !== current) return 0;
    if (extended === 1) {
      current.validUntil = sentAt + ttlMs - margin;
      armExpiry(current);
    } else {
      stepDown();
    }
    return renewEvery;
  };

  const tick = () => {
    if (stopped()) return;
    const attempt = held ? renew(held) : acquire();
    inFlight = attempt.then(
      (next) => schedule(next),
      (error: unknown) => {
        // Unreachable Redis: keep trying; a holder steps down by its expiry timer meanwhile.
        onError(error);
        schedule(held ? renewEvery : retryEvery);
      },
    );
  };

  const schedule = (delay: number) => {
    inFlight = undefined;
    if (!stopped()) loopTimer = setTimeout(tick, delay);
  };

  const isLeader = () => held !== undefined && !stopped() && performance.now() < held.validUntil;

  return {
    async start() {
      if (phase === 'stopped') throw new Error(`The lease ${name} was stopped; create a new one to contend again`);
      if (phase === 'running') return;
      phase = 'running';
      if (redis.status === 'wait') await redis.connect().catch(onError);
      tick();
      await inFlight;
    },

    async stop() {
      if (phase !== 'running') {
        phase = 'stopped';
        redis.disconnect();
        return;
      }
      phase = 'stopped';
      clearTimeout(loopTimer);
      await inFlight;
      const old = held;
      if (old) {
        held = undefined;
        clearTimeout(expiryTimer);
        notify(false, undefined);
        await release(old.value).catch(onError);
      }
      await redis.quit().catch(() => redis.disconnect());
    },

    isLeader,

    fencingToken() {
      return isLeader() ? held!.token : undefined;
    },

    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
