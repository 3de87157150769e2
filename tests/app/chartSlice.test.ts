import { describe, expect, it } from 'vitest';
import { needsReslice, sliceColumns, sliceFor, sliceLines, SLICE_MARGIN, toLocal } from '../../src/views/chart/chartSlice';
import { bollinger, ema, LiveIndicators, macd, rsi } from '../../src/views/chart/indicators';

const ALL = { ema: true, bollinger: true, rsi: true, macd: true };
const walk = (n: number) => {
  const out: number[] = [];
  let v = 100;
  for (let i = 0; i < n; i++) out.push((v *= 1 + Math.sin(i * 1.7) * 0.01));
  return out;
};

describe('live indicators', () => {
  it('equal the whole-column indicators after the last close moves and bars are appended', () => {
    const values = walk(60);
    const live = LiveIndicators.of(values.slice(0, 10), ALL);
    const column = values.slice(0, 10);
    for (let i = 10; i < values.length; i++) {
      // The forming bar moves a few times, then the next one starts.
      column.push(values[i]! * 1.02);
      live.update(column);
      column[i] = values[i]! * 0.97;
      live.update(column);
      column[i] = values[i]!;
      live.update(column);
    }
    expect(live.ema).toEqual(ema(values, 20));
    expect(live.bollinger).toEqual(bollinger(values, 20, 2));
    expect(live.rsi).toEqual(rsi(values, 14));
    expect(live.macd).toEqual(macd(values));
  });

  it('keeps only the chosen lines', () => {
    const live = LiveIndicators.of(walk(40), { ema: true, bollinger: false, rsi: false, macd: false });
    expect(live.ema).toHaveLength(40);
    expect(live.rsi).toEqual([]);
    expect(Object.keys(sliceLines(live, { lo: 5, hi: 15 }))).toEqual(['ema']);
    expect(sliceLines(live, { lo: 5, hi: 15 }).ema).toEqual(live.ema.slice(5, 15));
  });
});

describe('the slice of candles given to ECharts', () => {
  it('covers the window with a margin each side, cut at the ends', () => {
    expect(sliceFor({ start: 9880, end: 9999 }, 10_000)).toEqual({ lo: 9880 - SLICE_MARGIN, hi: 10_000 });
    expect(sliceFor({ start: 10, end: 50 }, 10_000)).toEqual({ lo: 0, hi: 51 + SLICE_MARGIN });
    // A wide window takes a margin as wide as itself.
    expect(sliceFor({ start: 5000, end: 5999 }, 10_000)).toEqual({ lo: 4000, hi: 7000 });
    expect(toLocal({ start: 9880, end: 9999 }, { lo: 9640, hi: 10_000 })).toEqual({ start: 240, end: 359 });
  });

  it('is taken again when the window nears a cut end or the slice grew far too wide', () => {
    const slice = { lo: 9640, hi: 10_000 };
    expect(needsReslice({ start: 9880, end: 9999 }, slice, 10_000)).toBe(false);
    expect(needsReslice({ start: 9660, end: 9779 }, slice, 10_000)).toBe(true);
    expect(needsReslice({ start: 9880, end: 9999 }, { lo: 0, hi: 10_000 }, 10_000)).toBe(true);
    expect(needsReslice({ start: 0, end: 119 }, { lo: 0, hi: 360 }, 10_000)).toBe(false);
  });

  it('cuts every column alike, and hands the whole columns back when the slice is all of them', () => {
    const c = { open_time: [1, 2, 3, 4], open: [1, 2, 3, 4], high: [1, 2, 3, 4], low: [1, 2, 3, 4], close: [1, 2, 3, 4], volume: [1, 2, 3, 4] };
    expect(sliceColumns(c, { lo: 1, hi: 3 })).toEqual({ open_time: [2, 3], open: [2, 3], high: [2, 3], low: [2, 3], close: [2, 3], volume: [2, 3] });
    expect(sliceColumns(c, { lo: 0, hi: 4 })).toBe(c);
  });
});
