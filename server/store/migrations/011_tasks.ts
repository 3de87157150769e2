import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * Persisted tasks (issue 8): every transition of a task is written here, so state, result and
 * errors survive a restart and a crashed run can be told from a finished one. The indexes serve
 * the report: counts by state, `prevent_concurrent` (name, state) and the recent window.
 */
export function tasksMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tasks')
        .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('name', 'varchar(64)', (col) => col.notNull())
        .addColumn('state', 'varchar(16)', (col) => col.notNull())
        .addColumn('progress', 'text')
        .addColumn('result', 'text')
        .addColumn('has_result', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('args', 'text', (col) => col.notNull())
        .addColumn('user_id', 'bigint')
        .addColumn('retries', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('revoke_at', 'bigint')
        .addColumn('revoke_terminate', 'integer')
        .addColumn('worker_id', 'varchar(200)')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('finished_at', 'bigint')
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('tasks_state').on('tasks').columns(['state']).execute();
      await db.schema.createIndex('tasks_name_state').on('tasks').columns(['name', 'state']).execute();
      await db.schema.createIndex('tasks_created').on('tasks').columns(['created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('tasks').execute();
    },
  };
}
