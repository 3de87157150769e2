import { BarChart, CandlestickChart, LineChart } from 'echarts/charts';
import { AxisPointerComponent, DataZoomComponent, GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useEffect, useMemo, useRef } from 'react';
import type { CandleColumns } from '../../../contract/market/klines';
import {
  buildChartOption,
  buildLiveOption,
  changeKind,
  initialWindow,
  nextWindow,
  type ChartFormat,
  type ChartLabels,
  type ChartSettings,
  type ZoomWindow,
} from './chartOptions';

// Only the parts drawn here: the whole of echarts is twice the size.
echarts.use([CandlestickChart, BarChart, LineChart, GridComponent, TooltipComponent, AxisPointerComponent, DataZoomComponent, CanvasRenderer]);

type Instance = ReturnType<typeof echarts.init>;

const EMPTY = {};
const NEVER = () => false;
const RENDERER = { renderer: 'canvas' as const };

interface ZoomEvent {
  start?: number;
  batch?: { start?: number; end?: number }[];
  end?: number;
}

/**
 * The ECharts canvas. Driven imperatively: a full option when the candles or settings change in
 * shape, and on a live candle only the series data (timed as `chart.liveUpdate` with the User
 * Timing API). Zooming or panning to the oldest loaded candle asks for older ones.
 */
export function ChartCanvas({
  candles,
  settings,
  labels,
  format,
  onReachStart,
  label,
}: {
  candles: CandleColumns;
  settings: ChartSettings;
  labels: ChartLabels;
  format: ChartFormat;
  onReachStart: () => void;
  label: string;
}) {
  const chartRef = useRef<ReactEChartsCore>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const drawn = useRef<{ candles: CandleColumns; settings: ChartSettings; labels: ChartLabels; format: ChartFormat } | null>(null);
  const windowRef = useRef<ZoomWindow>(initialWindow(0));

  useEffect(() => {
    const instance: Instance | undefined = chartRef.current?.getEchartsInstance();
    if (!instance) return;
    const before = drawn.current;
    const sameLook = before && before.settings === settings && before.labels === labels && before.format === format;
    const kind = before && sameLook ? changeKind(before.candles, candles) : 'full';
    if (kind === 'none') return;
    const window = before ? nextWindow(windowRef.current, before.candles, candles) : initialWindow(candles.open_time.length);
    let seriesCount: number;
    if (kind === 'live' && before) {
      const started = performance.now();
      const appended = candles.open_time.length !== before.candles.open_time.length;
      const option = buildLiveOption(candles, settings, labels, format, appended ? window : null);
      instance.setOption(option, { lazyUpdate: false });
      performance.measure('chart.liveUpdate', { start: started, end: performance.now() });
      seriesCount = option.series.length;
    } else {
      const option = buildChartOption(candles, settings, labels, format, window);
      instance.setOption(option, { notMerge: true });
      seriesCount = option.series.length;
    }
    windowRef.current = window;
    drawn.current = { candles, settings, labels, format };
    const box = boxRef.current;
    if (box) {
      box.dataset.candles = String(candles.open_time.length);
      box.dataset.series = String(seriesCount);
      box.dataset.last = candles.open_time.length ? `${candles.close[candles.open_time.length - 1]}` : '';
    }
  }, [candles, settings, labels, format]);

  // Bound once by echarts-for-react (shouldSetOption is off), so `onReachStart` must be stable.
  const onEvents = useMemo(
    () => ({
      datazoom: (event: ZoomEvent) => {
        const n = drawn.current?.candles.open_time.length ?? 0;
        const zoom = event.batch?.[0] ?? event;
        if (zoom.start === undefined || zoom.end === undefined || n === 0) return;
        const start = Math.round((zoom.start / 100) * (n - 1));
        const end = Math.round((zoom.end / 100) * (n - 1));
        windowRef.current = { start, end };
        if (start <= 0) onReachStart();
      },
    }),
    [onReachStart],
  );

  return (
    <div ref={boxRef} dir="ltr" data-testid="chart" role="img" aria-label={label} className="h-full w-full">
      <ReactEChartsCore
        ref={chartRef}
        echarts={echarts}
        option={EMPTY}
        shouldSetOption={NEVER}
        opts={RENDERER}
        onEvents={onEvents}
        style={{ height: '100%', width: '100%' }}
      />
    </div>
  );
}
