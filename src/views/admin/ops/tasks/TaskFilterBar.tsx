import { TASK_NAMES, TaskState } from '../../../../../contract/codes';
import { SelectField, Toggle } from '../../../signals/controls';
import { taskLabelKey } from '../labels';
import { useAdminOpsT } from '../useAdminOpsT';
import type { TaskFilters } from './taskFilters';

/** State, name and "every stored task"; each change goes back to the first page. */
export function TaskFilterBar({ filters, onChange }: { filters: TaskFilters; onChange: (next: TaskFilters) => void }) {
  const { t } = useAdminOpsT();
  const set = (patch: Partial<TaskFilters>) => onChange({ ...filters, ...patch, offset: 0 });
  return (
    <div className="grid gap-3 sm:grid-cols-3 sm:items-end">
      <SelectField label={t('adminOps.tasks.filterState')} value={filters.state ?? ''} onChange={(e) => set({ state: TaskState.safeParse(e.target.value).data ?? null })}>
        <option value="">{t('adminOps.tasks.allStates')}</option>
        {TaskState.options.map((state) => <option key={state} value={state}>{t(`adminOps.states.${state}`)}</option>)}
      </SelectField>
      <SelectField
        label={t('adminOps.tasks.filterName')}
        value={filters.name ?? ''}
        onChange={(e) => set({ name: TASK_NAMES.find((name) => name === e.target.value) ?? null })}
      >
        <option value="">{t('adminOps.tasks.anyName')}</option>
        {TASK_NAMES.map((name) => <option key={name} value={name}>{`${t(taskLabelKey(name))} (${name})`}</option>)}
      </SelectField>
      <div className="pb-1">
        <Toggle label={t('adminOps.tasks.reportAll')} hint={t('adminOps.tasks.reportAllHint')} checked={filters.reportAll} onChange={(reportAll) => set({ reportAll })} />
      </div>
    </div>
  );
}
