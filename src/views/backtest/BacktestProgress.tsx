import { useSignalsT } from '../signals/useSignalsT';
import type { TaskInfo, TaskProgress } from '../../../contract/system/tasks';

/** The run's progress bar, fed by the task's PROGRESS meta (current of total, and its message). */
export function BacktestProgress({ task, progress, language }: { task: TaskInfo | null; progress: TaskProgress | null; language: string }) {
  const { t } = useSignalsT();
  const fraction = progress && progress.total > 0 ? Math.min(1, progress.current / progress.total) : null;
  const state = task?.state ?? 'PENDING';
  const number = new Intl.NumberFormat(language);
  return (
    <div className="space-y-2" data-testid="backtest-progress" data-state={state}>
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium">{t(`backtest.states.${state}`)}</span>
        <span className="tabular-nums text-slate-500">
          {fraction === null ? '' : new Intl.NumberFormat(language, { style: 'percent' }).format(fraction)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t('backtest.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={fraction === null ? undefined : Math.round(fraction * 100)}
        className="h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className={`h-full rounded-full bg-emerald-500 transition-all ${fraction === null ? 'w-1/4 animate-pulse' : ''}`} style={fraction === null ? undefined : { width: `${fraction * 100}%` }} />
      </div>
      <p className="text-xs text-slate-500" dir="auto">
        {progress ? `${number.format(progress.current)} / ${number.format(progress.total)}${progress.message ? ` — ${progress.message}` : ''}` : t('backtest.waitingTask')}
      </p>
    </div>
  );
}
