import type { Kysely } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './columns';

const portfolioRef = 'portfolios.id';

/**
 * Portfolio and symbol settings, tags, markers and rulesets (issue 6). Natural keys are the
 * primary keys (a key once per portfolio or symbol, a tag once per symbol), so writes are upserts
 * or "insert, ignore duplicates" in both databases. Prices stay decimal strings.
 */
export function portfolioExtrasMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('portfolio_settings')
        .addColumn('portfolio_id', 'bigint', (col) => col.notNull().references(portfolioRef).onDelete('cascade'))
        .addColumn('field', 'varchar(64)', (col) => col.notNull())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('portfolio_settings_pk', ['portfolio_id', 'field'])
        .execute();

      await db.schema
        .createTable('symbol_settings')
        .addColumn('portfolio_id', 'bigint', (col) => col.notNull().references(portfolioRef).onDelete('cascade'))
        .addColumn('symbol', 'varchar(32)', (col) => col.notNull())
        .addColumn('field', 'varchar(64)', (col) => col.notNull())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('symbol_settings_pk', ['portfolio_id', 'symbol', 'field'])
        .execute();

      await db.schema
        .createTable('portfolio_tags')
        .addColumn('portfolio_id', 'bigint', (col) => col.notNull().references(portfolioRef).onDelete('cascade'))
        .addColumn('symbol', 'varchar(32)', (col) => col.notNull())
        .addColumn('tag', 'varchar(40)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('portfolio_tags_pk', ['portfolio_id', 'symbol', 'tag'])
        .execute();
      // "Symbols by tag" reads by (portfolio, tag); the primary key serves the other reads.
      await db.schema.createIndex('portfolio_tags_tag_idx').on('portfolio_tags').columns(['portfolio_id', 'tag']).execute();

      await withIdColumn(db.schema.createTable('portfolio_markers'), dialect)
        .addColumn('portfolio_id', 'bigint', (col) => col.notNull().references(portfolioRef).onDelete('cascade'))
        .addColumn('symbol', 'varchar(32)', (col) => col.notNull())
        .addColumn('kind', 'varchar(16)', (col) => col.notNull())
        .addColumn('price', 'varchar(64)')
        .addColumn('time', 'bigint')
        .addColumn('text', 'text')
        .addColumn('color', 'varchar(7)')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('portfolio_markers_symbol_idx')
        .on('portfolio_markers')
        .columns(['portfolio_id', 'symbol'])
        .execute();

      await db.schema
        .createTable('portfolio_rulesets')
        .addColumn('portfolio_id', 'bigint', (col) => col.primaryKey().references(portfolioRef).onDelete('cascade'))
        .addColumn('rules', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['portfolio_rulesets', 'portfolio_markers', 'portfolio_tags', 'symbol_settings', 'portfolio_settings']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
