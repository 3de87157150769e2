import { z } from 'zod';
import { IsoDateTime, JsonValue, QueryBool } from '../common';
import { ServiceStatus } from '../codes';
import { JsonObject, jsonObject } from './json';

/** The kinds of DOMAIN.md; a feed runs once per market as `market-feed:{market}`. */
export const SERVICE_KINDS = ['market-feed', 'strategy-engine', 'notifier', 'task-worker', 'ws-hub'] as const;
export const ServiceKind = z.enum(SERVICE_KINDS);
export type ServiceKind = z.infer<typeof ServiceKind>;

/**
 * A service name in a request: `strategy-engine`, `market-feed:crypto`… Any well-formed name
 * passes here so that an unknown one answers 404 listing the known ones (issue 8).
 */
export const ServiceNameParam = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z-]*(:[a-z][a-z0-9_]{0,31})?$/, 'must be a service name such as "market-feed:crypto"');

/** Every service knows these; a service's own commands (a feed's `subscribe`…) come on top. */
export const ServiceLifecycleCommand = z.enum(['start', 'stop', 'restart']);
export type ServiceLifecycleCommand = z.infer<typeof ServiceLifecycleCommand>;

/** Any well-formed command passes here; one the service does not know answers 422. */
export const ServiceCommandName = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[a-z][a-z0-9_-]*$/, 'must be a command name such as "restart"');

/** A command the service accepts; `destructive` ones (stop, a feed's unsubscribe…) ask to confirm in the app. */
export const ServiceCommandInfo = z.object({
  name: z.string(),
  destructive: z.boolean(),
  /** The body fields the command takes (a feed's subscribe takes `symbol`); the app asks for them first. */
  args: z.array(z.string()),
});
export type ServiceCommandInfo = z.infer<typeof ServiceCommandInfo>;

export const ServiceInfo = z.object({
  name: z.string(),
  kind: ServiceKind,
  /** The market of a feed; null for the others. */
  market: z.string().nullable(),
  /** `error`: crashed; it is restarted with backoff at `next_restart_at`, or stays down when that is null. */
  status: ServiceStatus,
  /** Start of the current run (uptime = now − started_at); null while stopped. */
  started_at: IsoDateTime.nullable(),
  last_error: z.object({ message: z.string(), at: IsoDateTime }).nullable(),
  /** Automatic restarts after crashes since the server started. */
  restart_count: z.number().int().nonnegative(),
  next_restart_at: IsoDateTime.nullable(),
  /** Where it runs: the process id and host name (several hosts once scaled out). */
  pid: z.number().int().positive().nullable(),
  host: z.string(),
  commands: z.array(ServiceCommandInfo),
  /** The service's own figures (ticks per second, connected clients, queue depth…); null unless asked for. */
  data: JsonObject.nullable(),
  updated_at: IsoDateTime,
});
export type ServiceInfo = z.infer<typeof ServiceInfo>;

export const ServiceListQuery = z.object({
  /** Fill each service's `data`. Default false. */
  include_service_data: QueryBool.optional(),
});
export type ServiceListQuery = z.input<typeof ServiceListQuery>;

export const ServiceList = z.object({ data: z.array(ServiceInfo), count: z.number().int().nonnegative() });
export type ServiceList = z.infer<typeof ServiceList>;

export const ServiceNameQuery = z.object({ service_name: ServiceNameParam });
export type ServiceNameQuery = z.input<typeof ServiceNameQuery>;

export const ServiceData = z.object({
  name: z.string(),
  status: ServiceStatus,
  data: JsonObject,
  collected_at: IsoDateTime,
});
export type ServiceData = z.infer<typeof ServiceData>;

/** `service_name` and `command` travel in the query string; the body holds the command's arguments. */
export const ServiceCommandQuery = z.object({
  service_name: ServiceNameParam,
  command: ServiceCommandName,
});
export type ServiceCommandQuery = z.input<typeof ServiceCommandQuery>;

/**
 * The command's arguments, e.g. `{ "symbol": "BTCUSDT" }` for a feed's `subscribe`; `{}` or no body
 * for start/stop/restart. Free-form because each service defines its own; it answers 422 on bad ones.
 */
export const ServiceCommandArgs = jsonObject(16_000);
export type ServiceCommandArgs = z.input<typeof ServiceCommandArgs>;

export const ServiceCommandResult = z.object({
  command: z.string(),
  /** The service after the command took effect (a restart answers once it runs again). */
  service: ServiceInfo,
  /** What the command returned, if anything. */
  result: JsonValue,
  msg: z.string(),
});
export type ServiceCommandResult = z.infer<typeof ServiceCommandResult>;

/** `/api/ws/app` message to admins on a status change, and periodically with fresh `data`. */
export const ServiceLiveMessage = z.object({
  _type: z.literal('service'),
  params: z.object({ service_name: z.string() }),
  data: ServiceInfo,
});
export type ServiceLiveMessage = z.infer<typeof ServiceLiveMessage>;
