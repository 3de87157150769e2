import { z } from 'zod';
import { csvList, Decimal, EpochMs, EpochMsParam, Id, IdParam, IsoDateTime, QueryBool } from '../common';
import { MarketName, OrderSide, OrderStatusCode, SymbolName, Timeframe } from '../codes';

/**
 * What the live engine (`strategy-engine`) produces: on each candle close a score per symbol of an
 * active subscription's groups, `total` and one per rule; and a signal when the total crosses the
 * strategy's entry or exit level. Both travel to the owner on `/api/ws/app` (`score` messages)
 * and are read back through `/portfolio/manager/read_*score*`.
 */

/** `total` or a rule's name (rule names never are `total`). */
export const ScoreType = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,31}$/, 'must be "total" or a rule name');

export const Score = z.object({
  subscription_id: Id,
  strategy_id: Id,
  strategy_version: z.number().int().positive(),
  /** The candles the strategy's indicators run on (the subscription's timeframe). */
  strategy_timeframe: Timeframe,
  /** The candle whose close produced this score; equals strategy_timeframe unless a finer close re-scored the forming candle. */
  timeframe: Timeframe,
  market: z.string(),
  symbol: z.string(),
  score_type: z.string(),
  /** `total`: the sum of the rules that hold, clamped to −100…100; a rule: its score while it holds, else 0. */
  value: z.number().min(-100).max(100),
  /** Close time of the candle, ms. */
  timestamp: EpochMs,
});
export type Score = z.infer<typeof Score>;

/** What became of a signal in one linked portfolio. */
export const SignalOrder = z.object({
  link_id: Id,
  portfolio_id: Id,
  /** null when no order was made (a ruleset refused it, or the mode is notify only). */
  order_id: Id.nullable(),
  status: OrderStatusCode.nullable(),
  /** Why no order was made, for the user. */
  reason: z.string().nullable(),
});
export type SignalOrder = z.infer<typeof SignalOrder>;

/** The total score crossing the entry level (buy) or the exit level (sell). Recorded once; a restart never repeats it. */
export const Signal = z.object({
  id: Id,
  subscription_id: Id,
  strategy_id: Id,
  strategy_version: z.number().int().positive(),
  market: z.string(),
  symbol: z.string(),
  timeframe: Timeframe,
  side: OrderSide,
  /** The total score that crossed. */
  score: z.number().min(-100).max(100),
  /** The level crossed: the strategy's entry for a buy, its exit for a sell. */
  level: z.number().int().min(-100).max(100),
  /** Close price of the candle. */
  price: Decimal,
  /** Close time of the candle, ms; also the chart mark's time. */
  timestamp: EpochMs,
  /** The `signal` notification sent to the subscription's owner. */
  notification_id: Id.nullable(),
  orders: z.array(SignalOrder),
  created_at: IsoDateTime,
});
export type Signal = z.infer<typeof Signal>;

export const ScoreList = z.object({ data: z.array(Score), count: z.number().int().nonnegative() });
export type ScoreList = z.infer<typeof ScoreList>;

/**
 * Filters shared by the score reads. Scores are the user's own subscriptions' only; with
 * `portfolio_id`, only those of subscriptions linked to that portfolio (another user's: 404).
 */
const ScoreFilters = z.object({
  portfolio_id: IdParam.optional(),
  subscription_id: IdParam.optional(),
  strategy_id: IdParam.optional(),
  strategy_timeframe: Timeframe.optional(),
  timeframe: Timeframe.optional(),
  market: MarketName.optional(),
});

/** `*` asks for every score type (the total and each rule). */
const ScoreTypeOrAll = z.union([z.literal('*'), ScoreType]).default('total');

/** One score: the newest at or before `timestamp` (or the newest of all); null when the symbol has none yet. */
export const ReadScoreQuery = ScoreFilters.extend({
  subscription_id: IdParam,
  market: MarketName,
  symbol: SymbolName,
  score_type: ScoreType.default('total'),
  timestamp: EpochMsParam.optional(),
});

/** The newest score per subscription and symbol: the signals board's heatmap and ranked list. */
export const ReadLastScoresQuery = ScoreFilters.extend({
  /** Comma-separated symbol names of `market`; omitted: every symbol. */
  symbols: csvList(SymbolName, 1000, { maxChars: 20_000, minItems: 0 }).optional(),
  score_type: ScoreTypeOrAll,
  /** Only symbols whose |total| reaches their subscription's listing level. */
  listed_only: QueryBool.default(false),
  /** Scores older than this (ms) are left out, e.g. symbols no longer in a group. */
  since: EpochMsParam.optional(),
  /** `strength`: |value| high to low; `newest`: timestamp high to low; `symbol`: by market then name. */
  sort: z.enum(['strength', 'newest', 'symbol']).default('strength'),
  skip: z.coerce.number().int().min(0).default(0),
  /** Large enough for 1,000 symbols × 5 subscriptions in one call. */
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
}).refine((q) => q.symbols === undefined || q.market !== undefined, {
  path: ['symbols'],
  message: 'symbols needs market: symbol names are per market',
});

/**
 * A symbol's scores over time, oldest first (as a chart wants them). Without `from_timestamp`, the
 * newest `limit` of the range; page backwards with `to_timestamp` = the oldest timestamp received.
 * `to_timestamp` is exclusive, `from_timestamp` inclusive.
 */
export const ReadSymbolScoreHistoryQuery = ScoreFilters.extend({
  subscription_id: IdParam,
  market: MarketName,
  symbol: SymbolName,
  score_type: ScoreTypeOrAll,
  from_timestamp: EpochMsParam.optional(),
  to_timestamp: EpochMsParam.optional(),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
});
