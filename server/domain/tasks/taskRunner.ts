import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { TaskName } from '../../../contract';
import { taskArgs, type TaskInfo, type TaskProgress } from '../../../contract/system/tasks';
import { isUniqueViolation } from '../../store/repositories/marketLists';
import type { Database } from '../../store/schema';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { createBullmqQueue, type BullmqQueueOptions, type RevokeMessage } from './bullmqQueue';
import { createTaskScheduler } from './scheduler';
import { ACTIVE_STATES, FINISHED_STATES, RUNNING_STATES, createTaskStore, type TaskStore } from './taskStore';

/**
 * The task runtime (Celery's model, embedded): each task name is defined once with its body;
 * `start` validates the arguments, writes the task PENDING and queues it; a bounded number run at
 * once in this process. Every transition is written to the `tasks` table, so state and results
 * survive a restart, and `recover()` settles what a previous process left unfinished (re-queued
 * where a retry is safe, else FAILURE/WorkerLost). `terminate` aborts the task's signal, which the
 * body checks between steps.
 *
 * The queue is in this process by default. With `options.queue` (REDIS_URL) it is BullMQ: any
 * process writes the row PENDING and adds a job whose id is the task's; processes told to
 * `consume` run the jobs and write the task's changes; reads stay database reads everywhere.
 */

/** What a running task may do. */
export interface TaskContext {
  readonly id: string;
  /** Aborted on revoke-with-terminate and at shutdown; check it between steps. */
  readonly signal: AbortSignal;
  /** Moves the task to PROGRESS with Celery's meta. */
  progress(current: number, total: number, message?: string | null): void;
}

export type TaskArgsOf<N extends TaskName> = z.output<(typeof taskArgs)[N]>;

export interface TaskDefinition<N extends TaskName> {
  /** Safe to run again from the start after a crash cut it off (idempotent). */
  retrySafe: boolean;
  /** The body; what it resolves is the task's result (JSON). */
  run(args: TaskArgsOf<N>, ctx: TaskContext): Promise<unknown>;
}

export interface StartOptions {
  /** Who started it; null for scheduled and system-started tasks. */
  userId?: number | null;
  /** Refuse (ConflictError naming it) when a task of this name is pending or running. */
  preventConcurrent?: boolean;
}

export interface TaskRuntimeDeps {
  db: Kysely<Database>;
  /** Tasks run at once at most (TASK_CONCURRENCY). */
  concurrency: number;
  /** Finished tasks older than this are dropped (TASK_RETENTION_DAYS). */
  retentionDays?: number;
  log?: { warn(obj: object, msg: string): void };
}

export type TaskListener = (task: TaskInfo) => void;

export interface TaskRunnerOptions {
  /** BullMQ on Redis instead of the in-process queue (REDIS_URL); see bullmqQueue.ts. */
  queue?: BullmqQueueOptions;
  /**
   * With `queue`: whether this process runs jobs (the worker and all roles) or only adds them
   * (api). Default true. Without `queue` the process always runs its own tasks.
   */
  consume?: boolean;
}

export interface TaskRunnerStats {
  paused: boolean;
  /** Tasks run at once at most. */
  concurrency: number;
  pending: number;
  running: number;
  byName: Partial<Record<TaskName, { pending: number; running: number }>>;
}

/** A task cut off by a crash is run again at most this many times. */
export const MAX_RECOVERY_RETRIES = 3;
/** Progress is written (and pushed) at most this often per task; the last one always is. */
const PROGRESS_WRITE_MS = 250;
/** Tasks kept in memory for get/list/wait; the database keeps them all. */
const MAX_KEPT = 1000;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DEFAULT_RETENTION_DAYS = 30;

const iso = (ms: number) => new Date(ms).toISOString();

/** 404 for a task name nobody defined; the message lists the known ones. */
export class UnknownTaskError extends NotFoundError {
  constructor(name: string, known: readonly string[]) {
    super(`Task "${name}"`);
    this.message = `Unknown task "${name}"; known tasks: ${known.join(', ')}`;
  }
}

interface Entry {
  info: TaskInfo;
  args: unknown;
  controller: AbortController;
  done: Promise<void>;
  finish: () => void;
  /** The task's writes, in order. */
  writes: Promise<void>;
  lastProgressWrite: number;
  progressTimer: NodeJS.Timeout | undefined;
  /** Aborted by stop(): its row stays unfinished for the next start's recover(). */
  interrupted: boolean;
  /** Why the insert failed (a unique violation is prevent_concurrent losing a race). */
  insertError?: unknown;
}

export function createTaskRunner(initial?: TaskRuntimeDeps, options: TaskRunnerOptions = {}) {
  const workerId = `${hostname()}:${process.pid}:${randomUUID()}`;
  const definitions = new Map<TaskName, TaskDefinition<TaskName>>();
  const entries = new Map<string, Entry>();
  const queue: Entry[] = [];
  const running = new Set<Entry>();
  const listeners = new Set<TaskListener>();
  let runtime: { deps: TaskRuntimeDeps; store: TaskStore } | undefined;
  let paused = false;
  let stopping = false;
  let startLock: Promise<unknown> = Promise.resolve();
  const lazyLog = { warn: (obj: object, msg: string) => runtime?.deps.log?.warn(obj, msg) };
  /** BullMQ when configured; undefined for the in-process queue. */
  const shared = options.queue ? createBullmqQueue(options.queue, lazyLog) : undefined;
  const consumes = !shared || options.consume !== false;
  let sharedStats: TaskRunnerStats = { paused: false, concurrency: 0, pending: 0, running: 0, byName: {} };
  let statsRefresh: Promise<void> | undefined;

  const need = () => {
    if (!runtime) throw new Error('the task runner has no database yet (attach it first)');
    return runtime;
  };
  const warn = (err: unknown, msg: string) => runtime?.deps.log?.warn({ err }, msg);

  const emit = (info: TaskInfo) => {
    for (const listener of listeners) {
      try {
        listener(structuredClone(info));
      } catch {
        // A listener's failure (a closed socket) must not break the task.
      }
    }
  };

  const persist = (entry: Entry) => {
    const snapshot = structuredClone(entry.info);
    entry.writes = entry.writes
      .then(() => need().store.save(snapshot, workerId))
      .catch((err: unknown) => warn(err, 'a task change could not be written'));
  };

  /** Changes the task, writes it and tells the listeners. */
  const update = (entry: Entry, change: Partial<TaskInfo>) => {
    Object.assign(entry.info, change, { updated_at: iso(Date.now()) });
    persist(entry);
    emit(entry.info);
  };

  const flushProgress = (entry: Entry) => {
    if (entry.progressTimer) clearTimeout(entry.progressTimer);
    entry.progressTimer = undefined;
    entry.lastProgressWrite = Date.now();
    update(entry, {});
  };

  const keep = (entry: Entry) => {
    entries.set(entry.info.id, entry);
    if (entries.size <= MAX_KEPT) return;
    for (const [id, kept] of entries) {
      if (entries.size <= MAX_KEPT) break;
      if (FINISHED_STATES.includes(kept.info.state)) entries.delete(id);
    }
  };

  const newEntry = (info: TaskInfo, args: unknown): Entry => {
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    return { info, args, controller: new AbortController(), done, finish, writes: Promise.resolve(), lastProgressWrite: 0, progressTimer: undefined, interrupted: false };
  };

  const settle = async (entry: Entry) => {
    await entry.writes;
    entry.finish();
  };

  /** Runs the body; `markStarted` false when the caller already wrote STARTED (the shared queue's take). */
  const execute = async (entry: Entry, markStarted = true) => {
    const definition = definitions.get(entry.info.name)!;
    if (markStarted) update(entry, { state: 'STARTED', started_at: iso(Date.now()) });
    const ctx: TaskContext = {
      id: entry.info.id,
      signal: entry.controller.signal,
      progress(current, total, message = null) {
        if (!RUNNING_STATES.includes(entry.info.state)) return;
        const progress: TaskProgress = { current: Math.max(0, Math.floor(current)), total: Math.max(0, Math.floor(total)), message };
        Object.assign(entry.info, { state: 'PROGRESS', progress });
        const wait = entry.lastProgressWrite + PROGRESS_WRITE_MS - Date.now();
        if (wait <= 0) flushProgress(entry);
        else entry.progressTimer ??= setTimeout(() => flushProgress(entry), wait);
      },
    };
    let outcome: Partial<TaskInfo>;
    try {
      const result = await definition.run(entry.args as never, ctx);
      outcome = entry.controller.signal.aborted ? { state: 'REVOKED' } : { state: 'SUCCESS', result: (result ?? null) as TaskInfo['result'], has_result: result !== undefined };
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      outcome = entry.controller.signal.aborted ? { state: 'REVOKED' } : { state: 'FAILURE', error: { type: err.name, message: err.message } };
    }
    if (entry.progressTimer) clearTimeout(entry.progressTimer);
    entry.progressTimer = undefined;
    // Cut off by a shutdown: the row stays as it was and the next start's recover() settles it.
    if (entry.interrupted) return;
    update(entry, { ...outcome, finished_at: iso(Date.now()) });
  };

  const pump = () => {
    while (runtime && !paused && !stopping && running.size < runtime.deps.concurrency && queue.length > 0) {
      const entry = queue.shift()!;
      if (entry.info.state !== 'PENDING') continue; // revoked while it waited
      running.add(entry);
      void execute(entry)
        .catch((err: unknown) => warn(err, 'a task could not run'))
        .finally(() => {
          running.delete(entry);
          void settle(entry);
          pump();
        });
    }
  };

  /** Queues a PENDING entry; it starts on a later turn so the caller answers PENDING first. */
  const enqueue = (entry: Entry) => {
    keep(entry);
    if (entry.info.state !== 'PENDING') return; // revoked before it was written
    queue.push(entry);
    setImmediate(pump);
  };

  const parseArgs = <N extends TaskName>(name: N, args: unknown): TaskArgsOf<N> => {
    const parsed = taskArgs[name].safeParse(args ?? {});
    if (parsed.success) return parsed.data as TaskArgsOf<N>;
    throw new ValidationError(parsed.error.issues.map((issue) => ({ loc: ['query', 'args', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))], msg: issue.message, type: 'value_error' })));
  };

  const knownNames = () => [...definitions.keys()].sort();

  const finishEntry = (entry: Entry, change: Partial<TaskInfo>) => {
    update(entry, { ...change, finished_at: iso(Date.now()) });
    void settle(entry);
  };

  /**
   * Creates the task in memory at once and writes it PENDING; it is queued once written. The
   * insert is the first of the task's writes, so every later change lands on an existing row.
   */
  const submit = (name: TaskName, args: unknown, options: StartOptions, exclusive = false): Entry => {
    const { store } = need();
    if (stopping) throw new Error('the task runner is stopped; no task can start');
    const now = iso(Date.now());
    const info: TaskInfo = {
      id: randomUUID(),
      name,
      state: 'PENDING',
      progress: null,
      has_result: false,
      result: null,
      error: null,
      args: structuredClone(args) as TaskInfo['args'],
      user_id: options.userId ?? null,
      retries: 0,
      revoke: null,
      created_at: now,
      started_at: null,
      finished_at: null,
      updated_at: now,
    };
    const entry = newEntry(info, args);
    // With the shared queue another process may run it: only the table knows its state then.
    if (!shared) keep(entry);
    entry.writes = store.insert(structuredClone(info), workerId, exclusive).then(
      () => (shared ? handOver(entry) : enqueue(entry)),
      (err: unknown) => {
        entry.insertError = err;
        if (!isUniqueViolation(err)) warn(err, 'a task could not be written');
        Object.assign(entry.info, { state: 'FAILURE', error: { type: 'StoreError', message: 'The task could not be stored' }, finished_at: iso(Date.now()) });
        entry.finish();
      },
    );
    emit(info);
    return entry;
  };

  /** Shared queue: adds the written task's job; a task that cannot be queued ends FAILURE. */
  const handOver = async (entry: Entry) => {
    try {
      await shared!.add(entry.info.id, entry.info.name);
      void ensureConsuming();
    } catch (err) {
      warn(err, 'a task could not be queued');
      const now = iso(Date.now());
      Object.assign(entry.info, { state: 'FAILURE', error: { type: 'QueueError', message: 'The task could not be queued' }, finished_at: now, updated_at: now });
      await need().store.transition(structuredClone(entry.info), workerId, ['PENDING']);
      emit(entry.info);
    }
    entry.finish();
  };

  /** Issue 8's rule for a task found running after its process was lost: why it must fail, or undefined to retry. */
  const lostReason = (info: TaskInfo): string | undefined => {
    const definition = definitions.get(info.name);
    if (!definition) return 'no worker defines this task any more';
    try {
      parseArgs(info.name, info.args);
    } catch (error) {
      return `its arguments are no longer valid (${(error as Error).message})`;
    }
    if (info.state === 'PENDING') return undefined;
    if (!definition.retrySafe) return 'it is not safe to run again';
    if (info.retries >= MAX_RECOVERY_RETRIES) return `it was retried ${info.retries} times already`;
    return undefined;
  };

  const workerLost = (info: TaskInfo, reason: string, cause: string): TaskInfo => {
    const now = iso(Date.now());
    return { ...info, state: 'FAILURE', error: { type: 'WorkerLost', message: `The task was interrupted by ${cause}; ${reason}.` }, finished_at: now, updated_at: now };
  };

  /**
   * Shared queue: runs the job of task `id` here. The row decides: PENDING is taken by a
   * compare-and-set (a revoke in another process may have won); STARTED/PROGRESS means its
   * consumer died (BullMQ found the job stalled), and issue 8's rule retries or fails it.
   */
  const runJob = async (id: string): Promise<void> => {
    const { store } = need();
    const info = await store.get(id);
    if (!info || FINISHED_STATES.includes(info.state)) return;
    const now = iso(Date.now());
    const reason = lostReason(info);
    if (reason) {
      const lost = workerLost(info, reason, info.state === 'PENDING' ? 'a worker that cannot run it' : 'the loss of its worker');
      if (await store.transition(lost, workerId, ACTIVE_STATES)) emit(lost);
      return;
    }
    const wasRunning = info.state !== 'PENDING';
    const started: TaskInfo = { ...info, state: 'STARTED', progress: null, started_at: now, updated_at: now, retries: info.retries + (wasRunning ? 1 : 0) };
    if (!(await store.transition(started, workerId, wasRunning ? RUNNING_STATES : ['PENDING']))) return;
    const entry = newEntry(started, parseArgs(info.name, info.args));
    keep(entry);
    running.add(entry);
    emit(started);
    // A revoke published before the entry was registered here was missed: the row has it.
    const latest = await store.get(id).catch(() => undefined);
    if (latest?.revoke) onRevoke({ id, revoke: latest.revoke });
    try {
      await execute(entry, false);
    } finally {
      running.delete(entry);
      await settle(entry);
    }
    // Cut off by stop(): the job must not complete, so that another consumer takes it as stalled.
    if (entry.interrupted) throw new Error('the task was interrupted by a shutdown');
  };

  /** Shared queue: a revoke published by another process, for a task running here. */
  const onRevoke = ({ id, revoke }: RevokeMessage) => {
    const entry = entries.get(id);
    if (!entry || !RUNNING_STATES.includes(entry.info.state)) return;
    update(entry, { revoke });
    if (revoke.terminate) entry.controller.abort();
  };

  /** Shared queue: BullMQ gave a job up (stalled too often, or it failed outside the body). */
  const onJobFailed = (id: string, error: Error) => {
    if (stopping) return; // a job cut off by stop() is left for another consumer
    void (async () => {
      const info = await need().store.get(id);
      if (!info || FINISHED_STATES.includes(info.state)) return;
      const lost = workerLost(info, error.message, 'the task queue');
      if (await need().store.transition(lost, workerId, ACTIVE_STATES)) emit(lost);
    })().catch((err: unknown) => warn(err, 'a failed task job could not be settled'));
  };

  /** Shared queue: this process starts taking jobs (once it is attached and consumes). */
  const ensureConsuming = async (): Promise<void> => {
    if (!shared || !consumes || !runtime || stopping || shared.consuming) return;
    await shared
      .consume({ concurrency: runtime.deps.concurrency, process: runJob, onRevoke, onFailed: onJobFailed })
      .catch((err: unknown) => warn(err, 'the task consumer could not start'));
  };

  const refreshSharedStats = () => {
    statsRefresh ??= (async () => {
      const [counts, byName] = await Promise.all([shared!.counts(), need().store.activeByName()]);
      sharedStats = { paused: consumes && paused, concurrency: consumes ? (runtime?.deps.concurrency ?? 0) : 0, ...counts, byName };
    })()
      .catch((err: unknown) => warn(err, 'the task queue figures could not be read'))
      .finally(() => (statsRefresh = undefined));
    return statsRefresh;
  };

  const activeOfName = async (name: TaskName): Promise<TaskInfo | undefined> => {
    const here = [...entries.values()].find((e) => e.info.name === name && ACTIVE_STATES.includes(e.info.state));
    return here ? here.info : need().store.activeOfName(name);
  };

  /**
   * Periodic tasks (Celery beat): callers add their jobs (gap repair, retention); the task-worker
   * service starts and stops it with the runner.
   */
  const scheduler = createTaskScheduler({
    log: lazyLog,
    // Shared queue: one process runs each round (a Redis key per label and period).
    ...(shared ? { claim: (label: string, everyMs: number) => shared.claimRound(label, everyMs) } : {}),
  }).every({
    label: 'task retention',
    everyMs: () => (runtime ? HOUR : 0),
    async tick() {
      await runner.pruneFinished(Date.now() - (runtime?.deps.retentionDays ?? DEFAULT_RETENTION_DAYS) * DAY);
    },
  });

  /** Shared queue: revoke of a task not running here, settled in the table and told to its consumer. */
  const revokeShared = async (id: string, revoke: NonNullable<TaskInfo['revoke']>): Promise<TaskInfo | undefined> => {
    const { store } = need();
    const info = await store.get(id);
    if (!info || FINISHED_STATES.includes(info.state)) return info;
    const now = iso(Date.now());
    if (info.state === 'PENDING') {
      const revoked: TaskInfo = { ...info, revoke, state: 'REVOKED', finished_at: now, updated_at: now };
      // Compare-and-set: a consumer taking it at this moment wins, and then it is revoked as running.
      if (await store.transition(revoked, null, ['PENDING'])) {
        await shared!.remove(id);
        emit(revoked);
        return revoked;
      }
      return revokeShared(id, revoke);
    }
    const marked: TaskInfo = { ...info, revoke, updated_at: now };
    await store.markRevoke(id, revoke);
    // The consumer records it in its own copy (else its next write would drop it) and, with terminate, aborts.
    await shared!.publishRevoke({ id, revoke });
    return marked;
  };

  /**
   * Shared queue's recover(): PENDING rows get their job again (a no-op when it exists); running
   * rows whose job BullMQ still holds are left to its stalled-job check, since their worker may be
   * alive in another process; the rest (the queue lost them) follow issue 8's rule.
   */
  const recoverShared = async (): Promise<{ requeued: number; failed: number }> => {
    const { store } = need();
    let requeued = 0;
    let failed = 0;
    for (const info of await store.unfinished()) {
      if (info.state !== 'PENDING' && (await shared!.hasJob(info.id))) continue;
      const reason = lostReason(info);
      if (reason) {
        const lost = workerLost(info, reason, info.state === 'PENDING' ? 'a worker that cannot run it' : 'the loss of its worker');
        if (await store.transition(lost, workerId, [info.state])) failed++;
        continue;
      }
      if (info.state !== 'PENDING') {
        const again: TaskInfo = { ...info, state: 'PENDING', started_at: null, retries: info.retries + 1, updated_at: iso(Date.now()) };
        if (!(await store.transition(again, workerId, [info.state]))) continue;
      }
      await shared!.add(info.id, info.name);
      requeued++;
    }
    // The consumer starts once the tasks are defined: a worker's start-up calls recover() last.
    await ensureConsuming();
    return { requeued, failed };
  };

  const runner = {
    /** This process's id in the `worker_id` column (host:pid:boot-uuid). */
    workerId,

    scheduler,

    /** Gives the runner its database and limits; tasks queued from here on start at once. */
    attach(deps: TaskRuntimeDeps) {
      runtime = { deps, store: createTaskStore(deps.db) };
      setImmediate(pump);
    },

    /** Defines a task name's body, once. */
    define<N extends TaskName>(name: N, definition: TaskDefinition<N>) {
      if (definitions.has(name)) throw new Error(`task ${name} is already defined`);
      definitions.set(name, definition as unknown as TaskDefinition<TaskName>);
    },

    /** The names that have a body, sorted. */
    names: knownNames,

    /**
     * Checks the name and arguments (defaults applied), writes the task PENDING and queues it.
     * NotFound for an unknown name (listing the known ones), Conflict naming the task that
     * prevent_concurrent found, Validation at query.args.<field>.
     */
    async start(name: string, args: unknown = {}, options: StartOptions = {}): Promise<TaskInfo> {
      if (!definitions.has(name as TaskName)) throw new UnknownTaskError(name, knownNames());
      const taskName = name as TaskName;
      const parsed = parseArgs(taskName, args);
      const create = async () => {
        if (options.preventConcurrent) {
          const active = await activeOfName(taskName);
          if (active) throw new ConflictError(`A ${name} task is already ${active.state === 'PENDING' ? 'waiting' : 'running'}: ${active.id}`);
        }
        const entry = submit(taskName, parsed, options, options.preventConcurrent === true);
        await entry.writes;
        if (isUniqueViolation(entry.insertError)) {
          // Another process's start won the race; the index let only its row in.
          const winner = await need().store.activeOfName(taskName);
          throw new ConflictError(`A ${name} task is already ${winner?.state === 'PENDING' ? 'waiting' : 'running'}: ${winner?.id ?? 'unknown'}`);
        }
        if (entry.info.state === 'FAILURE') throw new Error(`the ${name} task could not be ${entry.insertError ? 'stored' : 'queued'}`);
        return structuredClone(entry.info);
      };
      if (!options.preventConcurrent) return create();
      // prevent_concurrent's check-then-insert runs one at a time in this process.
      const attempt = startLock.then(create);
      startLock = attempt.catch(() => undefined);
      return attempt;
    },

    /**
     * Like start, but answers at once with the id (Celery's apply_async) for callers that cannot
     * wait (a notifier listener); the row is written in the background. No prevent_concurrent.
     */
    submit(name: TaskName, args: unknown = {}, options: Omit<StartOptions, 'preventConcurrent'> = {}): TaskInfo {
      if (!definitions.has(name)) throw new UnknownTaskError(name, knownNames());
      return structuredClone(submit(name, parseArgs(name, args), options).info);
    },

    /** A copy of a task this process knows (started or recovered here); undefined otherwise. */
    get(id: string): TaskInfo | undefined {
      const entry = entries.get(id);
      return entry ? structuredClone(entry.info) : undefined;
    },

    /** The tasks this process knows, newest first (the database has every task: find, report). */
    list(): TaskInfo[] {
      return [...entries.values()].map((e) => structuredClone(e.info)).reverse();
    },

    /** A task from the database, whoever ran it; undefined for an unknown (or forgotten) id. */
    async find(id: string): Promise<TaskInfo | undefined> {
      const entry = entries.get(id);
      // Shared queue: a copy here is only current while the task runs here.
      if (entry && (!shared || running.has(entry))) return structuredClone(entry.info);
      return need().store.get(id);
    },

    /** The database, for the report's queries. */
    store: (): TaskStore => need().store,

    /** Without terminate a pending task never starts; with it a running one is aborted too. */
    async revoke(id: string, terminate = false): Promise<TaskInfo | undefined> {
      const entry = entries.get(id);
      const revoke = { at: iso(Date.now()), terminate };
      if (shared && (!entry || !running.has(entry))) return revokeShared(id, revoke);
      if (!entry) {
        // Not this process's: a pending one is settled here, a running one is only marked.
        const { store } = need();
        const info = await store.get(id);
        if (!info || FINISHED_STATES.includes(info.state)) return info;
        const now = iso(Date.now());
        const changed: TaskInfo = info.state === 'PENDING' ? { ...info, revoke, state: 'REVOKED', finished_at: now, updated_at: now } : { ...info, revoke, updated_at: now };
        await store.save(changed, null);
        emit(changed);
        return changed;
      }
      if (FINISHED_STATES.includes(entry.info.state)) return structuredClone(entry.info);
      if (entry.info.state === 'PENDING') {
        entry.controller.abort();
        finishEntry(entry, { revoke, state: 'REVOKED' });
      } else {
        update(entry, { revoke });
        if (terminate) entry.controller.abort();
      }
      await entry.writes;
      return structuredClone(entry.info);
    },

    /** Deletes a finished task's record; Conflict for one not finished, false when unknown. */
    async forget(id: string): Promise<boolean> {
      const { store } = need();
      const info = entries.get(id)?.info ?? (await store.get(id));
      if (!info) return false;
      if (!FINISHED_STATES.includes(info.state)) throw new ConflictError(`Task ${id} is ${info.state}; only a finished task can be forgotten`);
      entries.delete(id);
      return store.deleteFinished(id);
    },

    /** Called on every state change and (throttled) progress change. */
    onChange(listener: TaskListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Resolves when the task has finished and is written (at once for a task not run here). */
    async wait(id: string): Promise<TaskInfo | undefined> {
      const entry = entries.get(id);
      if (!entry) return runtime?.store.get(id);
      await entry.done;
      return structuredClone(entry.info);
    },

    /** The `task-worker` service's stop: running tasks finish, pending ones wait (no-op without consuming). */
    pause(): void {
      if (!consumes) return;
      paused = true;
      shared?.pause();
    },

    /** The `task-worker` service's start: pending tasks run again. */
    resume(): void {
      if (!consumes) return;
      paused = false;
      if (shared) {
        void ensureConsuming();
        shared.resume();
      }
      setImmediate(pump);
    },

    /** The `task-worker` service's figures: queue depth and what runs, overall and per task name. */
    stats(): TaskRunnerStats {
      if (shared) {
        // BullMQ's figures are a Redis round trip away: the last ones read, refreshed now.
        void refreshSharedStats();
        return structuredClone(sharedStats);
      }
      const byName: TaskRunnerStats['byName'] = {};
      let pendingCount = 0;
      for (const { info } of queue) {
        if (info.state !== 'PENDING') continue;
        pendingCount++;
        (byName[info.name] ??= { pending: 0, running: 0 }).pending++;
      }
      for (const { info } of running) (byName[info.name] ??= { pending: 0, running: 0 }).running++;
      return { paused, concurrency: runtime?.deps.concurrency ?? 0, pending: pendingCount, running: running.size, byName };
    },

    /**
     * Settles what a previous process left unfinished; call once after migrating, before serving.
     * PENDING ones are queued again; a running one is run again (retries + 1) when its definition
     * says a retry is safe and it has retries left, else it ends FAILURE with a WorkerLost error.
     */
    async recover(): Promise<{ requeued: number; failed: number }> {
      const { store } = need();
      await store.pruneFinished(Date.now() - (runtime?.deps.retentionDays ?? DEFAULT_RETENTION_DAYS) * DAY);
      if (shared) return recoverShared();
      let requeued = 0;
      let failed = 0;
      for (const info of await store.unfinished()) {
        const definition = definitions.get(info.name);
        const wasRunning = info.state !== 'PENDING';
        const now = iso(Date.now());
        let args: unknown;
        let failure: string | undefined;
        try {
          args = definition ? parseArgs(info.name, info.args) : undefined;
        } catch (error) {
          failure = `its arguments are no longer valid (${(error as Error).message})`;
        }
        if (!definition) failure = 'no worker defines this task any more';
        else if (wasRunning && !definition.retrySafe) failure = 'it is not safe to run again';
        else if (wasRunning && info.retries >= MAX_RECOVERY_RETRIES) failure = `it was retried ${info.retries} times already`;
        if (failure) {
          const lost: TaskInfo = {
            ...info,
            state: 'FAILURE',
            error: { type: 'WorkerLost', message: `The task was interrupted by a server restart; ${failure}.` },
            finished_at: now,
            updated_at: now,
          };
          await store.save(lost, workerId);
          failed++;
          continue;
        }
        const again: TaskInfo = { ...info, state: 'PENDING', started_at: null, retries: info.retries + (wasRunning ? 1 : 0), updated_at: now };
        await store.save(again, workerId);
        enqueue(newEntry(again, args));
        emit(again);
        requeued++;
      }
      return { requeued, failed };
    },

    /** Drops finished tasks created before `before` (epoch ms); the scheduler calls it. */
    async pruneFinished(before: number): Promise<number> {
      return need().store.pruneFinished(before);
    },

    /**
     * Shutdown: nothing new starts, running tasks are aborted and awaited. Their rows stay as they
     * were (STARTED/PROGRESS), so the next start's recover() retries or fails them like a crash.
     */
    async stop(): Promise<void> {
      stopping = true;
      scheduler.stop();
      if (shared) {
        // The consumer lets go first, so an aborted task's job can neither complete nor fail:
        // its lock runs out and another consumer retries or fails it, like after a crash.
        const busy = [...running];
        for (const entry of busy) entry.interrupted = true;
        await shared.close(true);
        for (const entry of busy) entry.controller.abort();
        await Promise.all(busy.map((e) => e.done));
        return;
      }
      const busy = [...running];
      for (const entry of busy) {
        entry.interrupted = true;
        entry.controller.abort();
      }
      await Promise.all(busy.map((e) => e.done));
      // Whoever waits on a task that will not start here is released; its row stays PENDING.
      for (const entry of queue.splice(0)) entry.finish();
    },
  };
  if (initial) runner.attach(initial);
  return runner;
}

export type TaskRunner = ReturnType<typeof createTaskRunner>;
