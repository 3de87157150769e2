import type { CandleColumns } from '../../../contract/market/klines';
import type { IndicatorLines, ZoomWindow } from './chartOptions';
import type { Bands, Line, LiveIndicators, Macd } from './indicators';

/**
 * ECharts is given only the candles around the visible window (a slice), not the whole loaded
 * history: every setOption re-reads, filters and measures all the data it holds, so with 10,000
 * candles and ten series a live tick cost ~200 ms; with a slice it costs what the slice costs.
 * Indicators are still worked out over the whole history and sliced alongside the candles.
 * The slice is taken again when zooming or panning brings the window near one of its ends.
 */

/** Indices `[lo, hi)` of the candles handed to ECharts. */
export interface Slice {
  lo: number;
  hi: number;
}

/** Candles kept on each side of the window: at least this many, and at least the window's width. */
export const SLICE_MARGIN = 240;

export function sliceFor(window: ZoomWindow, count: number, margin = SLICE_MARGIN): Slice {
  if (count === 0) return { lo: 0, hi: 0 };
  const m = Math.max(margin, window.end - window.start + 1);
  return { lo: Math.max(0, window.start - m), hi: Math.min(count, window.end + 1 + m) };
}

/** Whether the window came within a third of the margin of a cut end, or the slice grew far wider than needed. */
export function needsReslice(window: ZoomWindow, slice: Slice, count: number, margin = SLICE_MARGIN): boolean {
  const m = Math.max(margin, window.end - window.start + 1);
  const edge = Math.floor(m / 3);
  if (slice.lo > 0 && window.start - slice.lo < edge) return true;
  if (slice.hi < count && slice.hi - 1 - window.end < edge) return true;
  return slice.hi - slice.lo > window.end - window.start + 1 + 4 * m;
}

/** The window in the slice's own indices (what ECharts' zoom speaks). */
export function toLocal(window: ZoomWindow, slice: Slice): ZoomWindow {
  const last = Math.max(0, slice.hi - slice.lo - 1);
  const clamp = (i: number) => Math.min(last, Math.max(0, i - slice.lo));
  return { start: clamp(window.start), end: clamp(window.end) };
}

export function sliceColumns(c: CandleColumns, { lo, hi }: Slice): CandleColumns {
  if (lo === 0 && hi === c.open_time.length) return c;
  return {
    open_time: c.open_time.slice(lo, hi),
    open: c.open.slice(lo, hi),
    high: c.high.slice(lo, hi),
    low: c.low.slice(lo, hi),
    close: c.close.slice(lo, hi),
    volume: c.volume.slice(lo, hi),
  };
}

/** The shown indicators of `live`, cut to the slice. */
export function sliceLines(live: LiveIndicators, { lo, hi }: Slice): IndicatorLines {
  const cut = (line: Line) => line.slice(lo, hi);
  const bands = (b: Bands): Bands => ({ middle: cut(b.middle), upper: cut(b.upper), lower: cut(b.lower) });
  const macd = (m: Macd): Macd => ({ macd: cut(m.macd), signal: cut(m.signal), histogram: cut(m.histogram) });
  return {
    ...(live.choice.ema ? { ema: cut(live.ema) } : {}),
    ...(live.choice.bollinger ? { bollinger: bands(live.bollinger) } : {}),
    ...(live.choice.rsi ? { rsi: cut(live.rsi) } : {}),
    ...(live.choice.macd ? { macd: macd(live.macd) } : {}),
  };
}
