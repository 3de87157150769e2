import { describe, expect, it } from 'vitest';
import type { CandleColumns } from '../../contract/market/klines';
import { buildChartOption, initialWindow, NO_INDICATORS, type ChartFormat, type ChartLabels } from '../../src/views/chart/chartOptions';
import { emptyRange, fillRange, formingFrame } from '../../src/views/chart/formingOverlay';
import { LiveIndicators } from '../../src/views/chart/indicators';

const n = 60;
const candles: CandleColumns = {
  open_time: Array.from({ length: n }, (_, i) => i * 60_000),
  open: Array.from({ length: n }, (_, i) => 100 + Math.sin(i) * 5),
  high: Array.from({ length: n }, (_, i) => 108 + Math.sin(i) * 5),
  low: Array.from({ length: n }, (_, i) => 92 + Math.sin(i) * 5),
  close: Array.from({ length: n }, (_, i) => 100 + Math.cos(i) * 5),
  volume: Array.from({ length: n }, (_, i) => 10 + i),
};
const labels = { open: 'O', high: 'H', low: 'L', close: 'C', volume: 'V', ema: 'E', bollinger: 'B', rsi: 'R', macd: 'M', signal: 'S', histogram: 'H' } as ChartLabels;
const format: ChartFormat = { price: String, volume: String, time: String, axisTime: String, direction: 'ltr' };
const ALL = { ema: true, bollinger: true, rsi: true, macd: true };
const settings = { indicators: ALL, colors: 'greenUp' as const, dark: false };

describe('the forming candle overlay', () => {
  it('takes the newest candle, its volume and the last step of every shown line, in the slice index', () => {
    const indicators = LiveIndicators.of(candles.close, ALL);
    const frame = formingFrame(candles, 20, indicators, settings)!;
    expect(frame.index).toBe(n - 1 - 20);
    expect([frame.open, frame.high, frame.low, frame.close]).toEqual([candles.open[n - 1], candles.high[n - 1], candles.low[n - 1], candles.close[n - 1]]);
    // EMA, three Bollinger bands, RSI, MACD line and signal.
    expect(frame.lines).toHaveLength(7);
    const ema = frame.lines[0]!;
    expect(ema.from).toBe(indicators.ema[n - 2]);
    expect(ema.to).toBe(indicators.ema[n - 1]);
    // Volume (pane 1) and the MACD histogram (the last pane).
    expect(frame.bars.map((b) => b.pane)).toEqual([1, 3]);
    expect(frame.bars[0]!.value).toBe(n - 1 + 10);
  });

  it('asks each pane to include the forming values only while the candle is in view', () => {
    const frame = formingFrame(candles, 0, LiveIndicators.of(candles.close, ALL), settings);
    const range = emptyRange();
    fillRange(range, frame, true);
    expect(range.visible).toBe(true);
    // The price pane holds the candle and the EMA and Bollinger lines.
    const price = [candles.low[n - 1]!, candles.high[n - 1]!, ...frame!.lines.filter((l) => l.pane === 0).map((l) => l.to!)];
    expect(range.lo[0]).toBe(Math.min(...price));
    expect(range.hi[0]).toBe(Math.max(...price));
    expect(range.hi[1]).toBe(candles.volume[n - 1]);
    fillRange(range, frame, false);
    expect(range.visible).toBe(false);
    fillRange(range, null, true);
    expect(range.visible).toBe(false);
    expect(range.hi).toEqual([]);
  });

  it('leaves the forming point empty in every ECharts series, and widens the axes with it', () => {
    const range = emptyRange();
    const option = buildChartOption(candles, { ...settings, indicators: NO_INDICATORS }, labels, format, initialWindow(n), undefined, { range, source: { candles, offset: 0 } });
    const [candle, volume] = option.series as { data: ArrayLike<number>[] | Float64Array }[];
    expect((candle!.data as number[][])[n - 1]!.every(Number.isNaN)).toBe(true);
    expect((candle!.data as number[][])[n - 2]!.some(Number.isNaN)).toBe(false);
    expect(Number.isNaN((volume!.data as Float64Array)[2 * n - 1])).toBe(true);
    const price = option.yAxis[0] as unknown as { min: (e: { min: number; max: number }) => number; max: (e: { min: number; max: number }) => number };
    range.visible = true;
    range.lo[0] = 50;
    range.hi[0] = 150;
    expect(price.min({ min: 90, max: 110 })).toBeLessThan(50);
    expect(price.max({ min: 90, max: 110 })).toBeGreaterThan(150);
    range.visible = false;
    expect(price.min({ min: 90, max: 110 })).toBeGreaterThan(80);
    expect(price.max({ min: 90, max: 110 })).toBeLessThan(120);
  });
});

describe('signal marks on the chart', () => {
  it('places each mark on the candle opening at its time, under the low for a buy and over the high for a sell, in slice indices', async () => {
    const { placeMarks } = await import('../../src/views/chart/formingOverlay');
    const marks = [
      { time: candles.open_time[30]!, side: 'buy' as const, label: 'B' },
      { time: candles.open_time[45]!, side: 'sell' as const, label: 'S' },
      // Outside the slice, and between two candles: not drawn.
      { time: candles.open_time[5]!, side: 'buy' as const, label: 'B' },
      { time: candles.open_time[50]! + 1, side: 'sell' as const, label: 'S' },
    ];
    expect(placeMarks(marks, candles, { lo: 20, hi: n })).toEqual([
      { index: 10, price: candles.low[30], side: 'buy', label: 'B' },
      { index: 25, price: candles.high[45], side: 'sell', label: 'S' },
    ]);
  });
});
