import type { Kysely } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './columns';

export function accountsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('users'), dialect)
        .addColumn('email', 'varchar(254)', (col) => col.notNull().unique())
        .addColumn('hashed_password', 'varchar(255)', (col) => col.notNull())
        .addColumn('full_name', 'varchar(120)')
        .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('is_superuser', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('profiles')
        .addColumn('user_id', 'bigint', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('display_name', 'varchar(120)')
        .addColumn('language', 'varchar(16)', (col) => col.notNull())
        .addColumn('theme', 'varchar(16)', (col) => col.notNull())
        .addColumn('timezone', 'varchar(64)', (col) => col.notNull())
        .addColumn('default_market', 'varchar(32)')
        .addColumn('default_portfolio_id', 'bigint')
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('account_secrets')
        .addColumn('user_id', 'bigint', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('api_key', 'varchar(128)', (col) => col.notNull().unique())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('password_reset_tokens')
        .addColumn('jti', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('password_reset_tokens_user_idx')
        .on('password_reset_tokens')
        .column('user_id')
        .execute();

      await withIdColumn(db.schema.createTable('mail_outbox'), dialect)
        .addColumn('to_address', 'varchar(254)', (col) => col.notNull())
        .addColumn('subject', 'varchar(500)', (col) => col.notNull())
        .addColumn('text_body', 'text', (col) => col.notNull())
        .addColumn('html_body', 'text')
        .addColumn('status', 'varchar(16)', (col) => col.notNull())
        .addColumn('error', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();

      await withIdColumn(db.schema.createTable('quotes'), dialect)
        .addColumn('text_fa', 'text', (col) => col.notNull())
        .addColumn('text_en', 'text', (col) => col.notNull())
        .addColumn('author_fa', 'varchar(200)')
        .addColumn('author_en', 'varchar(200)')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['quotes', 'mail_outbox', 'password_reset_tokens', 'account_secrets', 'profiles', 'users']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
