import { CandlestickChart, LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, MarkPointComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';

// Only the parts drawn here: the whole of echarts is twice the size.
echarts.use([LineChart, CandlestickChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, MarkPointComponent, CanvasRenderer]);

let canvasSupport: boolean | undefined;
/** Whether this browser draws on a canvas (jsdom has none, and asking it logs an error, so it is known by name): without one the screen shows its tables only. */
function canDraw(): boolean {
  if (canvasSupport === undefined) {
    try {
      canvasSupport = typeof navigator !== 'undefined' && !/jsdom/i.test(navigator.userAgent) && !!document.createElement('canvas').getContext('2d');
    } catch {
      canvasSupport = false;
    }
  }
  return canvasSupport;
}

/** One ECharts chart of the backtest screen, from an option built by `chartOptions.ts`. */
export function BacktestChart({ option, height = 320, label, testId }: { option: object; height?: number; label: string; testId: string }) {
  return (
    <div role="img" aria-label={label} data-testid={testId} dir="ltr" style={{ height }}>
      {canDraw() ? <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height, width: '100%' }} opts={{ renderer: 'canvas' }} /> : null}
    </div>
  );
}
