import type { Kysely } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './columns';

/**
 * Notification channels and their delivery attempts (issue 7), plus the notification-centre
 * indexes 007 lacks: a user's page filtered by category, symbol or portfolio walks
 * (user, column, id) in id order instead of every row of the user.
 */
export function channelsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('notification_channels'), dialect)
        .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type', 'varchar(16)', (col) => col.notNull())
        .addColumn('name', 'varchar(200)', (col) => col.notNull())
        .addColumn('is_active', 'integer', (col) => col.notNull())
        .addColumn('min_priority', 'integer', (col) => col.notNull())
        .addColumn('categories', 'text', (col) => col.notNull())
        .addColumn('config', 'text', (col) => col.notNull())
        .addColumn('consecutive_failures', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('paused_for_failures_at', 'bigint')
        .addColumn('last_success_at', 'bigint')
        .addColumn('last_error_message', 'text')
        .addColumn('last_error_at', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('notification_channels_user').on('notification_channels').columns(['user_id', 'id']).execute();

      await withIdColumn(db.schema.createTable('channel_deliveries'), dialect)
        .addColumn('channel_id', 'bigint', (col) => col.notNull().references('notification_channels.id').onDelete('cascade'))
        .addColumn('notification_id', 'bigint')
        .addColumn('is_test', 'integer', (col) => col.notNull())
        .addColumn('task_id', 'varchar(64)')
        .addColumn('attempt', 'integer', (col) => col.notNull())
        .addColumn('outcome', 'varchar(16)', (col) => col.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('error', 'text')
        .addColumn('duration_ms', 'integer', (col) => col.notNull())
        .addColumn('next_retry_at', 'bigint')
        .addColumn('at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('channel_deliveries_channel').on('channel_deliveries').columns(['channel_id', 'id']).execute();

      await db.schema.createIndex('notifications_user_category').on('notifications').columns(['user_id', 'category', 'id']).execute();
      await db.schema.createIndex('notifications_user_symbol').on('notifications').columns(['user_id', 'symbol', 'id']).execute();
      await db.schema.createIndex('notifications_user_portfolio').on('notifications').columns(['user_id', 'portfolio_id', 'id']).execute();
      // Covers not_expired's count (status and expires_at read from the index, not the table).
      await db.schema.createIndex('notifications_user_live').on('notifications').columns(['user_id', 'status', 'expires_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('notifications_user_live').execute();
      await db.schema.dropIndex('notifications_user_portfolio').execute();
      await db.schema.dropIndex('notifications_user_symbol').execute();
      await db.schema.dropIndex('notifications_user_category').execute();
      await db.schema.dropTable('channel_deliveries').execute();
      await db.schema.dropTable('notification_channels').execute();
    },
  };
}
