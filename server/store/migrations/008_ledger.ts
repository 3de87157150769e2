import type { Kysely } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './columns';

/**
 * The ledger (issue 6): transactions, and the balance snapshots each one writes. Money columns
 * are decimal strings. Both hang off the portfolio and go with it (cascade); a transaction keeps
 * a plain order id (no key), so cancelling or deleting an order never rewrites history.
 */
export function ledgerMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('ledger_transactions'), dialect)
        .addColumn('portfolio_id', 'bigint', (col) => col.notNull().references('portfolios.id').onDelete('cascade'))
        .addColumn('type', 'integer', (col) => col.notNull())
        .addColumn('symbol', 'varchar(32)', (col) => col.notNull())
        .addColumn('amount', 'varchar(64)', (col) => col.notNull())
        .addColumn('price', 'varchar(64)')
        .addColumn('quote_symbol', 'varchar(32)')
        .addColumn('quote_amount', 'varchar(64)')
        .addColumn('fee', 'varchar(64)', (col) => col.notNull())
        .addColumn('fee_symbol', 'varchar(32)')
        .addColumn('order_id', 'bigint')
        .addColumn('note', 'text')
        .addColumn('timestamp', 'bigint', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('ledger_tx_portfolio_time_idx').on('ledger_transactions').columns(['portfolio_id', 'timestamp']).execute();
      await db.schema.createIndex('ledger_tx_order_idx').on('ledger_transactions').column('order_id').execute();

      await withIdColumn(db.schema.createTable('balances'), dialect)
        .addColumn('portfolio_id', 'bigint', (col) => col.notNull().references('portfolios.id').onDelete('cascade'))
        .addColumn('symbol', 'varchar(32)', (col) => col.notNull())
        .addColumn('free', 'varchar(64)', (col) => col.notNull())
        .addColumn('locked', 'varchar(64)', (col) => col.notNull())
        .addColumn('total', 'varchar(64)', (col) => col.notNull())
        .addColumn('cost_basis', 'varchar(64)', (col) => col.notNull())
        .addColumn('price', 'varchar(64)')
        .addColumn('value', 'varchar(64)')
        .addColumn('transaction_id', 'bigint', (col) => col.references('ledger_transactions.id').onDelete('cascade'))
        .addColumn('order_id', 'bigint')
        .addColumn('timestamp', 'bigint', (col) => col.notNull())
        .execute();
      // "Last balance of a symbol" is the highest id per (portfolio, symbol).
      await db.schema.createIndex('balances_portfolio_symbol_idx').on('balances').columns(['portfolio_id', 'symbol', 'id']).execute();
      await db.schema.createIndex('balances_transaction_idx').on('balances').column('transaction_id').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['balances', 'ledger_transactions']) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
