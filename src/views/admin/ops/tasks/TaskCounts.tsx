import { TaskState } from '../../../../../contract/codes';
import { formatNumber } from '../../../../i18n/format';
import { STATE_CHIP } from '../labels';
import { useAdminOpsT } from '../useAdminOpsT';

/** The report's count per state as chips; pressing one filters by it, pressing it again clears. */
export function TaskCounts({ counts, active, language, onPick }: {
  counts: Partial<Record<TaskState, number>> | undefined;
  active: TaskState | null;
  language: string;
  onPick: (state: TaskState | null) => void;
}) {
  const { t } = useAdminOpsT();
  return (
    <div role="group" aria-label={t('adminOps.tasks.counts')} className="flex flex-wrap gap-2">
      {TaskState.options.map((state) => (
        <button
          key={state}
          type="button"
          aria-pressed={active === state}
          data-testid={`count-${state}`}
          onClick={() => onPick(active === state ? null : state)}
          className={`inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm ring-1 transition ${STATE_CHIP[state]} ${active === state ? 'ring-2 ring-offset-1 ring-offset-white dark:ring-offset-slate-800' : 'opacity-80 hover:opacity-100'}`}
        >
          <span>{t(`adminOps.states.${state}`)}</span>
          <span className="font-semibold tabular-nums">{formatNumber(counts?.[state] ?? 0, language)}</span>
        </button>
      ))}
    </div>
  );
}
