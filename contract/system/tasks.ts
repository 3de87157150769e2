import { z } from 'zod';
import { Email, EpochMs, Id, IsoDateTime, JsonValue, LongText, OffsetLimitQuery, QueryBool } from '../common';
import { DataSourceName, MarketName, SymbolName, TaskName, TaskState, Timeframe } from '../codes';
import { JsonObject, jsonObjectQueryParam } from './json';
import { DataUpdateType } from '../market/markets';

/**
 * Task ids: a UUID from the embedded runner; BullMQ ids are also accepted, hence the looser pattern.
 * An unknown id answers 404.
 */
export const TaskId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9:_-]*$/, 'must be a task id');

/**
 * A task name in a request is any well-formed name, not the enum: an unknown one must answer 404
 * listing the known ones (issue 8), not a bare 422.
 */
export const TaskNameParam = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z_]*\.[a-z][a-z_]*$/, 'must be a task name such as "market.backfill"');

/**
 * The arguments each task takes. The server validates `args` against these, and the admin tasks
 * panel renders its start form from `z.toJSONSchema(taskArgs[name])`.
 */
export const taskArgs = {
  'market.data_update': z.strictObject({
    market: MarketName,
    source: DataSourceName.optional(),
    /** Omitted: every timeframe the source serves. */
    timeframes: z.array(Timeframe).min(1).max(10).optional(),
    /** Omitted: every active symbol of the market. */
    symbols: z.array(SymbolName).min(1).max(1000).optional(),
    /** As data_update's: new candles since the newest stored (`klines`, the default), the whole window again (`gaps`), or symbol details. */
    data_type: DataUpdateType.optional(),
  }),
  'market.backfill': z.strictObject({
    market: MarketName,
    source: DataSourceName.optional(),
    symbols: z.array(SymbolName).min(1).max(1000).optional(),
    timeframe: Timeframe.optional(),
    /** Omitted: from the source's earliest candle (or the configured history depth). */
    from: EpochMs.optional(),
    /** Omitted: now. */
    to: EpochMs.optional(),
  }),
  'strategy.recompute_scores': z.strictObject({
    /** Neither id: every active subscription. */
    strategy_id: Id.optional(),
    subscription_id: Id.optional(),
    from: EpochMs.optional(),
  }),
  /**
   * The strategy id plus the backtest request of POST /strategy/{id}/backtest, which the
   * strategy contract validates; that route is the usual way to start one.
   */
  'strategy.backtest': z
    .object({ strategy_id: Id })
    .catchall(JsonValue)
    .refine((value) => JSON.stringify(value).length <= 16_000, 'must be at most 16000 characters as JSON'),
  'notification.expire': z.strictObject({}),
  'notification.deliver': z.strictObject({
    /** Omitted: a test message through `channel_id` (a channel's "send a test message"). */
    notification_id: Id.optional(),
    /** Omitted: every matching active channel of the owner. */
    channel_id: Id.optional(),
  }),
  /** What test-celery starts: counts `steps` with progress, optionally failing at the end. */
  'system.test': z.strictObject({
    steps: z.number().int().min(1).max(100).default(5),
    step_ms: z.number().int().min(0).max(10_000).default(500),
    fail: z.boolean().default(false),
  }),
  'email.send': z.strictObject({
    to: Email,
    subject: z.string().trim().min(1).max(200),
    text: LongText,
  }),
} satisfies Record<TaskName, z.ZodType>;
export type TaskArgs<N extends TaskName> = z.input<(typeof taskArgs)[N]>;

const isKnownTask = (name: string): name is TaskName => Object.hasOwn(taskArgs, name);

/**
 * GET has no body, so the task's arguments travel as one JSON-encoded query value:
 * `?task_name=market.backfill&args={"market":"crypto","timeframe":"1h"}` (URL-encoded).
 * Omitted `args` means `{}`. Arguments are checked against `taskArgs[task_name]`; errors point
 * at `args.<field>`.
 */
export const TaskStartQuery = z
  .object({
    task_name: TaskNameParam,
    /** Refuse (409, naming the running task) when a task of this name is already running. Default false. */
    prevent_concurrent: QueryBool.optional(),
    args: jsonObjectQueryParam(8_000).optional(),
  })
  .superRefine((query, ctx) => {
    if (!isKnownTask(query.task_name)) return; // the server answers 404 with the known names
    const parsed = taskArgs[query.task_name].safeParse(query.args ?? {});
    for (const issue of parsed.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: ['args', ...issue.path], message: issue.message });
    }
  });
export type TaskStartQuery = z.input<typeof TaskStartQuery>;

export const TaskStateQuery = z.object({
  task_id: TaskId,
  /** Include `result` (it can be large, e.g. a backtest). Default false. */
  get_result: QueryBool.optional(),
  /** Drop the stored record after answering (a finished task only, else 409); later reads answer 404. */
  forget: QueryBool.optional(),
});
export type TaskStateQuery = z.input<typeof TaskStateQuery>;

export const TaskRevokeQuery = z.object({
  task_id: TaskId,
  /**
   * Also stop it if running, cleanly between steps; it ends REVOKED. Without it a pending task
   * never starts and a running one finishes. Default false.
   */
  terminate: QueryBool.optional(),
});
export type TaskRevokeQuery = z.input<typeof TaskRevokeQuery>;

/** How far back `recent` reaches when report_all is off. */
export const TASK_RECENT_WINDOW_HOURS = 24;

export const TaskReportQuery = OffsetLimitQuery.extend({
  /** Every stored task, not just the running ones and those of the last 24 hours. Default false. */
  report_all: QueryBool.optional(),
  state: TaskState.optional(),
  name: TaskName.optional(),
});
export type TaskReportQuery = z.input<typeof TaskReportQuery>;

/** Celery's PROGRESS meta. */
export const TaskProgress = z.object({
  current: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  message: z.string().nullable(),
});
export type TaskProgress = z.infer<typeof TaskProgress>;

/** `type` tells a bug from an interruption, e.g. `WorkerLost` for a task cut off by a restart. */
export const TaskError = z.object({ type: z.string(), message: z.string() });
export type TaskError = z.infer<typeof TaskError>;

export const TaskInfo = z.object({
  id: z.string(),
  name: TaskName,
  state: TaskState,
  /** Set while PROGRESS, kept at its last value after. */
  progress: TaskProgress.nullable(),
  /** Whether a result is stored; `result` itself only comes with /task/state?get_result=true. */
  has_result: z.boolean(),
  result: JsonValue,
  error: TaskError.nullable(),
  args: JsonObject,
  /** Who started it; null for scheduled (periodic) and system-started tasks. */
  user_id: Id.nullable(),
  /** Retries after an interruption, for tasks that are safe to retry. */
  retries: z.number().int().nonnegative(),
  /** A revoke was asked for; with terminate, a running task shows this until it stops. */
  revoke: z.object({ at: IsoDateTime, terminate: z.boolean() }).nullable(),
  created_at: IsoDateTime,
  started_at: IsoDateTime.nullable(),
  finished_at: IsoDateTime.nullable(),
  updated_at: IsoDateTime,
});
export type TaskInfo = z.infer<typeof TaskInfo>;

export const TaskReport = z.object({
  /** Every state is present (0 when none), over the same tasks as `data` before paging. */
  counts: z.record(TaskState, z.number().int().nonnegative()),
  /** Every running task (STARTED or PROGRESS), unpaged: worker concurrency bounds it. */
  running: z.array(TaskInfo),
  /** Newest first: every task with report_all, else those created in the recent window. */
  data: z.array(TaskInfo),
  count: z.number().int().nonnegative(),
  /** Start of the recent window; null with report_all. */
  since: IsoDateTime.nullable(),
});
export type TaskReport = z.infer<typeof TaskReport>;

/**
 * `/api/ws/app` message on every state or progress change, sent to admins and to the user who
 * started the task (a backtest's owner watches its progress bar).
 */
export const TaskLiveMessage = z.object({
  _type: z.literal('task'),
  params: z.object({ task_id: z.string(), name: TaskName }),
  data: TaskInfo,
});
export type TaskLiveMessage = z.infer<typeof TaskLiveMessage>;
