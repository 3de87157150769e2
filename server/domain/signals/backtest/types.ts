import type { BacktestResult } from '../../../../contract/signals/backtest';
import type { CompiledStrategy } from '../strategy/types';

/** Candles as columns (what the klines repository reads), oldest first. */
export interface CandleColumns {
  open_time: ArrayLike<number>;
  open: ArrayLike<number>;
  high: ArrayLike<number>;
  low: ArrayLike<number>;
  close: ArrayLike<number>;
  volume: ArrayLike<number>;
}

export interface BacktestSymbol {
  market: string;
  symbol: string;
  candles: CandleColumns;
}

export interface BacktestInput {
  symbols: readonly BacktestSymbol[];
  strategy: CompiledStrategy;
  /** Cash at the start, split equally over the symbols. */
  initialBalance: number;
  /** Fraction of each fill's value paid as fee. */
  feeRate: number;
  /** Fraction (0, 1] of the symbol's equity put into each entry. */
  positionSize: number;
  timeframeMs: number;
  /** Candles opening before this only warm the indicators up (no trading, not in the results). Omitted: every candle trades. */
  from?: number;
  /** Candles opening at or after this are left out. */
  to?: number;
  /** The market's UTC offset at an instant: the session VWAP's days and the months of the returns grid. UTC when omitted. */
  utcOffsetMs?: (epochMs: number) => number;
  /** Decimals of money, prices and amounts in the output (default 8). */
  decimals?: number;
  /** Called after every chunk of candles and once at the end; `total` counts warm-up candles too. */
  onProgress?: (done: number, total: number) => void;
  /** Candles per chunk (default 50,000). Between chunks the event loop runs, progress is reported and `signal` checked. */
  chunkSize?: number;
  /** Aborting it stops the run between chunks with the signal's reason. */
  signal?: AbortSignal;
}

/** The contract's result without what the task adds around the run (ids, version, request, elapsed time). */
export type BacktestOutcome = Pick<
  BacktestResult,
  'candle_count' | 'metrics' | 'per_symbol' | 'trades' | 'equity_curve' | 'monthly_returns'
>;
