export { compileStrategy } from './compile';
export { detectSignal } from './signal';
export { BUILTIN_STRATEGIES, BOLLINGER_BREAKOUT, EMA_CROSS_RSI, MACD_CROSS, RSI_REVERSION, type BuiltinStrategy } from './builtins';
export type { Candle, CompiledStrategy, Scorer, ScorerOptions } from './types';
