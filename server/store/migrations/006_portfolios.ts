import type { Kysely } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './columns';

/**
 * Portfolios, their orders, and the links from subscriptions to them (the base of issue 6; the
 * ledger, settings, tags and rules add their own tables). Money columns are decimal strings, as
 * the contract carries them, so no binary float ever rounds an amount in either database.
 */
export function portfoliosMigration(dialect: DialectName) {
  const real = (dialect === 'postgres' ? 'double precision' : 'real') as 'real';
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('portfolios'), dialect)
        .addColumn('owner_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'varchar(120)', (col) => col.notNull())
        .addColumn('description', 'text')
        .addColumn('market', 'varchar(32)', (col) => col.notNull().references('markets.name'))
        .addColumn('currency', 'integer', (col) => col.notNull())
        .addColumn('status', 'integer', (col) => col.notNull())
        .addColumn('account_type', 'integer', (col) => col.notNull())
        .addColumn('broker_id', 'varchar(64)')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('portfolios_owner_idx').on('portfolios').columns(['owner_id', 'market']).execute();

      await withIdColumn(db.schema.createTable('orders'), dialect)
        .addColumn('portfolio_id', 'bigint', (col) => col.notNull().references('portfolios.id').onDelete('cascade'))
        .addColumn('market', 'varchar(32)', (col) => col.notNull())
        .addColumn('symbol', 'varchar(32)', (col) => col.notNull())
        .addColumn('main_symbol', 'varchar(32)', (col) => col.notNull())
        .addColumn('quote_symbol', 'varchar(32)', (col) => col.notNull())
        .addColumn('side', 'varchar(4)', (col) => col.notNull())
        .addColumn('order_type', 'integer', (col) => col.notNull())
        .addColumn('status', 'integer', (col) => col.notNull())
        .addColumn('timeframe', 'varchar(4)')
        .addColumn('price', 'varchar(64)')
        .addColumn('amount', 'varchar(64)', (col) => col.notNull())
        .addColumn('filled', 'varchar(64)', (col) => col.notNull())
        .addColumn('average_fill_price', 'varchar(64)')
        .addColumn('fee', 'varchar(64)', (col) => col.notNull())
        .addColumn('fee_symbol', 'varchar(32)')
        /** `manual` or `signal`; a signal order also names its link, subscription, strategy, score and candle. */
        .addColumn('source_type', 'varchar(8)', (col) => col.notNull())
        // Plain ids, no foreign keys: an order outlives the link or subscription that placed it.
        .addColumn('link_id', 'bigint')
        .addColumn('subscription_id', 'bigint')
        .addColumn('strategy_id', 'bigint')
        .addColumn('signal_score', real)
        .addColumn('signal_timestamp', 'bigint')
        /** JSON: names of the `flag` rules the order broke. */
        .addColumn('rule_flags', 'text', (col) => col.notNull())
        .addColumn('reject_reason', 'text')
        .addColumn('note', 'text')
        .addColumn('client_order_id', 'varchar(64)')
        .addColumn('timestamp', 'bigint', (col) => col.notNull())
        .addColumn('filled_at', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        // Idempotency: a client's key once per portfolio; a signal's order once per link and
        // candle. NULLs are distinct in both databases, so manual orders without a key are free.
        .addUniqueConstraint('orders_client_once', ['portfolio_id', 'client_order_id'])
        .addUniqueConstraint('orders_signal_once', ['link_id', 'market', 'symbol', 'signal_timestamp'])
        .execute();
      await db.schema.createIndex('orders_portfolio_time_idx').on('orders').columns(['portfolio_id', 'timestamp']).execute();
      await db.schema.createIndex('orders_portfolio_status_idx').on('orders').columns(['portfolio_id', 'status']).execute();

      await withIdColumn(db.schema.createTable('subscription_links'), dialect)
        .addColumn('subscription_id', 'bigint', (col) => col.notNull().references('subscriptions.id').onDelete('cascade'))
        .addColumn('portfolio_id', 'bigint', (col) => col.notNull().references('portfolios.id').onDelete('cascade'))
        .addColumn('is_active', 'integer', (col) => col.notNull())
        .addColumn('confirmation', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('subscription_links_once', ['subscription_id', 'portfolio_id'])
        .execute();
      await db.schema.createIndex('subscription_links_portfolio_idx').on('subscription_links').column('portfolio_id').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['subscription_links', 'orders', 'portfolios']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
