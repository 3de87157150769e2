import { randomUUID } from 'node:crypto';
import type { TaskName, TaskState } from '../../../contract';
import type { TaskInfo, TaskProgress } from '../../../contract/system/tasks';
import { ConflictError } from '../errors';

/**
 * Runs background tasks (back-fill, data updates…) and reports their state by id. A minimal
 * in-process runner until the admin issue completes task control behind this same interface:
 * state lives in memory (a restart forgets it), tasks run concurrently on the event loop, and
 * `terminate` works by aborting the task's signal, which the task checks between steps.
 */

/** What a running task may do. */
export interface TaskContext {
  readonly id: string;
  /** Aborted on revoke-with-terminate and at shutdown; check it between steps. */
  readonly signal: AbortSignal;
  /** Moves the task to PROGRESS with Celery's meta. */
  progress(current: number, total: number, message?: string | null): void;
}

/** The task body; what it resolves is the task's result (JSON). */
export type TaskBody = (ctx: TaskContext) => Promise<unknown>;

export interface StartOptions {
  /** Who started it; null for system-started tasks (the first back-fill). */
  userId?: number | null;
  /** Refuse (ConflictError) when a task of this name is already running. */
  preventConcurrent?: boolean;
}

export type TaskListener = (task: TaskInfo) => void;

export interface TaskRunnerStats {
  paused: boolean;
  /** Tasks run at once at most. */
  concurrency: number;
  pending: number;
  running: number;
  byName: Partial<Record<TaskName, { pending: number; running: number }>>;
}

const RUNNING: readonly TaskState[] = ['STARTED', 'PROGRESS'];
const FINISHED: readonly TaskState[] = ['SUCCESS', 'FAILURE', 'REVOKED'];
/** Finished tasks kept in memory; the oldest go first so a long-lived server stays bounded. */
const MAX_KEPT = 1000;

const iso = (ms: number) => new Date(ms).toISOString();

interface Entry {
  info: TaskInfo;
  controller: AbortController;
  done: Promise<void>;
}

export function createTaskRunner() {
  const tasks = new Map<string, Entry>();
  const listeners = new Set<TaskListener>();

  const emit = (info: TaskInfo) => {
    for (const listener of listeners) {
      try {
        listener(structuredClone(info));
      } catch {
        // A listener's failure (a closed socket) must not break the task.
      }
    }
  };

  const update = (entry: Entry, change: Partial<TaskInfo>) => {
    Object.assign(entry.info, change, { updated_at: iso(Date.now()) });
    emit(entry.info);
  };

  const prune = () => {
    if (tasks.size <= MAX_KEPT) return;
    for (const [id, entry] of tasks) {
      if (tasks.size <= MAX_KEPT) break;
      if (FINISHED.includes(entry.info.state)) tasks.delete(id);
    }
  };

  const run = async (entry: Entry, body: TaskBody) => {
    // Started on the next turn, so the caller gets its PENDING answer first.
    await new Promise((resolve) => setImmediate(resolve));
    if (entry.info.state !== 'PENDING') return; // revoked before it started
    update(entry, { state: 'STARTED', started_at: iso(Date.now()) });
    const ctx: TaskContext = {
      id: entry.info.id,
      signal: entry.controller.signal,
      progress(current, total, message = null) {
        if (!RUNNING.includes(entry.info.state)) return;
        const progress: TaskProgress = {
          current: Math.max(0, Math.floor(current)),
          total: Math.max(0, Math.floor(total)),
          message,
        };
        update(entry, { state: 'PROGRESS', progress });
      },
    };
    try {
      const result = await body(ctx);
      const finished = iso(Date.now());
      if (entry.controller.signal.aborted) update(entry, { state: 'REVOKED', finished_at: finished });
      else update(entry, { state: 'SUCCESS', result: result ?? null, has_result: result !== undefined, finished_at: finished });
    } catch (error) {
      const finished = iso(Date.now());
      if (entry.controller.signal.aborted) {
        update(entry, { state: 'REVOKED', finished_at: finished });
      } else {
        const err = error instanceof Error ? error : new Error(String(error));
        update(entry, { state: 'FAILURE', error: { type: err.name, message: err.message }, finished_at: finished });
      }
    }
    prune();
  };

  return {
    /** Queues a task and answers at once with its PENDING record; it starts on the next turn. */
    start(name: TaskName, args: Record<string, unknown>, body: TaskBody, options: StartOptions = {}): TaskInfo {
      if (options.preventConcurrent) {
        const running = [...tasks.values()].find(
          (e) => e.info.name === name && (e.info.state === 'PENDING' || RUNNING.includes(e.info.state)),
        );
        if (running) throw new ConflictError(`A ${name} task is already running (${running.info.id})`);
      }
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
      const entry: Entry = { info, controller: new AbortController(), done: Promise.resolve() };
      tasks.set(info.id, entry);
      entry.done = run(entry, body);
      emit(info);
      return structuredClone(info);
    },

    /** A copy of the task's record; undefined for an unknown (or forgotten) id. */
    get(id: string): TaskInfo | undefined {
      const entry = tasks.get(id);
      return entry ? structuredClone(entry.info) : undefined;
    },

    /** Every kept task, newest first. */
    list(): TaskInfo[] {
      return [...tasks.values()].map((e) => structuredClone(e.info)).reverse();
    },

    /** Without terminate a pending task never starts; with it a running one is aborted too. */
    revoke(id: string, terminate = false): TaskInfo | undefined {
      const entry = tasks.get(id);
      if (!entry) return undefined;
      if (FINISHED.includes(entry.info.state)) return structuredClone(entry.info);
      const revoke = { at: iso(Date.now()), terminate };
      if (entry.info.state === 'PENDING') {
        update(entry, { revoke, state: 'REVOKED', finished_at: iso(Date.now()) });
        entry.controller.abort();
      } else {
        update(entry, { revoke });
        if (terminate) entry.controller.abort();
      }
      return structuredClone(entry.info);
    },

    /** Drops a finished task's record; false when unknown or still running. */
    forget(id: string): boolean {
      const entry = tasks.get(id);
      if (!entry || !FINISHED.includes(entry.info.state)) return false;
      return tasks.delete(id);
    },

    /** Called on every state or progress change (the app socket's `task` messages). */
    onChange(listener: TaskListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Resolves when the task has finished (immediately for an unknown id). */
    async wait(id: string): Promise<TaskInfo | undefined> {
      const entry = tasks.get(id);
      if (!entry) return undefined;
      await entry.done;
      return structuredClone(entry.info);
    },

    /**
     * The `task-worker` service's stop and start: while paused, running tasks finish and pending
     * ones wait. SCAFFOLD: the task runtime work implements these (issue 8).
     */
    pause(): void {},
    resume(): void {},

    /** The `task-worker` service's figures: queue depth and what runs, overall and per task name. */
    stats(): TaskRunnerStats {
      const byName: TaskRunnerStats['byName'] = {};
      let pending = 0;
      let running = 0;
      for (const { info } of tasks.values()) {
        const slot = (byName[info.name] ??= { pending: 0, running: 0 });
        if (info.state === 'PENDING') (pending++, slot.pending++);
        else if (RUNNING.includes(info.state)) (running++, slot.running++);
      }
      return { paused: false, concurrency: Infinity, pending, running, byName };
    },

    /** Aborts every unfinished task and waits for them, so the store can close after. */
    async stop(): Promise<void> {
      const pending = [...tasks.values()].filter((e) => !FINISHED.includes(e.info.state));
      for (const entry of pending) entry.controller.abort();
      await Promise.all(pending.map((e) => e.done));
    },
  };
}

export type TaskRunner = ReturnType<typeof createTaskRunner>;
