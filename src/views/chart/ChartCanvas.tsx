import { BarChart, CandlestickChart, LineChart } from 'echarts/charts';
import { AxisPointerComponent, DataZoomComponent, GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { CandleColumns } from '../../../contract/market/klines';
import {
  buildChartOption,
  buildLiveOption,
  changeKind,
  initialWindow,
  nextWindow,
  paneLayout,
  UP_DOWN,
  type ChartFormat,
  type ChartLabels,
  type ChartSettings,
  type LiveParts,
  type ZoomWindow,
} from './chartOptions';
import { drawFrame, emptyRange, fillRange, formingFrame, frameFits, placeLines, placeMarks, type ChartInstance, type ChartLineInput, type FormingFrame, type PlacedLine, type PlacedMark } from './formingOverlay';
import { needsReslice, sliceColumns, sliceFor, sliceLines, toLocal, type Slice } from './chartSlice';
import { LiveIndicators } from './indicators';

// Only the parts drawn here: the whole of echarts is twice the size.
echarts.use([CandlestickChart, BarChart, LineChart, GridComponent, TooltipComponent, AxisPointerComponent, DataZoomComponent, CanvasRenderer]);

type Instance = ReturnType<typeof echarts.init>;

const EMPTY = {};
/** What a mark needs to be drawn: the open time of its candle, its side and letter. */
export interface ChartMarkInput {
  time: number;
  side: 'buy' | 'sell';
  label: string;
}
const NO_MARKS: readonly ChartMarkInput[] = [];
const NO_LINES: readonly ChartLineInput[] = [];
const EMPTY_COLUMNS: CandleColumns = { open_time: [], open: [], high: [], low: [], close: [], volume: [] };
const NEVER = () => false;
const RENDERER = { renderer: 'canvas' as const };

interface Drawn {
  candles: CandleColumns;
  settings: ChartSettings;
  labels: ChartLabels;
  format: ChartFormat;
  /** The indicators over all the candles, kept up to date bar by bar. */
  indicators: LiveIndicators;
  seriesCount: number;
}

interface ZoomEvent {
  start?: number;
  batch?: { start?: number; end?: number }[];
  end?: number;
}

/**
 * The ECharts canvas. Driven imperatively: a full option when the candles or settings change in
 * shape, the series data when a candle is appended, and on a tick of the forming candle only the
 * overlay canvas above the chart (`formingOverlay.ts`) unless the tick leaves the y range drawn.
 * Each live change is timed as `chart.liveUpdate` with the User Timing API. ECharts holds only a
 * slice of the candles around the visible window (see `chartSlice.ts`), and the indicators are
 * updated for the last bar only (`LiveIndicators`), so a live tick costs the same with 1,000 or
 * 100,000 candles loaded. Zooming or panning near an end of the slice takes a new one; reaching
 * the oldest loaded candle asks for older ones.
 */
export function ChartCanvas({
  candles,
  settings,
  labels,
  format,
  onReachStart,
  label,
  marks = NO_MARKS,
  lines = NO_LINES,
}: {
  /** Signal marks of this symbol on the shown timeframe (the newest few hundred). */
  marks?: readonly ChartMarkInput[];
  /** The user's markers of this symbol (price lines and notes) from their portfolios. */
  lines?: readonly ChartLineInput[];
  candles: CandleColumns;
  settings: ChartSettings;
  labels: ChartLabels;
  format: ChartFormat;
  onReachStart: () => void;
  label: string;
}) {
  const chartRef = useRef<ReactEChartsCore>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const drawn = useRef<Drawn | null>(null);
  const windowRef = useRef<ZoomWindow>(initialWindow(0));
  const sliceRef = useRef<Slice>({ lo: 0, hi: 0 });
  const resliceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<FormingFrame | null>(null);
  const marksRef = useRef<readonly ChartMarkInput[]>(marks);
  const placedRef = useRef<PlacedMark[]>([]);
  const linesRef = useRef<readonly ChartLineInput[]>(lines);
  const placedLinesRef = useRef<PlacedLine[]>([]);
  const colorsRef = useRef({ buy: UP_DOWN.greenUp.up, sell: UP_DOWN.greenUp.down });
  // One object for the chart's life: ECharts' axis and tooltip functions read it on every render.
  const liveRef = useRef<LiveParts>({ range: emptyRange(), source: { candles: EMPTY_COLUMNS, offset: 0 } });

  /** The overlay for the current frame, sized to the chart box (device pixels). */
  const drawOverlay = useCallback(() => {
    const instance = chartRef.current?.getEchartsInstance() as unknown as ChartInstance | undefined;
    const canvas = overlayRef.current;
    const box = boxRef.current;
    if (!instance || !canvas || !box) return;
    const ratio = window.devicePixelRatio || 1;
    const width = Math.round(box.clientWidth * ratio);
    const height = Math.round(box.clientHeight * ratio);
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    drawFrame(instance, canvas, frameRef.current, liveRef.current.range.visible, placedRef.current, colorsRef.current, placedLinesRef.current);
    box.dataset.marks = String(placedRef.current.length);
    box.dataset.lines = String(placedLinesRef.current.length);
  }, []);

  /** The forming candle's frame and the y range it needs, for the candles and slice now drawn. */
  const takeFrame = useCallback(
    (candles: CandleColumns, slice: Slice, indicators: LiveIndicators, settings: ChartSettings, window: ZoomWindow) => {
      const n = candles.open_time.length;
      const frame = slice.hi === n ? formingFrame(candles, slice.lo, indicators, settings) : null;
      frameRef.current = frame;
      fillRange(liveRef.current.range, frame, window.end >= n - 1);
      placedRef.current = placeMarks(marksRef.current, candles, slice);
      placedLinesRef.current = placeLines(linesRef.current, candles, slice);
      const { up, down } = UP_DOWN[settings.colors];
      colorsRef.current = { buy: up, sell: down };
      liveRef.current.source.candles = candles;
      liveRef.current.source.offset = slice.lo;
    },
    [],
  );

  useEffect(() => {
    const instance: Instance | undefined = chartRef.current?.getEchartsInstance();
    if (!instance) return;
    const before = drawn.current;
    const sameLook = before && before.settings === settings && before.labels === labels && before.format === format;
    const kind = before && sameLook ? changeKind(before.candles, candles) : 'full';
    if (kind === 'none') return;
    const n = candles.open_time.length;
    const window = before ? nextWindow(windowRef.current, before.candles, candles) : initialWindow(n);
    let seriesCount: number;
    let indicators: LiveIndicators;
    if (kind === 'live' && before) {
      const started = performance.now();
      indicators = before.indicators;
      indicators.update(candles.close);
      const oldCount = before.candles.open_time.length;
      let slice = sliceRef.current;
      let axesMoved = false;
      // A slice that reached the newest candle keeps reaching it.
      if (slice.hi === oldCount) {
        axesMoved = n !== oldCount;
        slice = { lo: slice.lo, hi: n };
      }
      if (needsReslice(window, slice, n)) {
        slice = sliceFor(window, n);
        axesMoved = true;
      }
      takeFrame(candles, slice, indicators, settings, window);
      sliceRef.current = slice;
      windowRef.current = window;
      if (axesMoved) {
        // A candle appended (the forming one closed) or a new slice: ECharts gets the data.
        const option = buildLiveOption(sliceColumns(candles, slice), settings, labels, format, toLocal(window, slice), sliceLines(indicators, slice), liveRef.current);
        instance.setOption(option, { lazyUpdate: false });
      } else if (!frameFits(instance as unknown as ChartInstance, liveRef.current.range)) {
        // The forming candle left the drawn y range: ECharts works the axes out again (their bounds read `liveRef.current.range`).
        instance.setOption({ yAxis: paneLayout(settings.indicators).map(() => ({})) }, { lazyUpdate: false });
      }
      drawOverlay();
      performance.measure('chart.liveUpdate', { start: started, end: performance.now() });
      seriesCount = before.seriesCount;
    } else {
      indicators = LiveIndicators.of(candles.close, settings.indicators);
      const slice = sliceFor(window, n);
      takeFrame(candles, slice, indicators, settings, window);
      sliceRef.current = slice;
      windowRef.current = window;
      const option = buildChartOption(sliceColumns(candles, slice), settings, labels, format, toLocal(window, slice), sliceLines(indicators, slice), liveRef.current);
      instance.setOption(option, { notMerge: true });
      drawOverlay();
      seriesCount = option.series.length;
    }
    drawn.current = { candles, settings, labels, format, indicators, seriesCount };
    const box = boxRef.current;
    if (box) {
      box.dataset.candles = String(n);
      box.dataset.series = String(seriesCount);
      box.dataset.last = n ? `${candles.close[n - 1]}` : '';
    }
  }, [candles, settings, labels, format, takeFrame, drawOverlay]);

  // New marks (a signal arrived, another timeframe): placed on the drawn slice, drawn on the overlay.
  useEffect(() => {
    marksRef.current = marks;
    const d = drawn.current;
    if (!d) return;
    placedRef.current = placeMarks(marks, d.candles, sliceRef.current);
    drawOverlay();
  }, [marks, drawOverlay]);

  // The user's markers changed (added in a portfolio, another timeframe's notes): placed and drawn the same way.
  useEffect(() => {
    linesRef.current = lines;
    const d = drawn.current;
    if (!d) return;
    placedLinesRef.current = placeLines(lines, d.candles, sliceRef.current);
    drawOverlay();
  }, [lines, drawOverlay]);

  useEffect(
    () => () => {
      if (resliceTimer.current !== null) clearTimeout(resliceTimer.current);
    },
    [],
  );

  // Bound once by echarts-for-react (shouldSetOption is off), so `onReachStart` must be stable.
  const onEvents = useMemo(() => {
    /** A new slice around the window, after the zoom that asked for it has been handled. */
    const reslice = () => {
      resliceTimer.current = null;
      const instance: Instance | undefined = chartRef.current?.getEchartsInstance();
      const d = drawn.current;
      if (!instance || !d) return;
      const n = d.candles.open_time.length;
      if (!needsReslice(windowRef.current, sliceRef.current, n)) return;
      const slice = sliceFor(windowRef.current, n);
      sliceRef.current = slice;
      takeFrame(d.candles, slice, d.indicators, d.settings, windowRef.current);
      const option = buildLiveOption(sliceColumns(d.candles, slice), d.settings, d.labels, d.format, toLocal(windowRef.current, slice), sliceLines(d.indicators, slice), liveRef.current);
      instance.setOption(option, { lazyUpdate: false });
      drawOverlay();
    };
    /** The forming candle came into or left the window: its y range and overlay follow. */
    const refit = () => {
      const instance = chartRef.current?.getEchartsInstance();
      const d = drawn.current;
      if (!instance || !d) return;
      const wasVisible = liveRef.current.range.visible;
      takeFrame(d.candles, sliceRef.current, d.indicators, d.settings, windowRef.current);
      if (wasVisible !== liveRef.current.range.visible && !frameFits(instance as unknown as ChartInstance, liveRef.current.range)) {
        instance.setOption({ yAxis: paneLayout(d.settings.indicators).map(() => ({})) }, { lazyUpdate: false });
      }
      drawOverlay();
    };
    return {
      datazoom: (event: ZoomEvent) => {
        const n = drawn.current?.candles.open_time.length ?? 0;
        const slice = sliceRef.current;
        const size = slice.hi - slice.lo;
        const zoom = event.batch?.[0] ?? event;
        if (zoom.start === undefined || zoom.end === undefined || n === 0 || size === 0) return;
        const start = slice.lo + Math.round((zoom.start / 100) * (size - 1));
        const end = slice.lo + Math.round((zoom.end / 100) * (size - 1));
        windowRef.current = { start, end };
        if (start <= 0) onReachStart();
        if (resliceTimer.current === null && needsReslice(windowRef.current, slice, n)) resliceTimer.current = setTimeout(reslice, 0);
        else refit();
      },
      // Any redraw of ECharts (a resize, the crosshair) clears nothing of ours, but moves the axes under it.
      rendered: drawOverlay,
    };
  }, [onReachStart, takeFrame, drawOverlay]);

  return (
    <div ref={boxRef} dir="ltr" data-testid="chart" role="img" aria-label={label} className="relative h-full w-full">
      <ReactEChartsCore
        ref={chartRef}
        echarts={echarts}
        option={EMPTY}
        shouldSetOption={NEVER}
        opts={RENDERER}
        onEvents={onEvents}
        style={{ height: '100%', width: '100%' }}
      />
      <canvas ref={overlayRef} data-testid="chart-forming" aria-hidden className="pointer-events-none absolute inset-0 h-full w-full" />
    </div>
  );
}
