import type { TaskInfo } from '../../../../../contract/system/tasks';
import { formatDateTime, formatNumber } from '../../../../i18n/format';
import { Chip } from '../Chip';
import { STATE_CHIP, taskLabelKey } from '../labels';
import { useAdminOpsT } from '../useAdminOpsT';
import { TaskProgressBar } from './TaskProgressBar';

const TIME: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'medium' };

/** The live table; it scrolls sideways on a narrow screen instead of squeezing its columns. */
export function TaskTable({ rows, language, onOpen }: { rows: readonly TaskInfo[]; language: string; onOpen: (task: TaskInfo) => void }) {
  const { t } = useAdminOpsT();
  const when = (iso: string | null) => (iso ? formatDateTime(Date.parse(iso), language, TIME) : t('adminOps.none'));
  const head = 'px-3 py-2 text-start text-xs font-medium text-slate-500 dark:text-slate-400';
  const cell = 'px-3 py-2 align-top';
  return (
    <div className="overflow-x-auto">
      <table className="min-w-[64rem] w-full text-sm">
        <thead className="border-b border-slate-200 dark:border-slate-700">
          <tr>
            <th className={head}>{t('adminOps.tasks.columns.name')}</th>
            <th className={head}>{t('adminOps.tasks.columns.state')}</th>
            <th className={head}>{t('adminOps.tasks.columns.progress')}</th>
            <th className={head}>{t('adminOps.tasks.columns.startedBy')}</th>
            <th className={head}>{t('adminOps.tasks.columns.created')}</th>
            <th className={head}>{t('adminOps.tasks.columns.started')}</th>
            <th className={head}>{t('adminOps.tasks.columns.finished')}</th>
            <th className={head}>{t('adminOps.tasks.columns.retries')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-700/60">
          {rows.map((task) => {
            const label = t(taskLabelKey(task.name));
            return (
              <tr key={task.id} data-testid={`task-row-${task.id}`} data-state={task.state}>
                <td className={cell}>
                  <button type="button" className="text-start font-medium text-emerald-700 hover:underline dark:text-emerald-300" aria-label={t('adminOps.tasks.open', { name: label })} onClick={() => onOpen(task)}>
                    {label}
                  </button>
                  <span className="block font-mono text-xs text-slate-500" dir="ltr">{task.name}</span>
                </td>
                <td className={cell}>
                  <Chip className={STATE_CHIP[task.state]} testId={`task-state-${task.id}`}>{t(`adminOps.states.${task.state}`)}</Chip>
                </td>
                <td className={cell}>
                  <TaskProgressBar task={task} label={label} language={language} />
                </td>
                <td className={cell}>{task.user_id === null ? t('adminOps.system') : t('adminOps.userId', { id: formatNumber(task.user_id, language) })}</td>
                <td className={`${cell} tabular-nums`}>{when(task.created_at)}</td>
                <td className={`${cell} tabular-nums`}>{when(task.started_at)}</td>
                <td className={`${cell} tabular-nums`}>{when(task.finished_at)}</td>
                <td className={`${cell} tabular-nums`}>{formatNumber(task.retries, language)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
