import type { TaskInfo } from '../../../../../contract/system/tasks';
import type { TaskFilters } from './taskFilters';

/**
 * The table's rows: the report's page with each task replaced by a newer copy from a `task`
 * message, and tasks the page has not seen yet (started since it was read) put on top when they
 * match the filters. Older tasks that change (on another page) stay where they are.
 */

const time = (iso: string) => Date.parse(iso);

/** The copy updated last; a message never takes a row back to an older state. */
export function newerTask(a: TaskInfo, b: TaskInfo | undefined): TaskInfo {
  if (!b) return a;
  return time(b.updated_at) > time(a.updated_at) ? b : a;
}

export function matchesFilters(task: TaskInfo, filters: Pick<TaskFilters, 'state' | 'name'>): boolean {
  return (!filters.state || task.state === filters.state) && (!filters.name || task.name === filters.name);
}

export function mergeLiveTasks(page: readonly TaskInfo[], live: ReadonlyMap<string, TaskInfo>, filters: TaskFilters): TaskInfo[] {
  const rows = page.map((row) => newerTask(row, live.get(row.id)));
  // Only the first page shows the newest tasks; a later page would shift under the reader.
  if (filters.offset > 0) return rows;
  const onPage = new Set(page.map((row) => row.id));
  const newest = page.reduce((max, row) => Math.max(max, time(row.created_at)), 0);
  const fresh = [...live.values()]
    .filter((task) => !onPage.has(task.id) && time(task.created_at) >= newest && matchesFilters(task, filters))
    .sort((x, y) => time(y.created_at) - time(x.created_at));
  return [...fresh, ...rows];
}

export const isFinished = (task: TaskInfo) => task.state === 'SUCCESS' || task.state === 'FAILURE' || task.state === 'REVOKED';
export const isRunning = (task: TaskInfo) => task.state === 'STARTED' || task.state === 'PROGRESS';
