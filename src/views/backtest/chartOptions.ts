import type { CandleColumns } from '../../../contract/market/klines';
import type { BacktestTrade, EquityPoint } from '../../../contract/signals/backtest';

/**
 * ECharts options of the backtest screen as pure functions (ECharts cannot draw under jsdom, so
 * these are what the unit tests check): equity against buy-and-hold, the drawdown, the candles
 * with the trades on them, and saved runs' equity compared. Time runs left to right in both
 * languages; numbers and dates come formatted from the view (Persian digits in fa).
 */

export interface BacktestFormat {
  money: (value: number) => string;
  percent: (fraction: number) => string;
  price: (value: number) => string;
  time: (ms: number) => string;
  axisDate: (ms: number) => string;
  /** Hours and minutes, for ranges of a couple of days or less. */
  axisTime: (ms: number) => string;
}

export interface BacktestLabels {
  equity: string;
  buyAndHold: string;
  drawdown: string;
  entry: string;
  exit: string;
}

const COLORS = { equity: '#059669', hold: '#64748b', drawdown: '#e11d48', up: '#16a34a', down: '#dc2626', entry: '#2563eb', exit: '#f59e0b' };

const grid = { left: 64, right: 24, top: 36, bottom: 56 };
const axisLabel = (dark: boolean) => ({ color: dark ? '#94a3b8' : '#64748b' });
const splitLine = (dark: boolean) => ({ lineStyle: { color: dark ? '#334155' : '#e2e8f0' } });
const zoom = [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }];
const TWO_DAYS_MS = 2 * 86_400_000;

/** Dates on the time axis, or times of day when the whole range is two days or less. */
export function timeAxisLabel(times: readonly number[], format: BacktestFormat): (ms: number) => string {
  let first = Infinity;
  let last = -Infinity;
  for (const time of times) {
    if (time < first) first = time;
    if (time > last) last = time;
  }
  const span = times.length ? last - first : 0;
  return span <= TWO_DAYS_MS ? format.axisTime : format.axisDate;
}

export function equityOption(points: readonly EquityPoint[], labels: BacktestLabels, format: BacktestFormat, dark = false) {
  return {
    animation: false,
    grid,
    legend: { top: 0, data: [labels.equity, labels.buyAndHold], textStyle: axisLabel(dark) },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: number) => format.money(value),
    },
    xAxis: { type: 'time', axisLabel: { ...axisLabel(dark), formatter: timeAxisLabel(points.map((p) => p.timestamp), format) } },
    yAxis: { type: 'value', scale: true, axisLabel: { ...axisLabel(dark), formatter: (v: number) => format.money(v) }, splitLine: splitLine(dark) },
    dataZoom: zoom,
    series: [
      { name: labels.equity, type: 'line', showSymbol: false, lineStyle: { width: 2, color: COLORS.equity }, itemStyle: { color: COLORS.equity }, data: points.map((p) => [p.timestamp, Number(p.equity)]) },
      {
        name: labels.buyAndHold,
        type: 'line',
        showSymbol: false,
        lineStyle: { width: 1.5, type: 'dashed', color: COLORS.hold },
        itemStyle: { color: COLORS.hold },
        data: points.map((p) => [p.timestamp, Number(p.buy_and_hold)]),
      },
    ],
  };
}

export function drawdownOption(points: readonly EquityPoint[], labels: BacktestLabels, format: BacktestFormat, dark = false) {
  return {
    animation: false,
    grid: { ...grid, top: 16 },
    tooltip: { trigger: 'axis', valueFormatter: (value: number) => format.percent(value) },
    xAxis: { type: 'time', axisLabel: { ...axisLabel(dark), formatter: timeAxisLabel(points.map((p) => p.timestamp), format) } },
    yAxis: { type: 'value', max: 0, axisLabel: { ...axisLabel(dark), formatter: (v: number) => format.percent(v) }, splitLine: splitLine(dark) },
    dataZoom: zoom,
    series: [
      {
        name: labels.drawdown,
        type: 'line',
        showSymbol: false,
        lineStyle: { width: 1, color: COLORS.drawdown },
        itemStyle: { color: COLORS.drawdown },
        areaStyle: { color: 'rgba(225, 29, 72, 0.25)' },
        data: points.map((p) => [p.timestamp, p.drawdown]),
      },
    ],
  };
}

/** The index of the last candle opening at or before `time` (−1 before the first). */
export function candleIndexAt(openTimes: readonly number[], time: number): number {
  let lo = 0;
  let hi = openTimes.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (openTimes[mid]! <= time) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The trades drawn on the candles: an arrow under the entry candle, one over the exit candle. */
export function tradeMarks(candles: CandleColumns, trades: readonly BacktestTrade[], labels: BacktestLabels, format: BacktestFormat) {
  const marks: unknown[] = [];
  const last = candles.open_time.length - 1;
  for (const trade of trades) {
    const entry = candleIndexAt(candles.open_time, trade.entry_time);
    const exit = candleIndexAt(candles.open_time, trade.exit_time);
    if (entry >= 0 && entry <= last) {
      marks.push({
        name: labels.entry,
        coord: [entry, candles.low[entry]],
        value: format.price(Number(trade.entry_price)),
        symbol: 'triangle',
        symbolSize: 12,
        symbolOffset: [0, 12],
        itemStyle: { color: COLORS.entry },
        label: { show: false },
      });
    }
    if (exit >= 0 && exit <= last) {
      marks.push({
        name: labels.exit,
        coord: [exit, candles.high[exit]],
        value: format.price(Number(trade.exit_price)),
        symbol: 'triangle',
        symbolRotate: 180,
        symbolSize: 12,
        symbolOffset: [0, -12],
        itemStyle: { color: COLORS.exit },
        label: { show: false },
      });
    }
  }
  return marks;
}

export function candlesOption(candles: CandleColumns, trades: readonly BacktestTrade[], labels: BacktestLabels, format: BacktestFormat, dark = false) {
  const times = candles.open_time;
  return {
    animation: false,
    grid,
    tooltip: { trigger: 'axis', axisPointer: { type: 'cross' } },
    xAxis: { type: 'category', data: times.map((t) => format.time(t)), axisLabel: axisLabel(dark), boundaryGap: true },
    yAxis: { type: 'value', scale: true, axisLabel: { ...axisLabel(dark), formatter: (v: number) => format.price(v) }, splitLine: splitLine(dark) },
    dataZoom: zoom,
    series: [
      {
        type: 'candlestick',
        data: times.map((_, i) => [candles.open[i], candles.close[i], candles.low[i], candles.high[i]]),
        itemStyle: { color: COLORS.up, color0: COLORS.down, borderColor: COLORS.up, borderColor0: COLORS.down },
        markPoint: { data: tradeMarks(candles, trades, labels, format), tooltip: { formatter: (p: { name: string; value: string }) => `${p.name}: ${p.value}` } },
      },
    ],
  };
}

/** Saved runs' equity as returns from their start, one line each, for comparing. */
export function comparisonOption(runs: readonly { label: string; curve: readonly (readonly [number, number])[] }[], format: BacktestFormat, dark = false) {
  return {
    animation: false,
    grid: { ...grid, bottom: 32 },
    legend: { top: 0, type: 'scroll', textStyle: axisLabel(dark) },
    tooltip: { trigger: 'axis', valueFormatter: (value: number) => format.percent(value) },
    xAxis: { type: 'time', axisLabel: { ...axisLabel(dark), formatter: timeAxisLabel(runs.flatMap((run) => run.curve.map(([time]) => time)), format) } },
    yAxis: { type: 'value', scale: true, axisLabel: { ...axisLabel(dark), formatter: (v: number) => format.percent(v) }, splitLine: splitLine(dark) },
    series: runs.map((run) => ({ name: run.label, type: 'line', showSymbol: false, data: run.curve.map(([t, v]) => [t, v]) })),
  };
}
