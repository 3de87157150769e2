import type { CandleColumns } from '../../../contract/market/klines';
import { BAR_WIDTH, PALETTE, UP_DOWN, paneLayout, type ChartSettings } from './chartOptions';
import type { Line, LiveIndicators } from './indicators';

/**
 * The forming (newest) candle is not drawn by ECharts but on a canvas laid over it. A live tick
 * moves only that candle, its volume bar and the last step of each indicator line; redrawing
 * those few shapes takes well under a millisecond, while any ECharts update (even an empty one)
 * re-runs its whole pipeline (~25 ms on this chart). ECharts' series hold the forming candle as an
 * empty point (see `maskLast` in chartOptions.ts) and its y axes include the forming values
 * (`FormingRange`), so the overlay always lands inside the axes ECharts drew — when a tick leaves
 * an axis' range, the caller lets ECharts redraw the axes (rare: a new high or low in view).
 */

/** A segment from the previous point to the forming one on pane `pane`. */
interface OverlayLine {
  pane: number;
  color: string;
  dashed: boolean;
  from: number | null;
  to: number | null;
}

/** A bar at the forming index, from the value axis' base. */
interface OverlayBar {
  pane: number;
  value: number;
  color: string;
}

/** Everything drawn for the forming candle, in the slice's own index. */
export interface FormingFrame {
  index: number;
  open: number;
  high: number;
  low: number;
  close: number;
  color: string;
  lines: OverlayLine[];
  bars: OverlayBar[];
}

/**
 * The values each pane's y axis must include for the forming candle (by pane index), read by the
 * axes' min/max functions on every ECharts render. `visible` is false when the forming candle is
 * out of the zoom window, so looking at history is not stretched by a far-away price.
 */
export interface FormingRange {
  visible: boolean;
  lo: number[];
  hi: number[];
}

export const emptyRange = (): FormingRange => ({ visible: false, lo: [], hi: [] });

const at = (line: Line, i: number): number | null => (i >= 0 && i < line.length ? line[i]! : null);

/** The frame of the newest candle of `candles` (the whole history) drawn in a slice starting at `sliceLo`. */
export function formingFrame(candles: CandleColumns, sliceLo: number, indicators: LiveIndicators, settings: ChartSettings): FormingFrame | null {
  const n = candles.open_time.length;
  if (n === 0) return null;
  const i = n - 1;
  const { up, down } = UP_DOWN[settings.colors];
  const open = candles.open[i]!;
  const close = candles.close[i]!;
  const color = close >= open ? up : down;
  const panes = paneLayout(settings.indicators);
  const pane = (id: string) => panes.findIndex((p) => p.id === id);
  const lines: OverlayLine[] = [];
  const segment = (line: Line, p: number, lineColor: string, dashed = false) =>
    lines.push({ pane: p, color: lineColor, dashed, from: at(line, i - 1), to: at(line, i) });
  const bars: OverlayBar[] = [{ pane: pane('volume'), value: candles.volume[i]!, color }];
  const { choice } = indicators;
  if (choice.ema) segment(indicators.ema, 0, PALETTE.ema);
  if (choice.bollinger) {
    segment(indicators.bollinger.upper, 0, PALETTE.bollinger);
    segment(indicators.bollinger.middle, 0, PALETTE.bollinger, true);
    segment(indicators.bollinger.lower, 0, PALETTE.bollinger);
  }
  if (choice.rsi) segment(indicators.rsi, pane('rsi'), PALETTE.rsi);
  if (choice.macd) {
    const m = pane('macd');
    const histogram = at(indicators.macd.histogram, i);
    if (histogram !== null) bars.push({ pane: m, value: histogram, color: histogram >= 0 ? up : down });
    segment(indicators.macd.macd, m, PALETTE.macd);
    segment(indicators.macd.signal, m, PALETTE.signal);
  }
  return { index: i - sliceLo, open, high: candles.high[i]!, low: candles.low[i]!, close, color, lines, bars };
}

/** Sets `range` to the frame's values per pane. */
export function fillRange(range: FormingRange, frame: FormingFrame | null, visible: boolean): void {
  range.visible = visible && frame !== null;
  range.lo.length = 0;
  range.hi.length = 0;
  if (!frame) return;
  const include = (pane: number, value: number | null) => {
    if (value === null || !Number.isFinite(value)) return;
    range.lo[pane] = Math.min(range.lo[pane] ?? value, value);
    range.hi[pane] = Math.max(range.hi[pane] ?? value, value);
  };
  include(0, frame.low);
  include(0, frame.high);
  for (const line of frame.lines) include(line.pane, line.to);
  for (const bar of frame.bars) include(bar.pane, bar.value);
}

/* ECharts' model, reached for the pixel geometry of its axes (public API has no extent getter). */
interface AxisModel {
  axis: { scale: { getExtent(): [number, number] }; getBandWidth?(): number };
}
interface GridModel {
  coordinateSystem: { getRect(): { x: number; y: number; width: number; height: number } };
}
export interface ChartInstance {
  convertToPixel(finder: { xAxisIndex: number; yAxisIndex: number }, value: [number, number]): [number, number] | number[];
  /** Undefined until the first option is set. */
  getModel(): { getComponent(type: string, index: number): unknown } | undefined;
}

const yExtent = (chart: ChartInstance, pane: number) => (chart.getModel()?.getComponent('yAxis', pane) as AxisModel | undefined)?.axis.scale.getExtent();

/** Whether every forming value lies within the y range ECharts last drew for its pane. */
export function frameFits(chart: ChartInstance, range: FormingRange): boolean {
  if (!range.visible) return true;
  for (let pane = 0; pane < range.hi.length; pane++) {
    const hi = range.hi[pane];
    const lo = range.lo[pane];
    if (hi === undefined || lo === undefined) continue;
    const extent = yExtent(chart, pane);
    if (!extent || lo < extent[0] || hi > extent[1]) return false;
  }
  return true;
}

/** A signal mark placed on a candle of the slice: an arrow under its low (buy) or over its high (sell). */
export interface PlacedMark {
  index: number;
  price: number;
  side: 'buy' | 'sell';
  label: string;
}

/**
 * Signal marks drawn on the overlay too: a handful of arrows, redrawn with every ECharts render,
 * so they cost nothing on a live tick and need no ECharts component of their own.
 */
function drawMarks(chart: ChartInstance, ctx: CanvasRenderingContext2D, marks: readonly PlacedMark[], colors: { buy: string; sell: string }) {
  const grid = chart.getModel()?.getComponent('grid', 0) as GridModel | undefined;
  if (!grid || marks.length === 0) return;
  const rect = grid.coordinateSystem.getRect();
  ctx.save();
  ctx.beginPath();
  ctx.rect(rect.x, rect.y, rect.width, rect.height);
  ctx.clip();
  ctx.font = 'bold 10px system-ui, sans-serif';
  ctx.textAlign = 'center';
  for (const mark of marks) {
    const [x, y] = chart.convertToPixel({ xAxisIndex: 0, yAxisIndex: 0 }, [mark.index, mark.price]) as [number, number];
    if (x < rect.x || x > rect.x + rect.width) continue;
    const up = mark.side === 'buy';
    const tip = up ? y + 6 : y - 6;
    const base = up ? tip + 9 : tip - 9;
    ctx.fillStyle = up ? colors.buy : colors.sell;
    ctx.beginPath();
    ctx.moveTo(x, tip);
    ctx.lineTo(x - 6, base);
    ctx.lineTo(x + 6, base);
    ctx.closePath();
    ctx.fill();
    ctx.fillText(mark.label, x, up ? base + 11 : base - 3);
  }
  ctx.restore();
}

/**
 * One of the user's markers placed on the slice: a price line across the price pane (`index`
 * null), or a note pinned to a candle (`index` in the slice) at its price or the candle's high.
 */
export interface PlacedLine {
  index: number | null;
  price: number;
  color: string;
  text: string;
}

/**
 * The user's price lines and notes, drawn on the overlay like the signal marks: a few lines
 * redrawn with every render, nothing added to ECharts' pipeline, so a live tick stays cheap. A
 * line outside the price axis' range is not drawn (the axis is not stretched to reach it).
 */
function drawLines(chart: ChartInstance, ctx: CanvasRenderingContext2D, lines: readonly PlacedLine[]) {
  const grid = chart.getModel()?.getComponent('grid', 0) as GridModel | undefined;
  if (!grid || lines.length === 0) return;
  const rect = grid.coordinateSystem.getRect();
  ctx.save();
  ctx.beginPath();
  ctx.rect(rect.x, rect.y, rect.width, rect.height);
  ctx.clip();
  ctx.font = '11px system-ui, sans-serif';
  ctx.lineWidth = 1;
  for (const line of lines) {
    const [x, y] = chart.convertToPixel({ xAxisIndex: 0, yAxisIndex: 0 }, [line.index ?? 0, line.price]) as [number, number];
    if (y < rect.y || y > rect.y + rect.height) continue;
    ctx.strokeStyle = line.color;
    ctx.fillStyle = line.color;
    if (line.index === null) {
      const yy = Math.round(y) + 0.5;
      ctx.setLineDash([6, 4]);
      ctx.beginPath();
      ctx.moveTo(rect.x, yy);
      ctx.lineTo(rect.x + rect.width, yy);
      ctx.stroke();
      ctx.setLineDash([]);
      if (line.text) {
        ctx.textAlign = 'left';
        ctx.fillText(line.text, rect.x + 6, yy - 4);
      }
    } else {
      if (x < rect.x || x > rect.x + rect.width) continue;
      ctx.beginPath();
      ctx.arc(x, y - 10, 4, 0, Math.PI * 2);
      ctx.fill();
      ctx.beginPath();
      ctx.moveTo(x, y - 6);
      ctx.lineTo(x, y);
      ctx.stroke();
      ctx.textAlign = 'center';
      ctx.fillText(line.text, x, y - 18);
    }
  }
  ctx.restore();
}

/** Clears `canvas`, then draws the user's lines, the marks and `frame` (clipped to each pane's grid; no frame when the forming candle is out of view). */
export function drawFrame(
  chart: ChartInstance,
  canvas: HTMLCanvasElement,
  frame: FormingFrame | null,
  visible: boolean,
  marks: readonly PlacedMark[] = [],
  markColors = { buy: '#16a34a', sell: '#dc2626' },
  lines: readonly PlacedLine[] = [],
): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const ratio = window.devicePixelRatio || 1;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, canvas.width / ratio, canvas.height / ratio);
  drawLines(chart, ctx, lines);
  drawMarks(chart, ctx, marks, markColors);
  const model = chart.getModel();
  if (!frame || !visible || !model) return;
  const point = (pane: number, index: number, value: number) => chart.convertToPixel({ xAxisIndex: pane, yAxisIndex: pane }, [index, value]) as [number, number];
  const inPane = (pane: number, draw: () => void) => {
    const grid = model.getComponent('grid', pane) as GridModel | undefined;
    if (!grid) return;
    const rect = grid.coordinateSystem.getRect();
    ctx.save();
    ctx.beginPath();
    ctx.rect(rect.x, rect.y, rect.width, rect.height);
    ctx.clip();
    draw();
    ctx.restore();
  };
  const band = (model.getComponent('xAxis', 0) as AxisModel | undefined)?.axis.getBandWidth?.() ?? 6;
  const width = Math.max(1, band * BAR_WIDTH);
  const index = frame.index;

  inPane(0, () => {
    const [x, high] = point(0, index, frame.high);
    const [, low] = point(0, index, frame.low);
    const [, open] = point(0, index, frame.open);
    const [, close] = point(0, index, frame.close);
    ctx.strokeStyle = frame.color;
    ctx.fillStyle = frame.color;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(Math.round(x) + 0.5, high);
    ctx.lineTo(Math.round(x) + 0.5, low);
    ctx.stroke();
    ctx.fillRect(x - width / 2, Math.min(open, close), width, Math.max(1, Math.abs(close - open)));
  });
  for (const bar of frame.bars) {
    inPane(bar.pane, () => {
      const extent = yExtent(chart, bar.pane) ?? [0, 0];
      // ECharts starts bars at zero when zero is on the axis, else at the axis' nearer end.
      const base = extent[0] <= 0 && extent[1] >= 0 ? 0 : extent[0] > 0 ? extent[0] : extent[1];
      const [x, top] = point(bar.pane, index, bar.value);
      const [, bottom] = point(bar.pane, index, base);
      ctx.globalAlpha = 0.6;
      ctx.fillStyle = bar.color;
      ctx.fillRect(x - width / 2, Math.min(top, bottom), width, Math.max(1, Math.abs(bottom - top)));
      ctx.globalAlpha = 1;
    });
  }
  for (const line of frame.lines) {
    if (line.from === null || line.to === null) continue;
    inPane(line.pane, () => {
      const [x0, y0] = point(line.pane, index - 1, line.from!);
      const [x1, y1] = point(line.pane, index, line.to!);
      ctx.strokeStyle = line.color;
      ctx.lineWidth = 1;
      ctx.setLineDash(line.dashed ? [4, 4] : []);
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(x1, y1);
      ctx.stroke();
      ctx.setLineDash([]);
    });
  }
}

/** The index in `times[lo..hi)` of the candle opening at `time`, or -1 (binary search). */
function candleAt(times: ArrayLike<number>, lo: number, hi: number, time: number): number {
  const end = hi;
  hi -= 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < time) lo = mid + 1;
    else hi = mid - 1;
  }
  return lo < end && times[lo] === time ? lo : -1;
}

/** A user's marker as the chart needs it (`price` and `time` as the API gives them). */
export interface ChartLineInput {
  kind: 'price_line' | 'note';
  price: string | null;
  time: number | null;
  text: string | null;
  color: string | null;
}

export const DEFAULT_LINE_COLOR = '#1e88e5';

/**
 * The user's markers placed on a slice: price lines (and notes with a price but no time) across
 * the pane; notes with a time on their candle (left out when it is not in the slice), at their
 * price or else the candle's high.
 */
export function placeLines(markers: readonly ChartLineInput[], candles: CandleColumns, slice: { lo: number; hi: number }): PlacedLine[] {
  const placed: PlacedLine[] = [];
  for (const m of markers) {
    const price = m.price === null ? null : Number(m.price);
    const color = m.color ?? DEFAULT_LINE_COLOR;
    const text = m.text ?? '';
    if (m.kind === 'note' && m.time !== null) {
      const i = candleAt(candles.open_time, slice.lo, slice.hi, m.time);
      if (i < 0) continue;
      placed.push({ index: i - slice.lo, price: price ?? candles.high[i]!, color, text });
    } else if (price !== null && Number.isFinite(price)) {
      placed.push({ index: null, price, color, text });
    }
  }
  return placed;
}

/**
 * Marks of a symbol placed on the candles of a slice: each on the candle opening at its `time`
 * (the server places it on the bar of the asked timeframe), at that candle's low or high.
 */
export function placeMarks(
  marks: readonly { time: number; side: 'buy' | 'sell'; label: string }[],
  candles: CandleColumns,
  slice: { lo: number; hi: number },
): PlacedMark[] {
  const placed: PlacedMark[] = [];
  const times = candles.open_time;
  for (const mark of marks) {
    // Binary search: the candle opening at the mark's time.
    let lo = slice.lo;
    let hi = slice.hi - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (times[mid]! < mark.time) lo = mid + 1;
      else hi = mid - 1;
    }
    if (lo >= slice.hi || times[lo] !== mark.time) continue;
    placed.push({ index: lo - slice.lo, price: mark.side === 'buy' ? candles.low[lo]! : candles.high[lo]!, side: mark.side, label: mark.label });
  }
  return placed;
}
