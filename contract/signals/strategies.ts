import { z } from 'zod';
import { Id, IdParam, IsoDateTime, Name, QueryBool, SkipLimitQuery } from '../common';
import { Timeframe } from '../codes';
import { StrategyBody } from './strategy-body';

/**
 * A strategy: a name and a body (see strategy-body.ts). `owner_id` null marks a built-in one
 * (EMA cross, RSI reversion, MACD, Bollinger breakout): readable by everyone, editable by admins.
 * Another user's strategy answers 404.
 */
export const Strategy = z.object({
  id: Id,
  name: z.string(),
  description: z.string().nullable(),
  owner_id: Id.nullable(),
  is_builtin: z.boolean(),
  /** The timeframe the author meant it for; a hint for new subscriptions, not a constraint. */
  timeframe: Timeframe.nullable(),
  /** Goes up by one whenever the body changes; scores and backtests record the version that produced them. */
  version: z.number().int().positive(),
  /** Left out when `with_body=false` and in lists. */
  body: StrategyBody.optional(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});
export type Strategy = z.infer<typeof Strategy>;

export const StrategySummary = Strategy.omit({ body: true });
export type StrategySummary = z.infer<typeof StrategySummary>;

export const StrategyList = z.object({ data: z.array(StrategySummary), count: z.number().int().nonnegative() });
export type StrategyList = z.infer<typeof StrategyList>;

export const StrategyListQuery = SkipLimitQuery.extend({
  /** `own`: yours only; `builtin`: the shipped ones only. */
  scope: z.enum(['all', 'own', 'builtin']).default('all'),
});

const Description = z.string().trim().max(2000);

export const StrategyCreate = z.strictObject({
  name: Name,
  description: Description.nullable().optional(),
  timeframe: Timeframe.nullable().optional(),
  body: StrategyBody,
});
export type StrategyCreate = z.input<typeof StrategyCreate>;

/** Omitted fields keep their value; a new body makes a new version. */
export const StrategyUpdate = z.strictObject({
  name: Name.optional(),
  description: Description.nullable().optional(),
  timeframe: Timeframe.nullable().optional(),
  body: StrategyBody.optional(),
});
export type StrategyUpdate = z.input<typeof StrategyUpdate>;

export const StrategyIdParams = z.object({ id: IdParam });

export const StrategyGetQuery = z.object({
  with_body: QueryBool.default(true),
  /** An earlier version, e.g. the one a score or backtest names; omitted: the current one. */
  version: z.coerce.number().int().positive().optional(),
});
