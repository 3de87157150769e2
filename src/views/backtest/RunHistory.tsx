import { useMemo, useState } from 'react';
import { useSignalsT } from '../signals/useSignalsT';
import { useShellSelector } from '../../actors/hooks';
import { formatDateTime } from '../../i18n/format';
import { Card } from '../components/Card';
import { BacktestChart } from './BacktestChart';
import { comparisonOption } from './chartOptions';
import { backtestFormat } from './format';
import type { SavedRun } from './history';

const runLabel = (run: SavedRun, index: number) => `${index + 1}. ${run.strategyName} · ${run.symbols.join(', ')}`;

/** The runs kept in this browser, side by side: their settings and figures, and their equity as returns on one chart. */
export function RunHistory({ runs, onRemove, currentId }: { runs: readonly SavedRun[]; onRemove: (id: string) => void; currentId: string | null }) {
  const { t } = useSignalsT();
  const language = useShellSelector((s) => s.context.language);
  const dark = useShellSelector((s) => s.context.theme === 'dark');
  const format = useMemo(() => backtestFormat(language), [language]);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const shown = useMemo(() => runs.map((run, i) => ({ run, label: runLabel(run, i) })).filter(({ run }) => !hidden.has(run.id)), [runs, hidden]);
  const option = useMemo(() => comparisonOption(shown.map(({ run, label }) => ({ label, curve: run.curve })), format, dark), [shown, format, dark]);
  if (runs.length === 0) return null;
  const day = { dateStyle: 'short' } as const;

  return (
    <Card title={t('backtest.historyTitle')}>
      <p className="-mt-2 mb-3 text-xs text-slate-500">{t('backtest.historyHint')}</p>
      {shown.length ? <BacktestChart testId="comparison-chart" option={option} height={260} label={t('backtest.historyTitle')} /> : null}
      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[56rem] text-sm" data-testid="run-history">
          <thead>
            <tr className="border-b border-slate-200 text-xs text-slate-500 dark:border-slate-700">
              <th scope="col" className="px-2 py-2 text-start font-medium">
                {t('backtest.historyColumns.show')}
              </th>
              {(['run', 'range', 'totalReturn', 'buyAndHold', 'maxDrawdown', 'sharpe', 'winRate', 'trades'] as const).map((key) => (
                <th key={key} scope="col" className="px-2 py-2 text-start font-medium">
                  {t(`backtest.historyColumns.${key}`)}
                </th>
              ))}
              <th />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
            {runs.map((run, i) => (
              <tr key={run.id} data-testid="saved-run" className={run.id === currentId ? 'bg-emerald-50/60 dark:bg-emerald-950/40' : ''}>
                <td className="px-2 py-1.5">
                  <input
                    type="checkbox"
                    aria-label={t('backtest.showRun', { run: runLabel(run, i) })}
                    checked={!hidden.has(run.id)}
                    onChange={(e) => {
                      const next = new Set(hidden);
                      if (e.target.checked) next.delete(run.id);
                      else next.add(run.id);
                      setHidden(next);
                    }}
                  />
                </td>
                <td className="px-2 py-1.5">
                  <span className="block font-medium" dir="auto">
                    {runLabel(run, i)}
                  </span>
                  <span className="block text-xs text-slate-500">
                    {t(`chart.timeframes.${run.timeframe}`)} · v{format.number(run.strategyVersion)}
                  </span>
                </td>
                <td className="px-2 py-1.5 text-xs tabular-nums">
                  {formatDateTime(run.from, language, day)} – {formatDateTime(run.to - 1, language, day)}
                </td>
                <td className="px-2 py-1.5 tabular-nums">
                  <bdi>{format.percent(run.metrics.total_return)}</bdi>
                </td>
                <td className="px-2 py-1.5 tabular-nums">
                  <bdi>{format.percent(run.metrics.buy_and_hold_return)}</bdi>
                </td>
                <td className="px-2 py-1.5 tabular-nums">
                  <bdi>{format.percent(-run.metrics.max_drawdown)}</bdi>
                </td>
                <td className="px-2 py-1.5 tabular-nums">{format.ratio(run.metrics.sharpe)}</td>
                <td className="px-2 py-1.5 tabular-nums">{run.metrics.win_rate === null ? '—' : format.percent(run.metrics.win_rate)}</td>
                <td className="px-2 py-1.5 tabular-nums">{format.number(run.metrics.trade_count)}</td>
                <td className="px-2 py-1.5 text-end">
                  <button type="button" className="text-xs text-rose-600 hover:underline" onClick={() => onRemove(run.id)}>
                    {t('backtest.forget')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
