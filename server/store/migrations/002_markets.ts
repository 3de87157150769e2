import type { Kysely } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './columns';

/** Markets, their lists (symbols, sub-markets, categories, sources) and key/value settings. */
export function marketsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('markets'), dialect)
        .addColumn('name', 'varchar(32)', (col) => col.notNull().unique())
        .addColumn('title_fa', 'varchar(200)', (col) => col.notNull())
        .addColumn('title_en', 'varchar(200)', (col) => col.notNull())
        .addColumn('currency', 'integer', (col) => col.notNull())
        .addColumn('timezone', 'varchar(64)', (col) => col.notNull())
        /** JSON: TradingSession[] or null (always open). */
        .addColumn('trading_hours', 'text')
        /** JSON: source names, preferred first. */
        .addColumn('sources', 'text', (col) => col.notNull())
        .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();

      // One table for the four lists: their items share identity (market, list, name) and
      // lifecycle; each list's own fields live in `data` (JSON), shaped by the contract.
      await withIdColumn(db.schema.createTable('market_list_items'), dialect)
        .addColumn('market', 'varchar(32)', (col) => col.notNull().references('markets.name').onDelete('cascade'))
        .addColumn('list', 'varchar(16)', (col) => col.notNull())
        .addColumn('name', 'varchar(64)', (col) => col.notNull())
        .addColumn('data', 'text', (col) => col.notNull())
        .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('market_list_items_identity', ['market', 'list', 'name'])
        .execute();

      await db.schema
        .createTable('market_settings')
        .addColumn('market', 'varchar(32)', (col) => col.notNull().references('markets.name').onDelete('cascade'))
        .addColumn('name', 'varchar(64)', (col) => col.notNull())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('market_settings_pk', ['market', 'name'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['market_settings', 'market_list_items', 'markets']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
