import { useMemo } from 'react';
import { useSignalsT } from '../signals/useSignalsT';
import type { BacktestResult } from '../../../contract/signals/backtest';
import { useShellSelector } from '../../actors/hooks';
import { Card } from '../components/Card';
import { BacktestChart } from './BacktestChart';
import { drawdownOption, equityOption, type BacktestLabels } from './chartOptions';
import { backtestFormat } from './format';
import { MetricsGrid } from './MetricsGrid';
import { MonthlyGrid } from './MonthlyGrid';
import { TradesOnCandles } from './TradesOnCandles';
import { TradesTable } from './TradesTable';

/** A finished run: metrics, equity against buy-and-hold, drawdown, monthly returns, trades on the candles and in a table. */
export function BacktestResultView({ result }: { result: BacktestResult }) {
  const { t } = useSignalsT();
  const language = useShellSelector((s) => s.context.language);
  const dark = useShellSelector((s) => s.context.theme === 'dark');
  const format = useMemo(() => backtestFormat(language), [language]);
  const labels: BacktestLabels = useMemo(
    () => ({ equity: t('backtest.equity'), buyAndHold: t('backtest.buyAndHold'), drawdown: t('backtest.drawdown'), entry: t('backtest.entry'), exit: t('backtest.exit') }),
    [t],
  );
  const equity = useMemo(() => equityOption(result.equity_curve, labels, format, dark), [result.equity_curve, labels, format, dark]);
  const drawdown = useMemo(() => drawdownOption(result.equity_curve, labels, format, dark), [result.equity_curve, labels, format, dark]);

  return (
    <div className="space-y-4" data-testid="backtest-result">
      <Card title={t('backtest.metricsTitle')}>
        <p className="-mt-2 mb-3 text-xs text-slate-500">
          {t('backtest.ranOver', { candles: format.number(result.candle_count), seconds: format.number(result.elapsed_ms / 1000, 2), version: format.number(result.strategy_version) })}
        </p>
        <MetricsGrid metrics={result.metrics} format={format} />
      </Card>
      <div className="grid gap-4 xl:grid-cols-2">
        <Card title={t('backtest.equityTitle')}>
          <BacktestChart testId="equity-chart" option={equity} label={t('backtest.equityTitle')} />
        </Card>
        <Card title={t('backtest.drawdownTitle')}>
          <BacktestChart testId="drawdown-chart" option={drawdown} label={t('backtest.drawdownTitle')} />
        </Card>
      </div>
      <Card title={t('backtest.monthlyTitle')}>
        <MonthlyGrid rows={result.monthly_returns} format={format} language={language} />
      </Card>
      <Card title={t('backtest.candlesTitle')}>
        <TradesOnCandles result={result} labels={labels} format={format} />
      </Card>
      {result.per_symbol.length > 1 ? (
        <Card title={t('backtest.perSymbolTitle')}>
          <table className="w-full text-sm" data-testid="per-symbol">
            <thead>
              <tr className="text-xs text-slate-500">
                {(['symbol', 'trades', 'netProfit', 'winRate', 'buyAndHold'] as const).map((key) => (
                  <th key={key} scope="col" className="px-2 py-1 text-start font-medium">
                    {t(`backtest.perSymbol.${key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
              {result.per_symbol.map((row) => (
                <tr key={row.symbol}>
                  <td className="px-2 py-1.5" dir="ltr">
                    {row.symbol}
                  </td>
                  <td className="px-2 py-1.5 tabular-nums">{format.number(row.trade_count)}</td>
                  <td className="px-2 py-1.5 tabular-nums">
                    <bdi>{format.money(Number(row.net_profit))}</bdi>
                  </td>
                  <td className="px-2 py-1.5 tabular-nums">{row.win_rate === null ? '—' : format.percent(row.win_rate)}</td>
                  <td className="px-2 py-1.5 tabular-nums">
                    <bdi>{format.percent(row.buy_and_hold_return)}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      ) : null}
      <Card title={t('backtest.tradesTitle')}>
        <TradesTable trades={result.trades} format={format} />
      </Card>
    </div>
  );
}
