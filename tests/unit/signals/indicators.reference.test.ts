/**
 * Every indicator, every output, against technicalindicators' batch functions (and trading-signals
 * where it computes the same definition) over a few thousand candles of a seeded random walk.
 */
import * as ti from 'technicalindicators';
import { RSI as TsRsi, StochasticOscillator as TsStoch } from 'trading-signals';
import { describe, expect, it } from 'vitest';
import {
  Adx,
  Atr,
  Bollinger,
  ExpAverage,
  Macd,
  Obv,
  Rsi,
  Sma,
  Stoch,
  Vwap,
  Wma,
} from '../../../server/domain/signals/indicators';
import { expectSeriesClose } from './support/expectClose';
import { column, randomWalk } from './support/randomWalk';

const candles = randomWalk(3000);
const closes = column(candles, 'close');
const highs = column(candles, 'high');
const lows = column(candles, 'low');
const volumes = column(candles, 'volume');

const run = <T>(make: () => T, step: (k: T, i: number) => number): number[] => {
  const k = make();
  return candles.map((_, i) => step(k, i));
};

describe.each([5, 14, 50, 200])('moving averages, period %i', (period) => {
  it('SMA equals technicalindicators', () => {
    const ours = run(() => new Sma(period), (k, i) => k.update(closes[i]!));
    expectSeriesClose(ours, ti.SMA.calculate({ period, values: closes }), { label: 'sma' });
  });

  it('EMA equals technicalindicators (seeded with the SMA)', () => {
    const ours = run(() => ExpAverage.ema(period), (k, i) => k.update(closes[i]!));
    expectSeriesClose(ours, ti.EMA.calculate({ period, values: closes }), { label: 'ema' });
  });

  it('WMA equals technicalindicators', () => {
    const ours = run(() => new Wma(period), (k, i) => k.update(closes[i]!));
    expectSeriesClose(ours, ti.WMA.calculate({ period, values: closes }), { label: 'wma' });
  });
});

describe.each([2, 14, 30])('RSI, period %i', (period) => {
  const ours = run(() => new Rsi(period), (k, i) => k.update(closes[i]!));

  it('equals trading-signals (Wilder, unrounded)', () => {
    const reference = new TsRsi(period);
    const values = closes.map((c) => reference.add(c)).filter((v): v is number => v !== null);
    expectSeriesClose(ours, values, { label: 'rsi' });
  });

  it('equals technicalindicators to its two decimals', () => {
    const values = ti.RSI.calculate({ period, values: closes });
    expectSeriesClose(ours, values, { relative: 0.0051, scale: 1, label: 'rsi (rounded reference)' });
    const defined = ours.filter((v) => !Number.isNaN(v));
    expect(defined.every((v, i) => Math.abs(v - values[i]!) <= 0.005 + 1e-9)).toBe(true);
  });
});

describe.each([
  [12, 26, 9],
  [5, 35, 5],
  [3, 10, 16],
])('MACD %i/%i/%i', (fast, slow, signal) => {
  const k = new Macd(fast, slow, signal);
  const out = candles.map((_, i) => {
    k.update(closes[i]!);
    return { line: k.line, signal: k.signal, histogram: k.histogram };
  });
  const reference = ti.MACD.calculate({
    values: closes,
    fastPeriod: fast,
    slowPeriod: slow,
    signalPeriod: signal,
    SimpleMAOscillator: false,
    SimpleMASignal: false,
  });

  it('line equals technicalindicators from the slow period on', () => {
    expectSeriesClose(out.map((o) => o.line), reference.map((r) => r.MACD!), { label: 'line' });
  });

  it('signal and histogram equal technicalindicators once the signal EMA is seeded', () => {
    const withSignal = reference.filter((r) => r.signal !== undefined);
    expectSeriesClose(out.map((o) => o.signal), withSignal.map((r) => r.signal!), { label: 'signal' });
    expectSeriesClose(out.map((o) => o.histogram), withSignal.map((r) => r.histogram!), { label: 'histogram' });
  });
});

describe.each([
  [20, 2],
  [10, 1.5],
  [100, 3],
])('Bollinger %i, %f σ', (period, width) => {
  it('middle, upper and lower equal technicalindicators (population σ)', () => {
    const k = new Bollinger(period, width);
    const out = candles.map((_, i) => {
      k.update(closes[i]!);
      return { middle: k.middle, upper: k.upper, lower: k.lower };
    });
    const reference = ti.BollingerBands.calculate({ period, stdDev: width, values: closes });
    for (const output of ['middle', 'upper', 'lower'] as const) {
      expectSeriesClose(out.map((o) => o[output]), reference.map((r) => r[output]), { label: output });
    }
  });
});

describe.each([7, 14, 50])('ATR, period %i', (period) => {
  it('equals technicalindicators (first true range on the second candle)', () => {
    const ours = run(() => new Atr(period), (k, i) => k.update(highs[i]!, lows[i]!, closes[i]!));
    expectSeriesClose(ours, ti.ATR.calculate({ period, high: highs, low: lows, close: closes }), { label: 'atr' });
  });
});

describe('stochastic', () => {
  it.each([
    [14, 3, 3],
    [5, 3, 5],
    [21, 7, 4],
  ])('slow %i/%i/%i: k and d equal trading-signals', (kPeriod, kSmoothing, dPeriod) => {
    const k = new Stoch(kPeriod, kSmoothing, dPeriod);
    const reference = new TsStoch({ kPeriod, kSlowingPeriod: kSmoothing, dPeriod });
    const ours: { k: number; d: number }[] = [];
    const theirs: { k: number; d: number }[] = [];
    for (const c of candles) {
      k.update(c.high, c.low, c.close);
      if (k.ready) ours.push({ k: k.k, d: k.d });
      const r = reference.add({ high: c.high, low: c.low, close: c.close });
      if (r) theirs.push({ k: r.stochK, d: r.stochD });
    }
    expect(ours.length).toBe(candles.length - (kPeriod + kSmoothing + dPeriod - 2) + 1);
    expectSeriesClose(ours.map((o) => o.k), theirs.map((t) => t.k), { label: 'k' });
    expectSeriesClose(ours.map((o) => o.d), theirs.map((t) => t.d), { label: 'd' });
  });

  it('with k_smoothing 1 it is the fast stochastic of technicalindicators', () => {
    const k = new Stoch(14, 1, 3);
    const out = candles.map((c) => {
      k.update(c.high, c.low, c.close);
      return { k: k.k, d: k.d };
    });
    const reference = ti.Stochastic.calculate({ period: 14, signalPeriod: 3, high: highs, low: lows, close: closes });
    expectSeriesClose(out.map((o) => o.k), reference.map((r) => r.k), { label: 'k' });
    expectSeriesClose(out.map((o) => o.d), reference.filter((r) => r.d !== undefined).map((r) => r.d), { label: 'd' });
  });
});

describe.each([5, 14, 30])('ADX, period %i', (period) => {
  it('adx, +DI and −DI equal technicalindicators', () => {
    const k = new Adx(period);
    const out = candles.map((c) => {
      k.update(c.high, c.low, c.close);
      return { adx: k.adx, pdi: k.plusDi, mdi: k.minusDi };
    });
    const reference = ti.ADX.calculate({ period, high: highs, low: lows, close: closes });
    expectSeriesClose(out.map((o) => o.adx), reference.map((r) => r.adx), { label: 'adx' });
    // The library reports the DIs only once the ADX exists; ours exist `period − 1` candles earlier.
    const tail = out.slice(out.length - reference.length);
    expectSeriesClose(tail.map((o) => o.pdi), reference.map((r) => r.pdi), { label: '+di' });
    expectSeriesClose(tail.map((o) => o.mdi), reference.map((r) => r.mdi), { label: '−di' });
    expect(out.findIndex((o) => !Number.isNaN(o.pdi))).toBe(period);
    expect(out.findIndex((o) => !Number.isNaN(o.adx))).toBe(2 * period - 1);
  });
});

describe('OBV', () => {
  it('equals technicalindicators (which starts on the second candle from 0)', () => {
    const ours = run(() => new Obv(), (k, i) => k.update(closes[i]!, volumes[i]!));
    expect(ours[0]).toBe(0);
    expectSeriesClose(ours.slice(1), ti.OBV.calculate({ close: closes, volume: volumes }), { scale: 1000, label: 'obv' });
  });
});

describe('VWAP', () => {
  it('within one day equals technicalindicators’ cumulative VWAP', () => {
    // 3000 candles 20 s apart from midnight stay inside one UTC day.
    const day = randomWalk(3000, 11, 100, Date.UTC(2024, 4, 1), 20_000);
    const ours = run(() => new Vwap(undefined), (k, i) => k.update(day[i]!.openTime, day[i]!.high, day[i]!.low, day[i]!.close, day[i]!.volume));
    const reference = ti.VWAP.calculate({
      high: column(day, 'high'),
      low: column(day, 'low'),
      close: column(day, 'close'),
      volume: column(day, 'volume'),
    });
    expectSeriesClose(ours, reference, { label: 'vwap' });
  });

  it.each([1, 20, 390])('rolling over %i candles equals the window recomputed', (period) => {
    const k = new Vwap(period);
    const ours = candles.map((c) => k.update(c.openTime, c.high, c.low, c.close, c.volume));
    const brute = candles.slice(period - 1).map((_, j) => {
      const window = candles.slice(j, j + period);
      const pv = window.reduce((s, c) => s + ((c.high + c.low + c.close) / 3) * c.volume, 0);
      return pv / window.reduce((s, c) => s + c.volume, 0);
    });
    expectSeriesClose(ours, brute, { label: 'rolling vwap' });
  });
});
