import { z } from 'zod';
import { Decimal, EpochMs, Id, IdParam, PositiveDecimal } from '../common';
import { MarketName, SymbolName, TaskState, Timeframe } from '../codes';

/**
 * Backtests run as `strategy.backtest` tasks over stored klines, through the same incremental
 * indicators as live scoring, so a result is what the live engine would have done. Deterministic:
 * the same request over the same data gives the same result. A range without data ends the task
 * in FAILURE with a message, never an empty success.
 *
 * Ratios (returns, drawdown, win rate, exposure) are fractions: 0.125 means 12.5 %.
 */

export const MAX_BACKTEST_SYMBOLS = 20;
/** Curves are downsampled to this many points (last value of each bucket) so a 1m run stays drawable. */
export const MAX_CURVE_POINTS = 2000;

export const BacktestParams = z.object({ strategyId: IdParam });

const requestShape = {
  market: MarketName,
  symbols: z
    .array(SymbolName)
    .min(1)
    .max(MAX_BACKTEST_SYMBOLS)
    .refine((names) => new Set(names).size === names.length, 'each symbol once'),
  timeframe: Timeframe,
  /** Start of the range, ms; indicators warm up on the candles before it. */
  from: EpochMs,
  /** End of the range (exclusive), ms. */
  to: EpochMs,
  /** Cash at the start, in the market's currency; all symbols trade from one balance. */
  initial_balance: PositiveDecimal,
  /** Fraction of each fill's value paid as fee; omitted: the market's `fee_rate` setting. */
  fee_rate: z.number().min(0).max(0.1).optional(),
  /** Fraction of current equity put into each entry (capped by free cash). Long only: entry buys, exit sells. */
  position_size: z.number().gt(0).max(1).default(1),
};

export const BacktestRequest = z
  .strictObject(requestShape)
  .refine((r) => r.to > r.from, { path: ['to'], message: 'to must be after from' });
export type BacktestRequest = z.input<typeof BacktestRequest>;

/** The answer to the request: follow the task (`/task/state`, the app socket's `task` messages) for progress and the result. */
export const BacktestStarted = z.object({
  task_id: z.string(),
  task_name: z.literal('strategy.backtest'),
  state: TaskState,
});
export type BacktestStarted = z.infer<typeof BacktestStarted>;

export const BacktestTrade = z.object({
  market: z.string(),
  symbol: z.string(),
  entry_time: EpochMs,
  entry_price: Decimal,
  entry_score: z.number(),
  exit_time: EpochMs,
  exit_price: Decimal,
  /** null when the position was closed at the end of the range rather than by an exit signal. */
  exit_score: z.number().nullable(),
  exit_reason: z.enum(['signal', 'end_of_range']),
  amount: Decimal,
  /** Fees of both fills. */
  fees: Decimal,
  /** Net of fees, in the market's currency. */
  pnl: Decimal,
  return: z.number(),
  bars_held: z.number().int().nonnegative(),
});
export type BacktestTrade = z.infer<typeof BacktestTrade>;

export const EquityPoint = z.object({
  timestamp: EpochMs,
  equity: Decimal,
  /** The initial balance split evenly over the symbols and held through the range. */
  buy_and_hold: Decimal,
  /** Fall from the highest equity so far, 0 or negative (−0.2 = 20 % below the peak). */
  drawdown: z.number().max(0),
});
export type EquityPoint = z.infer<typeof EquityPoint>;

/** One row of the monthly returns grid; `months[0]` is January, null where the range does not reach. */
export const MonthlyReturnsRow = z.object({
  year: z.number().int(),
  months: z.array(z.number().nullable()).length(12),
  total: z.number(),
});
export type MonthlyReturnsRow = z.infer<typeof MonthlyReturnsRow>;

/** Sharpe and Sortino: per-candle returns, risk-free rate 0, annualised by the candles in a year. */
export const BacktestMetrics = z.object({
  total_return: z.number(),
  cagr: z.number(),
  /** Deepest fall from a peak, as a positive fraction. */
  max_drawdown: z.number().min(0),
  /** null when returns do not vary (no trades). */
  sharpe: z.number().nullable(),
  /** null when there is no losing candle. */
  sortino: z.number().nullable(),
  /** null without trades. */
  win_rate: z.number().min(0).max(1).nullable(),
  /** Gross profit / gross loss; null without a losing trade. */
  profit_factor: z.number().nonnegative().nullable(),
  trade_count: z.number().int().nonnegative(),
  /** Share of the time a position was open. */
  exposure: z.number().min(0).max(1),
  buy_and_hold_return: z.number(),
  final_equity: Decimal,
  net_profit: Decimal,
  fees_paid: Decimal,
});
export type BacktestMetrics = z.infer<typeof BacktestMetrics>;

export const BacktestSymbolResult = z.object({
  symbol: z.string(),
  trade_count: z.number().int().nonnegative(),
  net_profit: Decimal,
  win_rate: z.number().min(0).max(1).nullable(),
  buy_and_hold_return: z.number(),
});
export type BacktestSymbolResult = z.infer<typeof BacktestSymbolResult>;

/** The task's result on SUCCESS. */
export const BacktestResult = z.object({
  strategy_id: Id,
  strategy_version: z.number().int().positive(),
  /** The request with defaults resolved (fee_rate filled in), for comparing runs. */
  request: z.object({ ...requestShape, fee_rate: z.number(), position_size: z.number() }),
  candle_count: z.number().int().nonnegative(),
  elapsed_ms: z.number().nonnegative(),
  metrics: BacktestMetrics,
  per_symbol: z.array(BacktestSymbolResult),
  /** In entry order. */
  trades: z.array(BacktestTrade),
  equity_curve: z.array(EquityPoint).max(MAX_CURVE_POINTS),
  monthly_returns: z.array(MonthlyReturnsRow),
});
export type BacktestResult = z.infer<typeof BacktestResult>;
