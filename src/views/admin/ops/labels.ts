import type { TaskName, TaskState } from '../../../../contract/codes';
import type { ServiceInfo } from '../../../../contract/system/services';

/** i18next reads dots as nesting, so `market.backfill` is looked up as `market_backfill`. */
export const taskLabelKey = (name: TaskName | string) => `adminOps.taskNames.${name.replace(/\./g, '_')}`;

/** One colour per state, light and dark. */
export const STATE_CHIP: Record<TaskState, string> = {
  PENDING: 'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
  STARTED: 'bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-800',
  PROGRESS: 'bg-indigo-50 text-indigo-800 ring-indigo-200 dark:bg-indigo-950 dark:text-indigo-200 dark:ring-indigo-800',
  SUCCESS: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800',
  FAILURE: 'bg-rose-50 text-rose-800 ring-rose-200 dark:bg-rose-950 dark:text-rose-200 dark:ring-rose-800',
  REVOKED: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800',
};

export const SERVICE_CHIP: Record<ServiceInfo['status'], string> = {
  running: STATE_CHIP.SUCCESS,
  stopped: STATE_CHIP.PENDING,
  error: STATE_CHIP.FAILURE,
};

/** `market-feed:crypto` → the kind's key and its market: "Market feed · crypto" in the reader's language. */
export function serviceLabel(service: Pick<ServiceInfo, 'kind' | 'market' | 'name'>, t: (key: string) => string): string {
  const kind = t(`adminOps.services.kinds.${service.kind.replace(/-/g, '_')}`);
  return service.market ? `${kind} · ${service.market}` : kind;
}
