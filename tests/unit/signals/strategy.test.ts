/** compileStrategy and its scorers: operators, references, warm-up, rule scores, clamping. */
import { describe, expect, it } from 'vitest';
import type { Candle } from '../../../server/domain/signals/indicators/candle';
import { detectSignal } from '../../../server/domain/signals/strategy';
import { compile, candlesFromCloses, strategyOf } from './support/strategies';
import { randomWalk } from './support/randomWalk';

const totals = (scorer: { update(c: Candle): number }, candles: readonly Candle[]) => candles.map((c) => scorer.update(c));
/** One rule on a price series: which candles it holds on (once ready). */
const holds = (when: unknown[], closes: number[], indicators = {}) => {
  const strategy = strategyOf(indicators, [{ name: 'r', when, score: 10 }]);
  const scorer = strategy.createScorer();
  return candlesFromCloses(closes).map((c) => scorer.update(c) === 10);
};

describe('a known series walked to a known crossing', () => {
  // fast = SMA(2), slow = SMA(3) of 10, 10, 10, 9, 8, 12, 14, 9, 7:
  //   fast  –  10  10   9.5  8.5  10     13     11.5   8
  //   slow  –  –   10   9.67 9    9.67   11.33  11.67  10
  // fast crosses below slow on candle 3 and 7, above on candle 5.
  const strategy = strategyOf({ fast: { type: 'sma', period: 2 }, slow: { type: 'sma', period: 3 } }, [
    { name: 'up', when: ['cross_above', 'fast', 'slow'], score: 60 },
    { name: 'down', when: ['cross_below', 'fast', 'slow'], score: -60 },
  ]);
  const candles = candlesFromCloses([10, 10, 10, 9, 8, 12, 14, 9, 7]);

  it('scores the crossings and nothing else', () => {
    const scorer = strategy.createScorer();
    const ready: boolean[] = [];
    const scores = candles.map((c) => {
      const total = scorer.update(c);
      ready.push(scorer.ready);
      return total;
    });
    expect(scores).toEqual([0, 0, 0, -60, 0, 60, 0, -60, 0]);
    expect(ready).toEqual([false, false, true, true, true, true, true, true, true]);
  });

  it('turns the score into a sell, a buy and a sell', () => {
    const scorer = strategy.createScorer();
    let previous = NaN;
    const signals = candles.map((c) => {
      const total = scorer.update(c);
      const side = detectSignal(previous, total, strategy.entry, strategy.exit);
      previous = scorer.ready ? total : NaN;
      return side;
    });
    expect(signals).toEqual([null, null, null, 'sell', null, 'buy', null, 'sell', null]);
  });

  it('reports each rule’s part', () => {
    const scorer = strategy.createScorer();
    const parts = candles.map((c) => {
      scorer.update(c);
      return [scorer.ruleScore(0), scorer.ruleScore(1)];
    });
    expect(parts[5]).toEqual([60, 0]);
    expect(parts[7]).toEqual([0, -60]);
    expect(parts[6]).toEqual([0, 0]);
    expect(strategy.ruleNames).toEqual(['up', 'down']);
  });
});

describe('comparisons', () => {
  const closes = [9, 10, 11, 10, 9];
  it.each([
    ['gt', [false, false, true, false, false]],
    ['gte', [false, true, true, true, false]],
    ['lt', [true, false, false, false, true]],
    ['lte', [true, true, false, true, true]],
  ])('%s against a constant', (op, expected) => {
    expect(holds([op, 'close', 10], closes)).toEqual(expected);
  });

  it('compare two references and a constant on the left', () => {
    // open is the previous close: close > open on a rise.
    expect(holds(['gt', 'close', 'open'], [5, 6, 6, 4, 7])).toEqual([false, true, false, false, true]);
    expect(holds(['lt', 10, 'close'], closes)).toEqual([false, false, true, false, false]);
  });

  it('cross a constant as a flat line: touching is not crossing, leaving the touch upwards is', () => {
    expect(holds(['cross_above', 'close', 10], [9, 10, 11, 12, 9, 11])).toEqual([false, false, true, false, false, true]);
    expect(holds(['cross_below', 'close', 10], [11, 10, 9, 8, 11, 9])).toEqual([false, false, true, false, false, true]);
  });

  it('cross needs the previous candle’s values, so never on the first ready candle', () => {
    expect(holds(['cross_above', 'close', 5], [10, 11])).toEqual([false, false]);
  });
});

describe('logic', () => {
  const closes = [5, 15, 25, 15, 5];
  it('and, or, not, and nesting', () => {
    expect(holds(['and', ['gt', 'close', 10], ['lt', 'close', 20]], closes)).toEqual([false, true, false, true, false]);
    expect(holds(['or', ['lt', 'close', 10], ['gt', 'close', 20]], closes)).toEqual([true, false, true, false, true]);
    expect(holds(['not', ['gt', 'close', 10]], closes)).toEqual([true, false, false, false, true]);
    expect(
      holds(['and', ['gt', 'close', 0], ['or', ['not', ['lt', 'close', 20]], ['lt', 'close', 10]], ['lt', 'close', 30]], closes),
    ).toEqual([true, false, true, false, true]);
    expect(holds(['or', ['gt', 'close', 100], ['gt', 'close', 200], ['lt', 'close', 6]], closes)).toEqual([true, false, false, false, true]);
  });

  it('a crossing under a short-circuited `and` still compares with the candle just before', () => {
    // The cross of close over 10 happens on candle 1 while `volume > 150` is false; on candle 3 volume
    // is high but close did not cross again, so the rule must not hold.
    const strategy = strategyOf({}, [{ name: 'r', when: ['and', ['gt', 'volume', 150], ['cross_above', 'close', 10]], score: 10 }]);
    const scorer = strategy.createScorer();
    const candles = candlesFromCloses([5, 12, 13, 14, 5, 12]).map((c, i) => ({ ...c, volume: i >= 3 ? 200 : 100 }));
    expect(candles.map((c) => scorer.update(c))).toEqual([0, 0, 0, 0, 0, 10]);
  });
});

describe('references', () => {
  const candles = randomWalk(300, 3);

  it('a bare multi-output name means its first output', () => {
    const run = (ref: string) => {
      const strategy = strategyOf(
        { m: { type: 'macd' }, bb: { type: 'bollinger' }, st: { type: 'stoch' }, dx: { type: 'adx' } },
        [{ name: 'r', when: ['gt', ref, 0], score: 10 }],
      );
      const scorer = strategy.createScorer();
      return totals(scorer, candles);
    };
    expect(run('m')).toEqual(run('m.line'));
    expect(run('bb')).toEqual(run('bb.middle'));
    expect(run('st')).toEqual(run('st.k'));
    expect(run('dx')).toEqual(run('dx.adx'));
    expect(run('m.histogram')).not.toEqual(run('m.line'));
  });

  it('every output of every indicator is readable and ready after its lookback', () => {
    const cases: [Record<string, unknown>, string, number][] = [
      [{ type: 'sma', period: 20 }, 'x', 20],
      [{ type: 'ema', period: 20 }, 'x', 20],
      [{ type: 'wma', period: 20 }, 'x', 20],
      [{ type: 'rsi', period: 14 }, 'x', 15],
      [{ type: 'macd' }, 'x.signal', 34],
      [{ type: 'macd', fast: 3, slow: 5, signal: 4 }, 'x.histogram', 8],
      [{ type: 'bollinger', period: 10 }, 'x.lower', 10],
      [{ type: 'atr', period: 14 }, 'x', 15],
      [{ type: 'stoch', k_period: 14, k_smoothing: 3, d_period: 3 }, 'x.d', 18],
      [{ type: 'adx', period: 14 }, 'x.minus_di', 28],
      [{ type: 'obv' }, 'x', 1],
      [{ type: 'vwap' }, 'x', 1],
      [{ type: 'vwap', period: 30 }, 'x', 30],
      [{ type: 'high' }, 'x', 1],
    ];
    for (const [spec, ref, lookback] of cases) {
      const strategy = strategyOf({ x: spec as never }, [{ name: 'r', when: ['gt', ref, -1e12], score: 10 }]);
      expect(strategy.lookback, JSON.stringify(spec)).toBe(lookback);
      const scorer = strategy.createScorer();
      const firstReady = candles.findIndex((c) => (scorer.update(c), scorer.ready));
      expect(firstReady, JSON.stringify(spec)).toBe(lookback - 1);
      expect(scorer.update(candles[lookback]!), JSON.stringify(spec)).toBe(10);
    }
  });

  it('an indicator on hl2 reads the candle’s midpoint', () => {
    const strategy = strategyOf({ mid: { type: 'sma', period: 1, source: 'hl2' } }, [
      { name: 'r', when: ['gte', 'mid', 'low'], score: 10 },
      { name: 'r2', when: ['lt', 'mid', 12.25], score: 20 },
    ]);
    const scorer = strategy.createScorer();
    expect(scorer.update({ openTime: 0, open: 10, high: 14, low: 10, close: 11, volume: 1 })).toBe(30);
    expect(scorer.update({ openTime: 1, open: 10, high: 15, low: 10, close: 11, volume: 1 })).toBe(10);
  });

  it('only indicators a rule refers to count for warm-up', () => {
    const strategy = strategyOf({ slow: { type: 'sma', period: 1000 }, quick: { type: 'sma', period: 2 } }, [
      { name: 'r', when: ['gt', 'quick', 0], score: 10 },
    ]);
    expect(strategy.lookback).toBe(2);
    const scorer = strategy.createScorer();
    expect(totals(scorer, candles.slice(0, 3))).toEqual([0, 10, 10]);
  });

  it('the session VWAP follows the time zone given to the scorer', () => {
    const strategy = strategyOf({ v: { type: 'vwap' } }, [{ name: 'above', when: ['gt', 'close', 'v'], score: 60 }]);
    expect(strategy.dailySession).toBe(true);
    const at = (h: number, m: number) => Date.UTC(2024, 5, 1, h, m);
    // Two candles, the second after Tehran's midnight (20:30 UTC) but before UTC's.
    const day = [
      { openTime: at(20, 0), open: 100, high: 100, low: 100, close: 100, volume: 10 },
      { openTime: at(20, 30), open: 90, high: 90, low: 90, close: 90, volume: 1 },
    ];
    const tehran = strategy.createScorer({ utcOffsetMs: () => 3.5 * 3_600_000 });
    const utc = strategy.createScorer();
    expect(totals(tehran, day)).toEqual([0, 0]); // a new day: VWAP = 90, close is not above it
    expect(totals(utc, day)).toEqual([0, 0]);
    const later = { openTime: at(20, 45), open: 95, high: 95, low: 95, close: 95, volume: 1 };
    expect(tehran.update(later)).toBe(60); // VWAP of the new day (90 + 95) / 2 < 95
    expect(utc.update(later)).toBe(0); // VWAP of the whole UTC day (1000 + 90 + 95) / 12 ≈ 98.75 > 95
  });
});

describe('scores', () => {
  it('are clamped to ±100 while each rule keeps its own part', () => {
    const strategy = strategyOf({}, [
      { name: 'a', when: ['gt', 'close', 0], score: 80 },
      { name: 'b', when: ['gt', 'close', 5], score: 70 },
      { name: 'c', when: ['lt', 'close', 0], score: -90 },
    ]);
    const scorer = strategy.createScorer();
    expect(scorer.update(candlesFromCloses([10])[0]!)).toBe(100);
    expect([scorer.ruleScore(0), scorer.ruleScore(1), scorer.ruleScore(2)]).toEqual([80, 70, 0]);
    expect(scorer.update(candlesFromCloses([3])[0]!)).toBe(80);
    const negative = strategyOf({}, [
      { name: 'a', when: ['lt', 'close', 0], score: -80 },
      { name: 'b', when: ['lt', 'close', 5], score: -70 },
    ], { entry: 10, exit: -10 });
    expect(negative.createScorer().update(candlesFromCloses([-1])[0]!)).toBe(-100);
  });

  it('are 0, every rule’s too, until every referenced indicator is ready', () => {
    const strategy = strategyOf({ s: { type: 'sma', period: 3 } }, [
      { name: 'always', when: ['gt', 'close', 0], score: 40 },
      { name: 'avg', when: ['gt', 's', 0], score: 10 },
    ]);
    const scorer = strategy.createScorer();
    const candles = candlesFromCloses([1, 2, 3, 4]);
    expect(
      candles.map((c) => {
        const total = scorer.update(c);
        return [total, scorer.ruleScore(0), scorer.ready];
      }),
    ).toEqual([
      [0, 0, false],
      [0, 0, false],
      [50, 40, true],
      [50, 40, true],
    ]);
  });

  it('scorers of one strategy keep separate state', () => {
    const strategy = strategyOf({ s: { type: 'sma', period: 2 } }, [{ name: 'r', when: ['gt', 'close', 's'], score: 10 }]);
    const a = strategy.createScorer();
    const b = strategy.createScorer();
    const rising = candlesFromCloses([1, 2, 3]);
    const falling = candlesFromCloses([3, 2, 1]);
    expect(rising.map((c, i) => [a.update(c), b.update(falling[i]!)])).toEqual([
      [0, 0],
      [10, 0],
      [10, 0],
    ]);
  });
});

describe('warm-up for restarts', () => {
  it('covers the lookback, the settling of recursive averages and one candle for crossings', () => {
    const s = compile({
      version: 1,
      indicators: { fast: { type: 'ema', period: 12 }, slow: { type: 'ema', period: 26 }, rsi: { type: 'rsi', period: 14 } },
      rules: [
        { name: 'up', when: ['cross_above', 'fast', 'slow'], score: 60 },
        { name: 'low', when: ['lt', 'rsi', 30], score: 40 },
      ],
      entry: 50,
      exit: -50,
    });
    expect(s.lookback).toBe(26);
    // slow EMA: 26 + ⌈ln 0.001 / ln(1 − 2/27)⌉ = 26 + 90; the RSI's 15 + 94 is less; + 1 for the crossing.
    expect(s.warmup).toBe(117);
    expect(strategyOf({ s: { type: 'sma', period: 20 } }, [{ name: 'r', when: ['gt', 's', 1], score: 1 }]).warmup).toBe(20);
  });

  it('replaying `warmup` candles reproduces the scores of an uninterrupted run', () => {
    const s = compile({
      version: 1,
      indicators: { fast: { type: 'ema', period: 12 }, slow: { type: 'ema', period: 26 }, rsi: { type: 'rsi', period: 14 } },
      rules: [
        { name: 'up', when: ['cross_above', 'fast', 'slow'], score: 60 },
        { name: 'down', when: ['cross_below', 'fast', 'slow'], score: -60 },
        { name: 'low', when: ['lt', 'rsi', 30], score: 40 },
        { name: 'high', when: ['gt', 'rsi', 70], score: -40 },
      ],
      entry: 50,
      exit: -50,
    });
    const candles = randomWalk(3000, 5);
    const full = totals(s.createScorer(), candles);
    const restartAt = 2000;
    const resume = (replay: number) => {
      const scorer = s.createScorer();
      totals(scorer, candles.slice(restartAt - replay, restartAt));
      return totals(scorer, candles.slice(restartAt));
    };
    expect(resume(s.warmup)).toEqual(full.slice(restartAt));
    // The bare lookback is not enough: the EMAs' seeds still weigh and a crossing comes out differently.
    expect(resume(s.lookback + 1)).not.toEqual(full.slice(restartAt));
  });
});

describe('compileStrategy refuses what the contract refuses', () => {
  it('an unknown indicator in a body that skipped validation', async () => {
    const { compileStrategy } = await import('../../../server/domain/signals/strategy');
    const body = { version: 1, indicators: {}, rules: [{ name: 'r', when: ['gt', 'emaa', 1], score: 1 }], entry: 50, exit: -50 };
    expect(() => compileStrategy(body as never)).toThrow('unknown indicator "emaa"');
  });
});

describe('detectSignal', () => {
  it('fires on a crossing of the level, not while it is held', () => {
    expect(detectSignal(40, 50, 50, -50)).toBe('buy');
    expect(detectSignal(-100, 100, 50, -50)).toBe('buy');
    expect(detectSignal(50, 60, 50, -50)).toBeNull();
    expect(detectSignal(49, 49, 50, -50)).toBeNull();
    expect(detectSignal(-40, -50, 50, -50)).toBe('sell');
    expect(detectSignal(100, -100, 50, -50)).toBe('sell');
    expect(detectSignal(-50, -60, 50, -50)).toBeNull();
    expect(detectSignal(NaN, 100, 50, -50)).toBeNull();
    expect(detectSignal(0, 0, 0, -10)).toBeNull();
    expect(detectSignal(-5, 0, 0, -10)).toBe('buy');
  });
});
