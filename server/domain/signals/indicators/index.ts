/** The incremental indicator kernel: one candle at a time, O(1) per update, no allocation. */
export type { Candle } from './candle';
export { Adx } from './adx';
export { Atr } from './atr';
export { Bollinger } from './bollinger';
export { ExpAverage } from './expAverage';
export { Macd } from './macd';
export { Obv } from './obv';
export { Rsi } from './rsi';
export { Sma } from './sma';
export { Stoch } from './stoch';
export { Vwap } from './vwap';
export { Wma } from './wma';
export { RollingExtreme } from './rollingExtreme';
export { sourceReader, type SourceReader } from './priceSource';
export { planIndicator, type IndicatorNode, type IndicatorPlan, type NodeOptions, type NodeTarget } from './fromSpec';
