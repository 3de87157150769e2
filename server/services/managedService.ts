import { hostname } from 'node:os';
import { z } from 'zod';
import type { ServiceStatus } from '../../contract/codes';
import type { ServiceCommandInfo, ServiceInfo, ServiceKind, ServiceLifecycleCommand } from '../../contract/system/services';
import type { JsonObject } from '../../contract/system/json';
import { ValidationError } from '../domain/errors';

/** A service's own command: its arguments' schema (errors answer 422 at `body.<field>`) and what it does. */
export interface OwnCommand<S extends z.ZodType = z.ZodType> {
  destructive: boolean;
  args: S;
  run(args: z.output<S>): Promise<JsonValue>;
}

/** What a component gives the manager: how to start and stop it, its figures and its own commands. */
export interface ServiceAdapter {
  name: string;
  kind: ServiceKind;
  market: string | null;
  start(): Promise<void>;
  stop(): Promise<void>;
  data(): Promise<JsonObject>;
  commands?: Record<string, OwnCommand>;
  /**
   * Calls `report` when the component fails on its own (a source drops, a write fails); the
   * manager then restarts it with backoff. Returns the unsubscription.
   */
  watchFailures?(report: (error: Error) => void): () => void;
}

export interface BackoffOptions {
  /** First delay after a crash; doubles on every crash that follows a short run. */
  initialMs: number;
  maxMs: number;
  /** A run at least this long counts as stable: the next crash starts again from `initialMs`. */
  stableMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 60_000, stableMs: 60_000 };

const LIFECYCLE: ServiceCommandInfo[] = [
  { name: 'start', destructive: false, args: [] },
  // Both interrupt what the service does for its users (ticks, sockets), so the app asks first.
  { name: 'stop', destructive: true, args: [] },
  { name: 'restart', destructive: true, args: [] },
];

const HOST = hostname();
/** What a command returns: any JSON (the contract's `result`). */
type JsonValue = unknown;
const iso = (ms: number) => new Date(ms).toISOString();
const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * One service's lifecycle around its adapter: status, uptime, last error, crash restarts with
 * exponential backoff, and commands. Lifecycle steps run one at a time (a restart answers once the
 * service runs again); a manual stop cancels a pending automatic restart.
 */
export function createManagedService(adapter: ServiceAdapter, options: { backoff?: BackoffOptions; onChange(service: ManagedService): void }) {
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  let status: ServiceStatus = 'stopped';
  let startedAt: number | null = null;
  let lastError: { message: string; at: string } | null = null;
  let restartCount = 0;
  let delayMs = backoff.initialMs;
  let restartTimer: NodeJS.Timeout | undefined;
  let nextRestartAt: number | null = null;
  let unwatch: (() => void) | undefined;
  let updatedAt = Date.now();
  /** The lifecycle queue: each step starts after the previous one settled. */
  let queue: Promise<unknown> = Promise.resolve();

  const serial = <T>(step: () => Promise<T>): Promise<T> => {
    const next = queue.then(step);
    queue = next.catch(() => undefined);
    return next;
  };

  const changed = () => {
    updatedAt = Date.now();
    options.onChange(service);
  };

  const cancelRestart = () => {
    clearTimeout(restartTimer);
    restartTimer = undefined;
    nextRestartAt = null;
  };

  /** Runs the adapter's start; a failure is a crash (error, then a restart with backoff). */
  const bringUp = async () => {
    try {
      await adapter.start();
    } catch (error) {
      fail(asError(error));
      return;
    }
    status = 'running';
    startedAt = Date.now();
    unwatch = adapter.watchFailures?.((error) => crash(error));
    changed();
  };

  const bringDown = async () => {
    unwatch?.();
    unwatch = undefined;
    await adapter.stop();
  };

  /** The component failed while running: a report after a manual stop, or a second one before the restart, changes nothing. */
  const crash = (error: Error) => {
    if (status === 'stopped' || restartTimer) return;
    fail(error);
  };

  /** Marks the service `error` and schedules its restart after the current backoff. */
  const fail = (error: Error) => {
    unwatch?.();
    unwatch = undefined;
    if (startedAt !== null && Date.now() - startedAt >= backoff.stableMs) delayMs = backoff.initialMs;
    status = 'error';
    lastError = { message: error.message, at: iso(Date.now()) };
    nextRestartAt = Date.now() + delayMs;
    restartTimer = setTimeout(() => void serial(restartAfterCrash), delayMs);
    restartTimer.unref();
    delayMs = Math.min(delayMs * 2, backoff.maxMs);
    changed();
  };

  const restartAfterCrash = async () => {
    restartTimer = undefined;
    nextRestartAt = null;
    // Stopped or started by hand meanwhile: nothing to do.
    if (status !== 'error') return;
    await bringDown().catch(() => undefined);
    restartCount += 1;
    await bringUp();
  };

  const start = () =>
    serial(async () => {
      if (status === 'running') return;
      cancelRestart();
      if (status === 'error') await bringDown().catch(() => undefined);
      await bringUp();
    });

  const stop = () =>
    serial(async () => {
      cancelRestart();
      if (status === 'stopped') return;
      await bringDown();
      status = 'stopped';
      startedAt = null;
      changed();
    });

  const restart = () =>
    serial(async () => {
      cancelRestart();
      if (status !== 'stopped') await bringDown();
      status = 'stopped';
      await bringUp();
    });

  const lifecycle: Record<ServiceLifecycleCommand, () => Promise<void>> = { start, stop, restart };

  const commandInfos = (): ServiceCommandInfo[] => [
    ...LIFECYCLE,
    ...Object.entries(adapter.commands ?? {}).map(([name, c]) => ({
      name,
      destructive: c.destructive,
      args: c.args instanceof z.ZodObject ? Object.keys(c.args.shape) : [],
    })),
  ];

  const service = {
    name: adapter.name,
    kind: adapter.kind,
    status: () => status,
    start,
    stop,
    restart,

    /**
     * Marks the service running without starting it: the component was started by its owner (the
     * feed manager boots each market's feed itself).
     */
    adopt(sinceIso: string | null) {
      if (status === 'running') return;
      status = 'running';
      startedAt = sinceIso ? Date.parse(sinceIso) : Date.now();
      unwatch ??= adapter.watchFailures?.((error) => crash(error));
      changed();
    },

    /** Marks the service stopped because its component went away with its owner. */
    forget() {
      cancelRestart();
      unwatch?.();
      unwatch = undefined;
      if (status === 'stopped') return;
      status = 'stopped';
      startedAt = null;
      changed();
    },

    commands: commandInfos,

    /** Runs a lifecycle or own command; 422 naming the known ones for any other. */
    async command(name: string, args: Record<string, unknown>): Promise<JsonValue> {
      if (name in lifecycle) {
        await lifecycle[name as ServiceLifecycleCommand]();
        return null;
      }
      const own = adapter.commands?.[name];
      if (!own) {
        const known = commandInfos().map((c) => c.name).join(', ');
        throw ValidationError.field(['query', 'command'], `${adapter.name} has no command "${name}"; its commands are: ${known}`);
      }
      const parsed = own.args.safeParse(args);
      if (!parsed.success) {
        throw new ValidationError(
          parsed.error.issues.map((issue) => ({ loc: ['body', ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))], msg: issue.message, type: 'value_error' })),
        );
      }
      return own.run(parsed.data);
    },

    data: () => adapter.data(),

    async info(withData: boolean): Promise<ServiceInfo> {
      return {
        name: adapter.name,
        kind: adapter.kind,
        market: adapter.market,
        status,
        started_at: status === 'running' && startedAt !== null ? iso(startedAt) : null,
        last_error: lastError,
        restart_count: restartCount,
        next_restart_at: nextRestartAt === null ? null : iso(nextRestartAt),
        pid: status === 'stopped' ? null : process.pid,
        host: HOST,
        commands: commandInfos(),
        data: withData ? await adapter.data() : null,
        updated_at: iso(updatedAt),
      };
    },
  };
  return service;
}

export type ManagedService = ReturnType<typeof createManagedService>;
