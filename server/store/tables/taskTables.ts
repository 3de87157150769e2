import type { Selectable } from 'kysely';

/**
 * Persisted tasks (migration 011). JSON columns hold text; the runner parses them. `worker_id`
 * names the process running the task (host:pid:boot-uuid) so several workers can tell their own.
 */
export interface TasksTable {
  id: string;
  name: string;
  state: string;
  progress: string | null;
  result: string | null;
  has_result: number;
  error: string | null;
  args: string;
  user_id: number | null;
  retries: number;
  revoke_at: number | null;
  revoke_terminate: number | null;
  worker_id: string | null;
  /**
   * The task's name while a task started with prevent_concurrent is unfinished (migration 013's
   * partial unique index makes a second one fail), else null.
   */
  exclusive_name: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  updated_at: number;
}
export type TaskRow = Selectable<TasksTable>;

export interface TaskTables {
  tasks: TasksTable;
}
