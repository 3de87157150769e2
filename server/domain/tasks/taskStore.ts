import type { Kysely } from 'kysely';
import type { TaskName, TaskState } from '../../../contract';
import type { TaskInfo } from '../../../contract/system/tasks';
import type { Database } from '../../store/schema';
import type { TaskRow, TasksTable } from '../../store/tables/taskTables';

/** The `tasks` table: TaskInfo in and out (JSON columns, epoch-ms times ↔ ISO strings). */

export const ACTIVE_STATES: readonly TaskState[] = ['PENDING', 'STARTED', 'PROGRESS'];
export const RUNNING_STATES: readonly TaskState[] = ['STARTED', 'PROGRESS'];
export const FINISHED_STATES: readonly TaskState[] = ['SUCCESS', 'FAILURE', 'REVOKED'];
export const ALL_STATES: readonly TaskState[] = ['PENDING', 'STARTED', 'PROGRESS', 'SUCCESS', 'FAILURE', 'REVOKED'];

const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));
const iso = (value: number | null) => (value === null ? null : new Date(Number(value)).toISOString());
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

export function toRow(info: TaskInfo, workerId: string | null): Omit<TasksTable, 'exclusive_name'> {
  return {
    id: info.id,
    name: info.name,
    state: info.state,
    progress: json(info.progress),
    result: info.has_result ? JSON.stringify(info.result) : null,
    has_result: info.has_result ? 1 : 0,
    error: json(info.error),
    args: JSON.stringify(info.args),
    user_id: info.user_id,
    retries: info.retries,
    revoke_at: info.revoke ? ms(info.revoke.at) : null,
    revoke_terminate: info.revoke ? (info.revoke.terminate ? 1 : 0) : null,
    worker_id: workerId,
    created_at: ms(info.created_at)!,
    started_at: ms(info.started_at),
    finished_at: ms(info.finished_at),
    updated_at: ms(info.updated_at)!,
  };
}

export function fromRow(row: TaskRow): TaskInfo {
  return {
    id: row.id,
    name: row.name as TaskName,
    state: row.state as TaskState,
    progress: parse(row.progress) as TaskInfo['progress'],
    has_result: row.has_result === 1,
    result: (parse(row.result) ?? null) as TaskInfo['result'],
    error: parse(row.error) as TaskInfo['error'],
    args: parse(row.args) as TaskInfo['args'],
    user_id: row.user_id === null ? null : Number(row.user_id),
    retries: row.retries,
    revoke: row.revoke_at === null ? null : { at: iso(row.revoke_at)!, terminate: row.revoke_terminate === 1 },
    created_at: iso(row.created_at)!,
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    updated_at: iso(row.updated_at)!,
  };
}

export interface ReportFilter {
  since: number | null;
  state?: TaskState | undefined;
  name?: TaskName | undefined;
}

export function createTaskStore(db: Kysely<Database>) {
  const filtered = (filter: ReportFilter) => {
    let query = db.selectFrom('tasks');
    if (filter.since !== null) query = query.where('created_at', '>=', filter.since);
    if (filter.state) query = query.where('state', '=', filter.state);
    if (filter.name) query = query.where('name', '=', filter.name);
    return query;
  };

  return {
    /**
     * Writes a new task. With `exclusive` the row holds its name in `exclusive_name`, and the
     * partial unique index refuses a second unfinished one (isUniqueViolation tells).
     */
    async insert(info: TaskInfo, workerId: string, exclusive = false): Promise<void> {
      await db
        .insertInto('tasks')
        .values({ ...toRow(info, workerId), exclusive_name: exclusive ? info.name : null })
        .execute();
    },

    /**
     * Writes the whole record only while the row is still in one of `from` (compare-and-set), so
     * two processes cannot both take a task (one starts it, the other revokes it): false when
     * another process got there first.
     */
    async transition(info: TaskInfo, workerId: string | null, from: readonly TaskState[]): Promise<boolean> {
      const { id: _id, ...row } = toRow(info, workerId);
      const result = await db.updateTable('tasks').set(row).where('id', '=', info.id).where('state', 'in', [...from]).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Records a revoke on a running task, leaving every other column to the process running it. */
    async markRevoke(id: string, revoke: NonNullable<TaskInfo['revoke']>): Promise<void> {
      await db
        .updateTable('tasks')
        .set({ revoke_at: ms(revoke.at), revoke_terminate: revoke.terminate ? 1 : 0 })
        .where('id', '=', id)
        .where('state', 'in', [...RUNNING_STATES])
        .execute();
    },

    /** Unfinished tasks per name and state, for the stats of a shared queue. */
    async activeByName(): Promise<Partial<Record<TaskName, { pending: number; running: number }>>> {
      const rows = await db
        .selectFrom('tasks')
        .select(['name', 'state', (eb) => eb.fn.countAll<number>().as('n')])
        .where('state', 'in', [...ACTIVE_STATES])
        .groupBy(['name', 'state'])
        .execute();
      const byName: Partial<Record<TaskName, { pending: number; running: number }>> = {};
      for (const row of rows) {
        const counts = (byName[row.name as TaskName] ??= { pending: 0, running: 0 });
        if (row.state === 'PENDING') counts.pending += Number(row.n);
        else counts.running += Number(row.n);
      }
      return byName;
    },

    /** Writes the whole record: every column follows the runner's copy of the task. */
    async save(info: TaskInfo, workerId: string | null): Promise<void> {
      const { id: _id, ...row } = toRow(info, workerId);
      await db.updateTable('tasks').set(row).where('id', '=', info.id).execute();
    },

    async get(id: string): Promise<TaskInfo | undefined> {
      const row = await db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? fromRow(row) : undefined;
    },

    /** The oldest unfinished task of a name (prevent_concurrent). */
    async activeOfName(name: TaskName): Promise<TaskInfo | undefined> {
      const row = await db
        .selectFrom('tasks')
        .selectAll()
        .where('name', '=', name)
        .where('state', 'in', [...ACTIVE_STATES])
        .orderBy('created_at')
        .executeTakeFirst();
      return row ? fromRow(row) : undefined;
    },

    /** Tasks left unfinished, oldest first (recovery after a restart). */
    async unfinished(): Promise<TaskInfo[]> {
      const rows = await db.selectFrom('tasks').selectAll().where('state', 'in', [...ACTIVE_STATES]).orderBy('created_at').execute();
      return rows.map(fromRow);
    },

    /** Deletes a finished task; false when unknown or not finished. */
    async deleteFinished(id: string): Promise<boolean> {
      const result = await db.deleteFrom('tasks').where('id', '=', id).where('state', 'in', [...FINISHED_STATES]).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Drops finished tasks older than `before` (epoch ms); returns how many. */
    async pruneFinished(before: number): Promise<number> {
      const result = await db.deleteFrom('tasks').where('state', 'in', [...FINISHED_STATES]).where('created_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async counts(filter: ReportFilter): Promise<Record<TaskState, number>> {
      const rows = await filtered(filter).select(['state', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('state').execute();
      const counts = Object.fromEntries(ALL_STATES.map((s) => [s, 0])) as Record<TaskState, number>;
      for (const row of rows) if (ALL_STATES.includes(row.state as TaskState)) counts[row.state as TaskState] = Number(row.n);
      return counts;
    },

    async page(filter: ReportFilter, offset: number, limit: number): Promise<TaskInfo[]> {
      const rows = await filtered(filter).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
      return rows.map(fromRow);
    },

    async running(filter: Omit<ReportFilter, 'since' | 'state'>): Promise<TaskInfo[]> {
      const rows = await filtered({ since: null, ...(filter.name ? { name: filter.name } : {}) })
        .selectAll()
        .where('state', 'in', [...RUNNING_STATES])
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map(fromRow);
    },
  };
}

export type TaskStore = ReturnType<typeof createTaskStore>;
