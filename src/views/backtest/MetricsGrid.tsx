import { useSignalsT } from '../signals/useSignalsT';
import type { BacktestMetrics } from '../../../contract/signals/backtest';
import type { backtestFormat } from './format';

const tone = (value: number) => (value > 0 ? 'text-emerald-700 dark:text-emerald-400' : value < 0 ? 'text-rose-700 dark:text-rose-400' : '');

/** The run's figures: returns against buy-and-hold, risk, and the trades' quality. */
export function MetricsGrid({ metrics, format }: { metrics: BacktestMetrics; format: ReturnType<typeof backtestFormat> }) {
  const { t } = useSignalsT();
  const pct = (v: number | null) => (v === null ? '—' : format.percent(v));
  const cells: [string, string, string][] = [
    ['totalReturn', pct(metrics.total_return), tone(metrics.total_return)],
    ['buyAndHold', pct(metrics.buy_and_hold_return), tone(metrics.buy_and_hold_return)],
    ['cagr', pct(metrics.cagr), tone(metrics.cagr)],
    ['maxDrawdown', pct(-metrics.max_drawdown), metrics.max_drawdown > 0 ? tone(-1) : ''],
    ['sharpe', format.ratio(metrics.sharpe), ''],
    ['sortino', format.ratio(metrics.sortino), ''],
    ['winRate', pct(metrics.win_rate), ''],
    ['profitFactor', format.ratio(metrics.profit_factor), ''],
    ['trades', format.number(metrics.trade_count), ''],
    ['exposure', pct(metrics.exposure), ''],
    ['finalEquity', format.money(Number(metrics.final_equity)), ''],
    ['netProfit', format.money(Number(metrics.net_profit)), tone(Number(metrics.net_profit))],
    ['fees', format.money(Number(metrics.fees_paid)), ''],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5 xl:grid-cols-7" data-testid="metrics">
      {cells.map(([key, value, className]) => (
        <div key={key} className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-900/60" data-metric={key}>
          <dt className="text-xs text-slate-500">{t(`backtest.metrics.${key}`)}</dt>
          <dd className={`text-lg font-semibold tabular-nums ${className}`}>
            <bdi>{value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
