import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * Candles at the source's finest timeframe only (1m for the defaults); every coarser timeframe
 * is aggregated on read. Prices and volume are market observations for charts and indicators
 * (double precision), not ledger amounts. The primary key is also the read index:
 * (market, symbol, source, timeframe, open_time) serves every range query in order.
 */
export function klinesMigration(dialect: DialectName) {
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('klines')
        .addColumn('market', 'varchar(32)', (col) => col.notNull())
        .addColumn('symbol', 'varchar(32)', (col) => col.notNull())
        .addColumn('source', 'varchar(16)', (col) => col.notNull())
        .addColumn('timeframe', 'varchar(4)', (col) => col.notNull())
        .addColumn('open_time', 'bigint', (col) => col.notNull())
        .addColumn('open', real as 'real', (col) => col.notNull())
        .addColumn('high', real as 'real', (col) => col.notNull())
        .addColumn('low', real as 'real', (col) => col.notNull())
        .addColumn('close', real as 'real', (col) => col.notNull())
        .addColumn('volume', real as 'real', (col) => col.notNull())
        .addPrimaryKeyConstraint('klines_pk', ['market', 'symbol', 'source', 'timeframe', 'open_time'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('klines').ifExists().execute();
    },
  };
}
