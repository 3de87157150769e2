import type { Kysely } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './columns';

/**
 * Notifications (DOMAIN.md): one row per message to one user. The indexes serve the bell (a user's
 * active ones, newest first), the notification centre's filtered pages and the reconnect catch-up
 * (`updated_after`), and the expiry task.
 */
export function notificationsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('notifications'), dialect)
        .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'varchar(200)', (col) => col.notNull())
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('status', 'integer', (col) => col.notNull())
        .addColumn('priority', 'integer', (col) => col.notNull())
        .addColumn('category', 'varchar(16)', (col) => col.notNull())
        .addColumn('sub_category', 'varchar(64)')
        .addColumn('portfolio_id', 'bigint')
        .addColumn('market', 'varchar(32)')
        .addColumn('broker_id', 'varchar(64)')
        .addColumn('symbol', 'varchar(32)')
        /** JSON object or null. */
        .addColumn('data', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint')
        .execute();
      await db.schema.createIndex('notifications_user_status').on('notifications').columns(['user_id', 'status', 'id']).execute();
      await db.schema.createIndex('notifications_user_id').on('notifications').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('notifications_user_updated').on('notifications').columns(['user_id', 'updated_at']).execute();
      await db.schema.createIndex('notifications_expiry').on('notifications').columns(['expires_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('notifications').execute();
    },
  };
}
