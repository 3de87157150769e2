export { runBacktest, CAGR_CAP } from './runBacktest';
export type { BacktestInput, BacktestOutcome, BacktestSymbol, CandleColumns } from './types';
