import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * Tasks across processes (issue 9): `prevent_concurrent` must hold when two processes start the
 * same task at once, which a check-then-insert cannot promise. A task started with it carries its
 * name in `exclusive_name`, and a partial unique index allows one such row per name while it is
 * unfinished; the second insert fails in the database itself. Both SQLite and PostgreSQL have
 * partial unique indexes, and NULLs (tasks without prevent_concurrent) never conflict.
 */
export function tasksScaleMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('tasks').addColumn('exclusive_name', 'varchar(64)').execute();
      // Raw: an index predicate must hold literals (PostgreSQL takes no parameters there).
      await sql`create unique index tasks_exclusive_active on tasks (exclusive_name) where state in ('PENDING', 'STARTED', 'PROGRESS')`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('tasks_exclusive_active').execute();
      await db.schema.alterTable('tasks').dropColumn('exclusive_name').execute();
    },
  };
}
