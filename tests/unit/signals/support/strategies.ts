import { StrategyBody, type StrategyBodyInput } from '../../../../contract/signals/strategy-body';
import type { Candle } from '../../../../server/domain/signals/indicators/candle';
import { compileStrategy } from '../../../../server/domain/signals/strategy';

/** Parses like the API does (defaults filled in, meaning checked), then compiles. */
export const compile = (body: StrategyBodyInput) => compileStrategy(StrategyBody.parse(body));

/** A body with the given indicators and rules, entry 50 / exit −50. */
export const strategyOf = (
  indicators: StrategyBodyInput['indicators'],
  rules: { name: string; when: unknown[]; score: number }[],
  levels: { entry?: number; exit?: number } = {},
) => compile({ version: 1, indicators, rules: rules as StrategyBodyInput['rules'], entry: levels.entry ?? 50, exit: levels.exit ?? -50 });

/** Candles from closes (open = previous close, high/low around both), one minute apart. */
export function candlesFromCloses(closes: readonly number[], start = Date.UTC(2024, 0, 1)): Candle[] {
  return closes.map((close, i) => {
    const open = i === 0 ? close : closes[i - 1]!;
    return { openTime: start + i * 60_000, open, high: Math.max(open, close) + 0.5, low: Math.min(open, close) - 0.5, close, volume: 100 };
  });
}
