/** The signals contract in one import: strategy body, strategies, backtests, relations, scores and signals. */
export * from './strategy-body';
export * from './strategies';
export * from './backtest';
export * from './relations';
export * from './scores';
