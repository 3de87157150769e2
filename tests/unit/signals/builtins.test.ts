/** The four built-in strategies another helper seeds: valid bodies that actually trade. */
import { describe, expect, it } from 'vitest';
import { Timeframe } from '../../../contract/codes';
import { StrategyBody } from '../../../contract/signals/strategy-body';
import { BUILTIN_STRATEGIES, compileStrategy, detectSignal } from '../../../server/domain/signals/strategy';
import { randomWalk } from './support/randomWalk';

describe('built-in strategies', () => {
  it('are the four of DOMAIN.md with unique keys and names', () => {
    expect(BUILTIN_STRATEGIES.map((s) => s.name)).toEqual(['EMA cross + RSI', 'RSI reversion', 'MACD', 'Bollinger breakout']);
    expect(new Set(BUILTIN_STRATEGIES.map((s) => s.key)).size).toBe(4);
  });

  it('the EMA cross + RSI one is DOMAIN.md’s example body', () => {
    expect(StrategyBody.parse(BUILTIN_STRATEGIES[0]!.body)).toEqual(
      StrategyBody.parse({
        version: 1,
        indicators: {
          fast: { type: 'ema', period: 12 },
          slow: { type: 'ema', period: 26 },
          rsi: { type: 'rsi', period: 14 },
        },
        rules: [
          { name: 'trend_up', when: ['cross_above', 'fast', 'slow'], score: 60 },
          { name: 'trend_down', when: ['cross_below', 'fast', 'slow'], score: -60 },
          { name: 'oversold', when: ['lt', 'rsi', 30], score: 40 },
          { name: 'overbought', when: ['gt', 'rsi', 70], score: -40 },
        ],
        entry: 50,
        exit: -50,
      }),
    );
  });

  describe.each(BUILTIN_STRATEGIES.map((s) => [s.name, s] as const))('%s', (_, builtin) => {
    it('parses with the contract’s StrategyBody and has a valid timeframe and both descriptions', () => {
      const parsed = StrategyBody.safeParse(builtin.body);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(Timeframe.safeParse(builtin.timeframe).success).toBe(true);
      expect(builtin.description.en.length).toBeGreaterThan(20);
      expect(builtin.description.fa).toMatch(/[\u0600-\u06FF]/);
    });

    it('gives buy and sell signals on a random walk', () => {
      const strategy = compileStrategy(StrategyBody.parse(builtin.body));
      const scorer = strategy.createScorer();
      let previous = NaN;
      const seen = { buy: 0, sell: 0 };
      for (const candle of randomWalk(5000, 21)) {
        const total = scorer.update(candle);
        const side = detectSignal(previous, total, strategy.entry, strategy.exit);
        if (side) seen[side]++;
        previous = scorer.ready ? total : NaN;
      }
      expect(seen.buy).toBeGreaterThan(0);
      expect(seen.sell).toBeGreaterThan(0);
    });
  });
});
