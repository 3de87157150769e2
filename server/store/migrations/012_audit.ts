import type { Kysely } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './columns';

/**
 * The admin audit log (issue 8). No foreign key to users: an entry keeps who made the call (id and
 * email as they were) whatever happens to the account later. Pages are newest first, so every
 * filter's index ends in id.
 */
export function auditMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('audit_log'), dialect)
        .addColumn('at', 'bigint', (col) => col.notNull())
        .addColumn('user_id', 'bigint')
        .addColumn('user_email', 'varchar(254)', (col) => col.notNull())
        .addColumn('action', 'varchar(64)', (col) => col.notNull())
        .addColumn('method', 'varchar(8)', (col) => col.notNull())
        .addColumn('path', 'varchar(2000)', (col) => col.notNull())
        .addColumn('target', 'varchar(300)')
        .addColumn('details', 'text', (col) => col.notNull())
        .addColumn('status_code', 'integer', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();
      await db.schema.createIndex('audit_log_user').on('audit_log').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at']).execute();
    },
  };
}
