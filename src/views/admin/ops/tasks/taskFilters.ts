import { TaskName, TaskState } from '../../../../../contract/codes';

/**
 * The tasks panel's filters live in the address (`/admin/tasks?state=FAILURE&name=market.backfill`,
 * `?task=<id>` opens that task), so a filtered view or one task can be linked and reloaded. The
 * names are the report call's own, plus `task` for the open detail panel.
 */

export const TASK_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_TASK_LIMIT = 25;

export interface TaskFilters {
  state: TaskState | null;
  name: TaskName | null;
  reportAll: boolean;
  offset: number;
  limit: number;
}

export function readTaskFilters(search: URLSearchParams): TaskFilters {
  const state = TaskState.safeParse(search.get('state'));
  const name = TaskName.safeParse(search.get('name'));
  const offset = Number(search.get('offset'));
  const limit = Number(search.get('limit'));
  return {
    state: state.success ? state.data : null,
    name: name.success ? name.data : null,
    reportAll: search.get('report_all') === 'true',
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
    limit: (TASK_PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_TASK_LIMIT,
  };
}

/** The report call's query for these filters (unset ones left out). */
export function toReportQuery(f: TaskFilters): Record<string, string | number | boolean> {
  const query: Record<string, string | number | boolean> = { offset: f.offset, limit: f.limit };
  if (f.state) query.state = f.state;
  if (f.name) query.name = f.name;
  if (f.reportAll) query.report_all = true;
  return query;
}

/** The address for these filters and the open task (defaults left out). */
export function toTaskSearch(f: TaskFilters, openTask: string | null): URLSearchParams {
  const search = new URLSearchParams();
  if (f.state) search.set('state', f.state);
  if (f.name) search.set('name', f.name);
  if (f.reportAll) search.set('report_all', 'true');
  if (f.offset) search.set('offset', String(f.offset));
  if (f.limit !== DEFAULT_TASK_LIMIT) search.set('limit', String(f.limit));
  if (openTask) search.set('task', openTask);
  return search;
}
