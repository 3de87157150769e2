/** Indicators against published tables and values worked out by hand. */
import { describe, expect, it } from 'vitest';
import {
  Adx,
  Atr,
  Bollinger,
  ExpAverage,
  Macd,
  Obv,
  RollingExtreme,
  Rsi,
  Sma,
  Stoch,
  Vwap,
  Wma,
  sourceReader,
} from '../../../server/domain/signals/indicators';

const feed = (update: (x: number) => number, values: readonly number[]) => values.map(update);
const defined = (values: readonly number[]) => values.filter((v) => !Number.isNaN(v));

describe('EMA', () => {
  it('reproduces StockCharts’ 10-day EMA table (seeded with the 10-day SMA)', () => {
    const closes = [
      22.27, 22.19, 22.08, 22.17, 22.18, 22.13, 22.23, 22.43, 22.24, 22.29, 22.15, 22.39, 22.38, 22.61, 23.36, 24.05,
      23.75, 23.83, 23.95, 23.63, 23.82, 23.87, 23.65, 23.19, 23.1, 23.33, 22.68, 23.1, 22.4, 22.17,
    ];
    const published = [
      22.22, 22.21, 22.24, 22.27, 22.33, 22.52, 22.8, 22.97, 23.13, 23.28, 23.34, 23.43, 23.51, 23.53, 23.47, 23.4,
      23.39, 23.26, 23.23, 23.08, 22.92,
    ];
    const ema = ExpAverage.ema(10);
    const values = feed((x) => ema.update(x), closes);
    expect(values.slice(0, 9).every(Number.isNaN)).toBe(true);
    expect(defined(values).map((v) => Number(v.toFixed(2)))).toEqual(published);
  });

  it('is ready on the period-th input', () => {
    const ema = ExpAverage.ema(3);
    ema.update(1);
    ema.update(2);
    expect(ema.ready).toBe(false);
    expect(ema.update(6)).toBe(3);
    expect(ema.ready).toBe(true);
    expect(ema.update(7)).toBe(5); // 3 + 0.5 × (7 − 3)
  });
});

describe('RSI (Wilder)', () => {
  const closes = [
    44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28, 46.0, 46.03,
    46.41, 46.22, 45.64, 46.21, 46.25, 45.71, 46.45, 45.78, 45.35, 44.03, 44.18, 44.22, 44.57, 43.42, 42.66, 43.13,
  ];

  it('first value by hand: gains 3.34, losses 1.40 over the first 14 changes', () => {
    const rsi = new Rsi(14);
    const values = feed((x) => rsi.update(x), closes);
    expect(values.slice(0, 14).every(Number.isNaN)).toBe(true);
    expect(values[14]).toBeCloseTo((100 * 3.34) / (3.34 + 1.4), 9);
  });

  it('follows StockCharts’ published table within its rounding of the averages to cents', () => {
    const published = [
      70.53, 66.32, 66.55, 69.41, 66.36, 57.97, 62.93, 63.26, 56.06, 62.38, 54.71, 50.42, 39.99, 41.46, 41.87, 45.46, 37.3,
      33.08, 37.77,
    ];
    const rsi = new Rsi(14);
    const values = defined(feed((x) => rsi.update(x), closes));
    expect(values).toHaveLength(published.length);
    values.forEach((v, i) => expect(Math.abs(v - published[i]!)).toBeLessThan(0.1));
  });

  it('is 100 without losses and 50 on a flat window', () => {
    const rising = new Rsi(3);
    expect(defined(feed((x) => rising.update(x), [1, 2, 3, 4, 5]))).toEqual([100, 100]);
    const flat = new Rsi(3);
    expect(defined(feed((x) => flat.update(x), [7, 7, 7, 7]))).toEqual([50]);
  });
});

describe('SMA and WMA', () => {
  it('SMA(3) of 1…6', () => {
    const sma = new Sma(3);
    expect(defined(feed((x) => sma.update(x), [1, 2, 3, 4, 5, 6]))).toEqual([2, 3, 4, 5]);
  });

  it('WMA(3) weighs the newest input 3, the oldest 1', () => {
    const wma = new Wma(3);
    const values = defined(feed((x) => wma.update(x), [1, 2, 3, 4, 10]));
    expect(values[0]).toBeCloseTo((1 + 4 + 9) / 6, 12);
    expect(values[1]).toBeCloseTo((2 + 6 + 12) / 6, 12);
    expect(values[2]).toBeCloseTo((3 + 8 + 30) / 6, 12);
  });
});

describe('MACD', () => {
  it('fast 2 / slow 3 / signal 2 over 1, 2, 4, 8, 16 (fractions by hand)', () => {
    const macd = new Macd(2, 3, 2);
    const out = [1, 2, 4, 8, 16].map((x) => {
      macd.update(x);
      return [macd.line, macd.signal, macd.histogram];
    });
    expect(Number.isNaN(out[1]![0])).toBe(true);
    expect(out[2]![0]).toBeCloseTo(5 / 6, 12); // EMA2 19/6 − EMA3 7/3
    expect(Number.isNaN(out[2]![1])).toBe(true);
    expect(out[3]![0]).toBeCloseTo(11 / 9, 12);
    expect(out[3]![1]).toBeCloseTo(37 / 36, 12); // SMA of 5/6 and 11/9
    expect(out[4]![0]).toBeCloseTo(239 / 108, 12);
    expect(out[4]![1]).toBeCloseTo(589 / 324, 12);
    expect(out[4]![2]).toBeCloseTo(32 / 81, 12);
    expect(macd.ready).toBe(true);
  });
});

describe('Bollinger', () => {
  it('2, 4, 4, 4, 5, 5, 7, 9: mean 5, population σ 2', () => {
    const bb = new Bollinger(8, 2);
    [2, 4, 4, 4, 5, 5, 7, 9].forEach((x) => bb.update(x));
    expect(bb.middle).toBeCloseTo(5, 12);
    expect(bb.upper).toBeCloseTo(9, 12);
    expect(bb.lower).toBeCloseTo(1, 12);
  });

  it('a flat window has no width', () => {
    const bb = new Bollinger(3, 2);
    [4, 4, 4].forEach((x) => bb.update(x));
    expect([bb.lower, bb.middle, bb.upper]).toEqual([4, 4, 4]);
  });
});

describe('ATR', () => {
  it('period 2: true ranges from the second candle, then Wilder', () => {
    const atr = new Atr(2);
    // TR: max(12−9, |12−10|, |9−10|) = 3; max(11−10, |11−11|, |10−11|) = 1 → seed 2; then gap up: max(15−14, |15−10|, …) = 5 → 2 + (5 − 2)/2
    const values = [
      atr.update(11, 9, 10),
      atr.update(12, 9, 11),
      atr.update(11, 10, 10),
      atr.update(15, 14, 14.5),
    ];
    expect(Number.isNaN(values[1]!)).toBe(true);
    expect(values[2]).toBe(2);
    expect(values[3]).toBe(3.5);
  });
});

describe('stochastic', () => {
  it('k 3, smoothing 1, d 2 by hand', () => {
    const st = new Stoch(3, 1, 2);
    const rows: [number, number, number][] = [
      [10, 8, 9],
      [12, 9, 11],
      [11, 7, 10], // window high 12, low 7: k = 100 × 3/5 = 60
      [13, 10, 13], // high 13, low 7: k = 100 × 6/6 = 100; d = 80
    ];
    const out = rows.map(([h, l, c]) => {
      st.update(h, l, c);
      return [st.k, st.d];
    });
    expect(out[2]![0]).toBeCloseTo(60, 12);
    expect(Number.isNaN(out[2]![1])).toBe(true);
    expect(out[3]).toEqual([100, 80]);
  });

  it('a window without range gives 50', () => {
    const st = new Stoch(2, 1, 1);
    st.update(5, 5, 5);
    st.update(5, 5, 5);
    expect(st.k).toBe(50);
  });
});

describe('rolling extremes', () => {
  it('match a brute-force max and min over every window', () => {
    const values = [5, 1, 4, 4, 9, 2, 2, 8, 3, 7, 1, 1, 6];
    const max = RollingExtreme.max(3);
    const min = RollingExtreme.min(3);
    values.forEach((x, i) => {
      const window = values.slice(Math.max(0, i - 2), i + 1);
      expect(max.push(x)).toBe(Math.max(...window));
      expect(min.push(x)).toBe(Math.min(...window));
    });
  });
});

describe('ADX', () => {
  it('a steady rise is all +DI, no −DI, ADX 100', () => {
    const adx = new Adx(3);
    for (let i = 0; i < 10; i++) adx.update(11 + i, 10 + i, 11 + i); // closes at the high: true range 1
    expect(adx.plusDi).toBeCloseTo(100, 12); // +DM 1 per candle over a true range of 1
    expect(adx.minusDi).toBe(0);
    expect(adx.adx).toBeCloseTo(100, 12);
  });

  it('a market without movement gives 0, not NaN', () => {
    const adx = new Adx(2);
    for (let i = 0; i < 6; i++) adx.update(5, 5, 5);
    expect([adx.plusDi, adx.minusDi, adx.adx]).toEqual([0, 0, 0]);
  });
});

describe('OBV', () => {
  it('adds volume on a higher close, subtracts on a lower, keeps it on an equal one', () => {
    const obv = new Obv();
    const closes = [10, 11, 11, 9, 12];
    const volumes = [5, 7, 3, 2, 4];
    expect(closes.map((c, i) => obv.update(c, volumes[i]!))).toEqual([0, 7, 7, 5, 9]);
  });
});

describe('VWAP', () => {
  const HOUR = 3_600_000;
  const tehran = () => 3.5 * HOUR; // Asia/Tehran without DST (since 2022)

  it('restarts at local midnight of the market, not UTC midnight', () => {
    const vwap = new Vwap(undefined, tehran);
    const at = (h: number, m: number) => Date.UTC(2024, 5, 1, h, m);
    // 20:00 and 20:15 UTC are 23:30 and 23:45 in Tehran; 20:30 UTC is 00:00 the next day there.
    expect(vwap.update(at(20, 0), 12, 9, 9, 2)).toBe(10);
    expect(vwap.update(at(20, 15), 22, 18, 20, 3)).toBe((10 * 2 + 20 * 3) / 5);
    expect(vwap.update(at(20, 30), 33, 27, 30, 1)).toBe(30);
    expect(vwap.update(at(20, 45), 40, 40, 40, 1)).toBe(35);
    // Under UTC the day goes on until 00:00 UTC.
    const utc = new Vwap(undefined);
    utc.update(at(20, 0), 12, 9, 9, 2);
    utc.update(at(20, 15), 22, 18, 20, 3);
    expect(utc.update(at(20, 30), 33, 27, 30, 1)).toBe((20 + 60 + 30) / 6);
  });

  it('asks the time zone only near the predicted midnight', () => {
    let calls = 0;
    const vwap = new Vwap(undefined, () => {
      calls += 1;
      return 0;
    });
    for (let i = 0; i < 2 * 1440; i++) vwap.update(Date.UTC(2024, 0, 1) + i * 60_000, 2, 1, 1.5, 1);
    expect(calls).toBeLessThanOrEqual(2 * 121 + 2);
  });

  it('falls back to the typical price while there is no volume', () => {
    const vwap = new Vwap(undefined);
    expect(vwap.update(0, 3, 1, 2, 0)).toBe(2);
    const rolling = new Vwap(2);
    expect(Number.isNaN(rolling.update(0, 3, 1, 2, 0))).toBe(true);
    expect(rolling.update(60_000, 6, 3, 3, 0)).toBe(4);
  });
});

describe('price sources', () => {
  it('reads each field and the usual averages', () => {
    const c = { openTime: 0, open: 1, high: 4, low: 2, close: 3, volume: 9 };
    const read = (s: Parameters<typeof sourceReader>[0]) => sourceReader(s)(c);
    expect([read('open'), read('high'), read('low'), read('close'), read('volume')]).toEqual([1, 4, 2, 3, 9]);
    expect([read('hl2'), read('hlc3'), read('ohlc4')]).toEqual([3, 3, 2.5]);
  });
});
