import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { TaskName } from '../../../contract';
import type { TaskInfo } from '../../../contract/system/tasks';

/**
 * The task queue on BullMQ and Redis (issue 9), what the runner uses when `REDIS_URL` is set. It
 * carries only task ids: the `tasks` table stays the truth for state, arguments and results, and
 * a job's id is its task's id, so adding the same task twice is a no-op. It also gives the runner
 * the two things BullMQ does not: a pub/sub channel telling the process that runs a task that it
 * was revoked, and a per-label lock so a periodic job runs once across processes.
 */

export interface BullmqQueueOptions {
  redisUrl: string;
  /** Keeps deployments (and test files) apart on one Redis, like the bus's prefix. */
  prefix: string;
  /**
   * How long a consumer's hold on a running job lasts without renewal; a consumer that died is
   * noticed after about this long plus one stalled check. Short in tests.
   */
  lockDurationMs?: number;
  /** How often consumers look for jobs whose holder died. */
  stalledIntervalMs?: number;
}

/** A revoke of a task running in another process: that process records it and, with terminate, aborts it. */
export interface RevokeMessage {
  id: string;
  revoke: NonNullable<TaskInfo['revoke']>;
}

const QUEUE_NAME = 'tasks';
const DEFAULT_LOCK_MS = 30_000;
const DEFAULT_STALLED_MS = 15_000;
/**
 * How often BullMQ itself puts a stalled job back before failing it. The runner applies the
 * issue-8 rule (retry-safe and fewer than 3 retries) when a job starts whose row says it already
 * ran, so BullMQ's count only has to be high enough never to decide first.
 */
const MAX_STALLED_COUNT = 10;

export function createBullmqQueue(options: BullmqQueueOptions, log?: { warn(obj: object, msg: string): void }) {
  // BullMQ joins its prefix with ':'; the bus's prefixes end with one already.
  const prefix = options.prefix.replace(/:+$/, '');
  const revokeChannel = `${prefix}:${QUEUE_NAME}:revoke`;
  const warn = (err: unknown, msg: string) => log?.warn({ err }, msg);
  // BullMQ wants maxRetriesPerRequest null on the connections a Worker blocks on.
  const connect = () => new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  // Adding a job answers an HTTP request: with Redis away it fails after a few tries, not never.
  const commands = new Redis(options.redisUrl, { maxRetriesPerRequest: 3 });
  commands.on('error', (err) => warn(err, 'the task queue lost Redis'));
  const queue = new Queue(QUEUE_NAME, { connection: commands, prefix });
  queue.on('error', (err) => warn(err, 'the task queue failed'));
  let worker: Worker | undefined;
  let subscriber: Redis | undefined;
  let workerConnection: Redis | undefined;
  let closed = false;
  /** Paused before (or while) the consumer starts: it starts paused. */
  let pausedWanted = false;

  return {
    /** Queues a written PENDING task; a job with this id already queued is left as it is. */
    async add(id: string, name: TaskName): Promise<void> {
      await queue.add(name, { id }, { jobId: id, removeOnComplete: true, removeOnFail: true });
    },

    /** Drops a waiting job (a revoked PENDING task); one already taken is left to its consumer. */
    async remove(id: string): Promise<void> {
      try {
        await queue.remove(id);
      } catch (err) {
        warn(err, 'a revoked task job could not be removed');
      }
    },

    /** Whether BullMQ still holds a job for the task (waiting, running or stalled). */
    async hasJob(id: string): Promise<boolean> {
      const state = await queue.getJobState(id);
      return state !== 'unknown' && state !== 'completed' && state !== 'failed';
    },

    async publishRevoke(message: RevokeMessage): Promise<void> {
      await commands.publish(revokeChannel, JSON.stringify(message));
    },

    /**
     * Runs jobs in this process, `concurrency` at once: `process` is given the task id and
     * resolves when the task is finished and written. `onRevoke` hears every revoke published.
     */
    async consume(handlers: {
      concurrency: number;
      process: (id: string) => Promise<void>;
      onRevoke: (message: RevokeMessage) => void;
      onFailed: (id: string, error: Error) => void;
    }): Promise<void> {
      if (worker || closed) return;
      subscriber = connect();
      subscriber.on('error', (err) => warn(err, 'the task revoke channel lost Redis'));
      subscriber.on('message', (_channel, text: string) => {
        try {
          handlers.onRevoke(JSON.parse(text) as RevokeMessage);
        } catch (err) {
          warn(err, 'a task revoke message could not be handled');
        }
      });
      await subscriber.subscribe(revokeChannel);
      workerConnection = connect();
      workerConnection.on('error', (err) => warn(err, 'the task consumer lost Redis'));
      worker = new Worker(QUEUE_NAME, async (job) => handlers.process((job.data as { id: string }).id), {
        connection: workerConnection,
        prefix,
        concurrency: handlers.concurrency,
        lockDuration: options.lockDurationMs ?? DEFAULT_LOCK_MS,
        stalledInterval: options.stalledIntervalMs ?? DEFAULT_STALLED_MS,
        maxStalledCount: MAX_STALLED_COUNT,
        autorun: !pausedWanted,
      });
      worker.on('error', (err) => warn(err, 'the task consumer failed'));
      // BullMQ gave up on a job (stalled too often): its row must not stay unfinished.
      worker.on('failed', (job, err) => {
        if (job) handlers.onFailed((job.data as { id: string }).id, err);
      });
    },

    get consuming(): boolean {
      return worker !== undefined;
    },

    pause(): void {
      pausedWanted = true;
      // Running jobs finish; no new one is taken by this process.
      void worker?.pause().catch((err: unknown) => warn(err, 'the task consumer could not pause'));
    },

    resume(): void {
      pausedWanted = false;
      void worker?.resume();
    },

    /** Jobs waiting and running across every process. */
    async counts(): Promise<{ pending: number; running: number }> {
      const counts = await queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active');
      return { pending: (counts.waiting ?? 0) + (counts.prioritized ?? 0) + (counts.delayed ?? 0), running: counts.active ?? 0 };
    },

    /**
     * A periodic job's round, once across processes: the first process to ask in a period gets
     * it, the key expiring a little before the next round so the next one can be taken.
     */
    async claimRound(label: string, everyMs: number): Promise<boolean> {
      const holdMs = Math.max(1, Math.floor(everyMs * 0.9));
      const taken = await commands.set(`${prefix}:${QUEUE_NAME}:round:${label}`, '1', 'PX', holdMs, 'NX');
      return taken === 'OK';
    },

    /**
     * Closes everything. `force` leaves running jobs where they are (the process is going away):
     * their locks run out and another consumer takes them as stalled, like after a crash.
     */
    async close(force: boolean): Promise<void> {
      if (closed) return;
      closed = true;
      const consumer = worker;
      await consumer?.close(force).catch((err: unknown) => warn(err, 'the task consumer did not close cleanly'));
      // BullMQ leaves connections it was given open; they are ours to close.
      workerConnection?.disconnect();
      await subscriber?.quit().catch(() => undefined);
      await queue.close().catch(() => undefined);
      await commands.quit().catch(() => undefined);
    },
  };
}

export type BullmqQueue = ReturnType<typeof createBullmqQueue>;
