import type { TaskInfo } from '../../../../../contract/system/tasks';
import { formatNumber } from '../../../../i18n/format';
import { useAdminOpsT } from '../useAdminOpsT';

/**
 * A task's progress as an accessible bar (0–100). A succeeded task is complete even when it never
 * reported progress; a finished one otherwise keeps its last value. The label names the task, so
 * each row's bar is told apart.
 */
export function TaskProgressBar({ task, label, language }: { task: TaskInfo; label: string; language: string }) {
  const { t } = useAdminOpsT();
  const progress = task.progress;
  const fraction = task.state === 'SUCCESS' ? 1 : progress && progress.total > 0 ? Math.min(1, progress.current / progress.total) : null;
  const percent = fraction === null ? null : Math.round(fraction * 100);
  const tone = task.state === 'FAILURE' ? 'bg-rose-500' : task.state === 'REVOKED' ? 'bg-amber-500' : 'bg-emerald-500';
  return (
    <div className="min-w-[9rem] space-y-1">
      <div
        role="progressbar"
        aria-label={t('adminOps.progress.label', { task: label })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={percent === null ? t('adminOps.progress.waiting') : formatNumber(fraction ?? 0, language, { style: 'percent' })}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className={`h-full rounded-full transition-all ${tone} ${percent === null ? 'w-1/4 animate-pulse opacity-40' : ''}`} style={percent === null ? undefined : { width: `${percent}%` }} />
      </div>
      {progress ? (
        <p className="text-xs tabular-nums text-slate-500 dark:text-slate-400" dir="auto">
          {formatNumber(progress.current, language)} / {formatNumber(progress.total, language)}
          {progress.message && task.state === 'PROGRESS' ? ` — ${progress.message}` : ''}
        </p>
      ) : null}
    </div>
  );
}
