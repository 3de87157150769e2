import type { CandleColumns } from '../../../contract/market/klines';
import type { FormingRange } from './formingOverlay';
import { bollinger, ema, macd, rsi, type Bands, type Line, type Macd } from './indicators';

/**
 * ECharts options for the candlestick chart, as pure functions of the candles and the person's
 * settings (ECharts cannot draw under jsdom, so this is what the unit tests check). Panes, top to
 * bottom: price (candles, EMA, Bollinger), volume, then RSI and MACD when shown. Time runs left to
 * right in both languages; only the text around it follows the page's direction.
 */

export type ColorConvention = 'greenUp' | 'redUp';
export const COLOR_CONVENTIONS: readonly ColorConvention[] = ['greenUp', 'redUp'];

export interface IndicatorToggles {
  ema: boolean;
  bollinger: boolean;
  rsi: boolean;
  macd: boolean;
}
export const INDICATORS = ['ema', 'bollinger', 'rsi', 'macd'] as const satisfies readonly (keyof IndicatorToggles)[];
export const NO_INDICATORS: IndicatorToggles = { ema: false, bollinger: false, rsi: false, macd: false };

export const EMA_PERIOD = 20;
export const BOLLINGER_PERIOD = 20;
export const RSI_PERIOD = 14;

export interface ChartSettings {
  indicators: IndicatorToggles;
  colors: ColorConvention;
  dark: boolean;
}

/** Translated names, from the view's `t`. */
export interface ChartLabels {
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  ema: string;
  bollinger: string;
  rsi: string;
  macd: string;
  signal: string;
  histogram: string;
}

/** Locale formatting, from the view (Persian digits in fa). */
export interface ChartFormat {
  price: (value: number) => string;
  volume: (value: number) => string;
  /** Date and time of a candle, for the tooltip. */
  time: (openTime: number) => string;
  /** Short time for the axis. */
  axisTime: (openTime: number) => string;
  direction: 'rtl' | 'ltr';
}

/** The visible candles, by index (inclusive). */
export interface ZoomWindow {
  start: number;
  end: number;
}

export const UP_DOWN: Record<ColorConvention, { up: string; down: string }> = {
  greenUp: { up: '#16a34a', down: '#dc2626' },
  redUp: { up: '#dc2626', down: '#16a34a' },
};

/** Candles shown when a chart opens: the newest ones. */
export const INITIAL_VISIBLE = 120;

export function initialWindow(count: number, visible = INITIAL_VISIBLE): ZoomWindow {
  return { start: Math.max(0, count - visible), end: Math.max(0, count - 1) };
}

/**
 * The window after the candles changed from `before` to `after`: older candles prepended shift it
 * so the same candles stay in view; a window that showed the newest candle keeps following it.
 */
export function nextWindow(window: ZoomWindow, before: CandleColumns, after: CandleColumns): ZoomWindow {
  const oldCount = before.open_time.length;
  const newCount = after.open_time.length;
  if (oldCount === 0 || newCount === 0) return initialWindow(newCount);
  const firstBefore = before.open_time[0]!;
  const shift = Math.max(0, after.open_time.indexOf(firstBefore));
  const followsNewest = window.end >= oldCount - 1;
  let start = window.start + shift;
  let end = window.end + shift;
  if (followsNewest) {
    const grow = newCount - 1 - end;
    start += grow;
    end += grow;
  }
  end = Math.min(end, newCount - 1);
  start = Math.max(0, Math.min(start, end));
  return { start, end };
}

/** How the candles changed: nothing, only the last one moved or a new one appended, or more. */
export function changeKind(before: CandleColumns, after: CandleColumns): 'none' | 'live' | 'full' {
  if (before === after) return 'none';
  const n = before.open_time.length;
  const m = after.open_time.length;
  if (n === 0 || before.open_time[0] !== after.open_time[0]) return 'full';
  if (m === n && before.open_time[n - 1] === after.open_time[m - 1]) return 'live';
  if (m === n + 1 && before.open_time[n - 1] === after.open_time[n - 1]) return 'live';
  return 'full';
}

interface Pane {
  id: 'price' | 'volume' | 'rsi' | 'macd';
  top: number;
  height: number;
}

/** Pane placement in percent of the chart's height, leaving room for the slider at the bottom. */
export function paneLayout(indicators: IndicatorToggles): Pane[] {
  const extra = (['rsi', 'macd'] as const).filter((id) => indicators[id]);
  const gap = 3;
  const top = 4;
  const bottom = 14;
  const volume = 12;
  const pane = 15;
  const price = 100 - top - bottom - volume - gap - extra.length * (pane + gap);
  const panes: Pane[] = [
    { id: 'price', top, height: price },
    { id: 'volume', top: top + price + gap, height: volume },
  ];
  let at = top + price + gap + volume + gap;
  for (const id of extra) {
    panes.push({ id, top: at, height: pane });
    at += pane + gap;
  }
  return panes;
}

export const PALETTE = { ema: '#2563eb', bollinger: '#a855f7', rsi: '#f59e0b', macd: '#2563eb', signal: '#f97316' };

/** Width of a candle or bar as a share of its slot (the forming-candle overlay draws the same). */
export const BAR_WIDTH = 0.6;
const BAR_WIDTH_OPTION = `${BAR_WIDTH * 100}%`;

/** Indicator lines worked out elsewhere (over the whole history), aligned with the candles given. */
export interface IndicatorLines {
  ema?: Line;
  bollinger?: Bands;
  rsi?: Line;
  macd?: Macd;
}

/**
 * A line's or bars' values as the flat typed array ECharts takes for `[index, value]` points (NaN where
 * undefined). ECharts copies a typed array in one go, while a plain array costs it per-item
 * compatibility checks and an id made from each item's category name, on every setOption.
 */
export function pairs(values: readonly (number | null)[], maskLast = false): Float64Array {
  const out = new Float64Array(values.length * 2);
  for (let i = 0; i < values.length; i++) {
    out[i * 2] = i;
    out[i * 2 + 1] = values[i] ?? NaN;
  }
  // An empty point: the forming candle is drawn by the overlay (formingOverlay.ts).
  if (maskLast && values.length > 0) out[values.length * 2 - 1] = NaN;
  return out;
}

/**
 * Every series: no hover states or mouse handlers per element (the tooltip follows the axis, not
 * the item), which ECharts would otherwise set up again for every drawn element on every update.
 */
const STILL = { silent: true, emphasis: { disabled: true } } as const;

/**
 * The series, each with an id, so a live update can merge data only. `lines` default to the
 * candles' own. With `maskLast` the last point of every series is left empty: it is the forming
 * candle, which the overlay draws.
 */
export function buildSeries(candles: CandleColumns, settings: ChartSettings, labels: ChartLabels, lines: IndicatorLines = {}, maskLast = false) {
  const { up, down } = UP_DOWN[settings.colors];
  const panes = paneLayout(settings.indicators);
  const axis = (id: Pane['id']) => panes.findIndex((p) => p.id === id);
  const { open, close, low, high, volume } = candles;
  const n = close.length;
  const ohlc = new Array<[number, number, number, number]>(n);
  for (let i = 0; i < n; i++) ohlc[i] = [open[i]!, close[i]!, low[i]!, high[i]!];
  if (maskLast && n > 0) ohlc[n - 1] = [NaN, NaN, NaN, NaN];

  const line = (id: string, name: string, data: (number | null)[], color: string, pane: Pane['id'], extra: object = {}) => ({
    id,
    name,
    type: 'line' as const,
    data: pairs(data, maskLast),
    xAxisIndex: axis(pane),
    yAxisIndex: axis(pane),
    symbol: 'none',
    ...STILL,
    lineStyle: { width: 1, color },
    itemStyle: { color },
    ...extra,
  });

  const series: object[] = [
    {
      id: 'candles',
      name: labels.close,
      type: 'candlestick',
      ...STILL,
      data: ohlc,
      xAxisIndex: 0,
      yAxisIndex: 0,
      itemStyle: { color: up, color0: down, borderColor: up, borderColor0: down },
      barWidth: BAR_WIDTH_OPTION,
      large: true,
      largeThreshold: 2000,
    },
    {
      id: 'volume',
      name: labels.volume,
      type: 'bar',
      ...STILL,
      data: pairs(volume, maskLast),
      barWidth: BAR_WIDTH_OPTION,
      xAxisIndex: 1,
      yAxisIndex: 1,
      itemStyle: { color: (p: { dataIndex: number }) => (close[p.dataIndex]! >= open[p.dataIndex]! ? up : down), opacity: 0.6 },
    },
  ];
  if (settings.indicators.ema) series.push(line('ema', labels.ema, lines.ema ?? ema(close, EMA_PERIOD), PALETTE.ema, 'price'));
  if (settings.indicators.bollinger) {
    const bands = lines.bollinger ?? bollinger(close, BOLLINGER_PERIOD, 2);
    series.push(line('bollinger.upper', labels.bollinger, bands.upper, PALETTE.bollinger, 'price'));
    series.push(line('bollinger.middle', labels.bollinger, bands.middle, PALETTE.bollinger, 'price', { lineStyle: { width: 1, type: 'dashed', color: PALETTE.bollinger } }));
    series.push(line('bollinger.lower', labels.bollinger, bands.lower, PALETTE.bollinger, 'price'));
  }
  if (settings.indicators.rsi) series.push(line('rsi', labels.rsi, lines.rsi ?? rsi(close, RSI_PERIOD), PALETTE.rsi, 'rsi'));
  if (settings.indicators.macd) {
    const m = lines.macd ?? macd(close);
    series.push({
      id: 'macd.histogram',
      name: labels.histogram,
      type: 'bar',
      ...STILL,
      data: pairs(m.histogram, maskLast),
      barWidth: BAR_WIDTH_OPTION,
      xAxisIndex: axis('macd'),
      yAxisIndex: axis('macd'),
      itemStyle: { color: (p: { dataIndex: number }) => ((m.histogram[p.dataIndex] ?? 0) >= 0 ? up : down), opacity: 0.6 },
    });
    series.push(line('macd.line', labels.macd, m.macd, PALETTE.macd, 'macd'));
    series.push(line('macd.signal', labels.signal, m.signal, PALETTE.signal, 'macd'));
  }
  return series;
}

/** The tooltip for candle `i`: time, OHLCV and the shown indicators, in the page's direction. */
export function tooltipHtml(candles: CandleColumns, i: number, labels: ChartLabels, format: ChartFormat): string {
  if (i < 0 || i >= candles.open_time.length) return '';
  const row = (label: string, value: string) =>
    `<div style="display:flex;justify-content:space-between;gap:12px"><span>${label}</span><b dir="ltr">${value}</b></div>`;
  return [
    `<div dir="${format.direction}" style="min-width:150px" data-testid="chart-tooltip">`,
    `<div style="margin-bottom:4px;opacity:.7">${format.time(candles.open_time[i]!)}</div>`,
    row(labels.open, format.price(candles.open[i]!)),
    row(labels.high, format.price(candles.high[i]!)),
    row(labels.low, format.price(candles.low[i]!)),
    row(labels.close, format.price(candles.close[i]!)),
    row(labels.volume, format.volume(candles.volume[i]!)),
    '</div>',
  ].join('');
}

/**
 * Where the tooltip reads its candles: the whole history and where ECharts' slice starts in it.
 * The chart keeps it current, so the forming candle shows its newest values without an ECharts update.
 */
export interface TooltipSource {
  candles: CandleColumns;
  offset: number;
}

/** What a chart whose forming candle is drawn by the overlay passes in (see formingOverlay.ts). */
export interface LiveParts {
  range: FormingRange;
  source: TooltipSource;
}

const tooltipFormatter = (source: TooltipSource, labels: ChartLabels, format: ChartFormat) => (params: { dataIndex: number }[] | { dataIndex: number }) => {
  const first = Array.isArray(params) ? params[0] : params;
  return first ? tooltipHtml(source.candles, first.dataIndex + source.offset, labels, format) : '';
};

type Extent = { min: number; max: number };

/**
 * A pane's y range: the data ECharts shows plus the forming values (which it does not hold), with
 * a little room above and below. Functions, so ECharts asks again on every render.
 */
function yBounds(pane: Pane['id'], index: number, range: FormingRange | undefined) {
  if (pane === 'rsi') return { min: 0, max: 100 };
  if (!range) return {};
  const lo = (e: Extent) => (range.visible && range.lo[index] !== undefined ? Math.min(e.min, range.lo[index]!) : e.min);
  const hi = (e: Extent) => (range.visible && range.hi[index] !== undefined ? Math.max(e.max, range.hi[index]!) : e.max);
  const pad = (e: Extent) => {
    const span = hi(e) - lo(e);
    return span > 0 ? span * 0.05 : Math.abs(hi(e)) * 0.01 || 1;
  };
  const finite = (value: number) => (Number.isFinite(value) ? value : undefined);
  if (pane === 'volume') return { min: 0, max: (e: Extent) => finite(hi(e) * 1.05) };
  return { min: (e: Extent) => finite(lo(e) - pad(e)), max: (e: Extent) => finite(hi(e) + pad(e)) };
}

/** The whole option: panes, axes, zoom (inside + slider), crosshair tooltip and series. */
export function buildChartOption(
  candles: CandleColumns,
  settings: ChartSettings,
  labels: ChartLabels,
  format: ChartFormat,
  window: ZoomWindow,
  lines?: IndicatorLines,
  live?: LiveParts,
) {
  const panes = paneLayout(settings.indicators);
  const axes = panes.map((_, i) => i);
  const text = settings.dark ? '#cbd5e1' : '#475569';
  const grid = settings.dark ? '#334155' : '#e2e8f0';
  const times = candles.open_time;
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { color: text },
    axisPointer: { link: [{ xAxisIndex: 'all' }], label: { backgroundColor: '#64748b' } },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'cross' },
      confine: true,
      formatter: tooltipFormatter(live?.source ?? { candles, offset: 0 }, labels, format),
    },
    // The panes are placed by hand with room for the labels: no label measuring to fit them on every update.
    grid: panes.map((p) => ({ left: 12, right: 72, top: `${p.top}%`, height: `${p.height}%`, outerBoundsMode: 'none' as const })),
    xAxis: panes.map((p, i) => ({
      type: 'category',
      gridIndex: i,
      data: times,
      boundaryGap: true,
      axisLine: { lineStyle: { color: grid } },
      axisTick: { show: false },
      axisLabel: { show: i === panes.length - 1, color: text, formatter: (value: string) => format.axisTime(Number(value)) },
      axisPointer: { label: { show: i === panes.length - 1, formatter: ({ value }: { value: string | number }) => format.axisTime(Number(value)) } },
      splitLine: { show: p.id === 'price', lineStyle: { color: grid } },
    })),
    yAxis: panes.map((p, i) => ({
      type: 'value',
      gridIndex: i,
      position: 'right',
      scale: true,
      splitNumber: p.id === 'price' ? 5 : 2,
      ...yBounds(p.id, i, live?.range),
      axisLabel: {
        color: text,
        formatter: (v: number) => (p.id === 'volume' ? format.volume(v) : format.price(v)),
        // The padded bounds are not round numbers: label the round ticks between them only.
        ...(p.id === 'rsi' ? {} : { showMinLabel: false, showMaxLabel: false }),
      },
      splitLine: { show: p.id === 'price', lineStyle: { color: grid } },
    })),
    dataZoom: [
      { id: 'inside', type: 'inside', xAxisIndex: axes, startValue: window.start, endValue: window.end, minValueSpan: 10 },
      {
        id: 'slider',
        type: 'slider',
        xAxisIndex: axes,
        startValue: window.start,
        endValue: window.end,
        bottom: 8,
        height: 24,
        showDetail: false,
        // Its shadow is redrawn from the first series on every update, live ticks included.
        showDataShadow: false,
        minValueSpan: 10,
      },
    ],
    series: buildSeries(candles, settings, labels, lines, Boolean(live)),
  };
}

/**
 * The part of the option a live candle changes, merged into the drawn chart: the series data,
 * and when a candle was appended the axes and (following the newest candle) the zoom window.
 */
export function buildLiveOption(
  candles: CandleColumns,
  settings: ChartSettings,
  labels: ChartLabels,
  format: ChartFormat,
  appended: ZoomWindow | null,
  lines?: IndicatorLines,
  live?: LiveParts,
) {
  const series = buildSeries(candles, settings, labels, lines, Boolean(live));
  // The tooltip reads the candles it was built with: give it the new ones.
  const tooltip = { formatter: tooltipFormatter(live?.source ?? { candles, offset: 0 }, labels, format) };
  if (!appended) return { series, tooltip };
  const panes = paneLayout(settings.indicators);
  return {
    series,
    tooltip,
    xAxis: panes.map(() => ({ data: candles.open_time })),
    dataZoom: [
      { id: 'inside', startValue: appended.start, endValue: appended.end },
      { id: 'slider', startValue: appended.start, endValue: appended.end },
    ],
  };
}
