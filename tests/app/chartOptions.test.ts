import { describe, expect, it } from 'vitest';
import type { CandleColumns } from '../../contract/market/klines';
import {
  buildChartOption,
  buildLiveOption,
  changeKind,
  initialWindow,
  nextWindow,
  NO_INDICATORS,
  paneLayout,
  tooltipHtml,
  UP_DOWN,
  type ChartFormat,
  type ChartLabels,
  type ChartSettings,
} from '../../src/views/chart/chartOptions';
import { readColors, readIndicators } from '../../src/views/chart/chartSettings';

const columns = (rows: [number, number, number, number, number, number][]): CandleColumns => ({
  open_time: rows.map((r) => r[0]),
  open: rows.map((r) => r[1]),
  high: rows.map((r) => r[2]),
  low: rows.map((r) => r[3]),
  close: rows.map((r) => r[4]),
  volume: rows.map((r) => r[5]),
});
const candles = columns(Array.from({ length: 40 }, (_, i) => [i * 60_000, 100 + i, 102 + i, 99 + i, 101 + i, 10 + i]));
const labels: ChartLabels = {
  open: 'O', high: 'H', low: 'L', close: 'C', volume: 'V', ema: 'EMA', bollinger: 'BB', rsi: 'RSI', macd: 'MACD', signal: 'S', histogram: 'Hist',
};
const format: ChartFormat = { price: (v) => `p${v}`, volume: (v) => `v${v}`, time: (t) => `t${t}`, axisTime: (t) => `a${t}`, direction: 'rtl' };
const settings = (indicators = NO_INDICATORS, colors: ChartSettings['colors'] = 'greenUp'): ChartSettings => ({ indicators, colors, dark: false });
const ALL = { ema: true, bollinger: true, rsi: true, macd: true };

describe('chart options', () => {
  it('draws candles as [open, close, low, high] and volume in its own pane', () => {
    const option = buildChartOption(candles, settings(), labels, format, initialWindow(40, 10));
    const [candle, volume] = option.series as { id: string; data: unknown[]; xAxisIndex: number }[];
    expect(candle!.id).toBe('candles');
    expect(candle!.data[0]).toEqual([100, 101, 99, 102]);
    expect(volume!.id).toBe('volume');
    expect(volume!.xAxisIndex).toBe(1);
    expect(option.grid).toHaveLength(2);
    expect(option.dataZoom[0]).toMatchObject({ type: 'inside', startValue: 30, endValue: 39 });
  });

  it('adds EMA and three Bollinger lines to the price pane and RSI and MACD panes below', () => {
    const option = buildChartOption(candles, settings(ALL), labels, format, initialWindow(40));
    const ids = (option.series as { id: string; xAxisIndex: number }[]).map((s) => `${s.id}@${s.xAxisIndex}`);
    expect(ids).toEqual([
      'candles@0', 'volume@1', 'ema@0', 'bollinger.upper@0', 'bollinger.middle@0', 'bollinger.lower@0', 'rsi@2', 'macd.histogram@3', 'macd.line@3', 'macd.signal@3',
    ]);
    expect(option.xAxis).toHaveLength(4);
    expect(option.yAxis[2]).toMatchObject({ min: 0, max: 100 });
  });

  it('lays panes out top to bottom without overlapping, leaving room for the slider', () => {
    const panes = paneLayout(ALL);
    for (let i = 1; i < panes.length; i++) expect(panes[i]!.top).toBeGreaterThanOrEqual(panes[i - 1]!.top + panes[i - 1]!.height);
    const last = panes.at(-1)!;
    expect(last.top + last.height).toBeLessThanOrEqual(88);
  });

  it('colours candles by the chosen convention', () => {
    const style = (colors: ChartSettings['colors']) =>
      (buildChartOption(candles, settings(NO_INDICATORS, colors), labels, format, initialWindow(40)).series[0] as { itemStyle: { color: string; color0: string } }).itemStyle;
    expect(style('greenUp')).toMatchObject({ color: UP_DOWN.greenUp.up, color0: UP_DOWN.greenUp.down });
    expect(style('redUp')).toMatchObject({ color: '#dc2626', color0: '#16a34a' });
  });

  it('writes the tooltip with the translated labels and the locale formatting', () => {
    const html = tooltipHtml(candles, 2, labels, format);
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('t120000');
    for (const part of ['O', 'p102', 'H', 'p104', 'L', 'p101', 'C', 'p103', 'V', 'v12']) expect(html).toContain(part);
    expect(tooltipHtml(candles, 99, labels, format)).toBe('');
  });

  it('tells a live change (last replaced or one appended) from a full one', () => {
    const replaced = { ...candles, close: [...candles.close.slice(0, -1), 1] };
    const appended = columns([...Array.from({ length: 40 }, (_, i) => [i * 60_000, 1, 1, 1, 1, 1] as [number, number, number, number, number, number]), [40 * 60_000, 1, 1, 1, 1, 1]]);
    const older = columns([[-60_000, 1, 1, 1, 1, 1], ...Array.from({ length: 40 }, (_, i) => [i * 60_000, 1, 1, 1, 1, 1] as [number, number, number, number, number, number])]);
    expect(changeKind(candles, candles)).toBe('none');
    expect(changeKind(candles, replaced)).toBe('live');
    expect(changeKind(candles, appended)).toBe('live');
    expect(changeKind(candles, older)).toBe('full');
  });

  it('keeps the same candles in view when older ones are prepended, and follows the newest when it was shown', () => {
    const older = columns([
      ...Array.from({ length: 5 }, (_, i) => [(i - 5) * 60_000, 1, 1, 1, 1, 1] as [number, number, number, number, number, number]),
      ...Array.from({ length: 40 }, (_, i) => [i * 60_000, 1, 1, 1, 1, 1] as [number, number, number, number, number, number]),
    ]);
    expect(nextWindow({ start: 0, end: 20 }, candles, older)).toEqual({ start: 5, end: 25 });
    const appended = columns([...Array.from({ length: 41 }, (_, i) => [i * 60_000, 1, 1, 1, 1, 1] as [number, number, number, number, number, number])]);
    expect(nextWindow({ start: 30, end: 39 }, candles, appended)).toEqual({ start: 31, end: 40 });
    expect(nextWindow({ start: 10, end: 20 }, candles, appended)).toEqual({ start: 10, end: 20 });
  });

  it('a live option carries only series and tooltip, plus axes and zoom when a candle was appended', () => {
    expect(Object.keys(buildLiveOption(candles, settings(), labels, format, null))).toEqual(['series', 'tooltip']);
    const appended = buildLiveOption(candles, settings(), labels, format, { start: 1, end: 39 });
    expect(Object.keys(appended)).toEqual(['series', 'tooltip', 'xAxis', 'dataZoom']);
  });

  it('reads remembered settings, falling back on junk', () => {
    expect(readColors('redUp')).toBe('redUp');
    expect(readColors('purple')).toBe('greenUp');
    expect(readIndicators({ ema: true, rsi: 'yes' })).toEqual({ ema: true, bollinger: false, rsi: false, macd: false });
    expect(readIndicators(null)).toEqual(NO_INDICATORS);
  });
});
