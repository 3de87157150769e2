import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../database';
import { withIdColumn } from './columns';

/**
 * Groups (watchlists) with their symbols, strategies with every version of their body,
 * subscriptions with the groups they cover, scores (history and the newest per series) and
 * signals. Subscription links live in 006, beside the portfolios they point at.
 */
export function signalsMigration(dialect: DialectName) {
  const real = (dialect === 'postgres' ? 'double precision' : 'real') as 'real';
  // SQLite: keep score rows in primary-key order (no hidden rowid), so a series' range is one
  // contiguous read, as klines do (004).
  const clustered = <T extends string>(table: CreateTableBuilder<T, never>) =>
    dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table;

  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('groups'), dialect)
        .addColumn('owner_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'varchar(120)', (col) => col.notNull())
        // The parent folder; the service moves or deletes children before a parent goes.
        .addColumn('node_id', 'bigint', (col) => col.references('groups.id').onDelete('cascade'))
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('groups_owner_idx').on('groups').columns(['owner_id', 'node_id', 'position']).execute();

      await db.schema
        .createTable('group_symbols')
        .addColumn('group_id', 'bigint', (col) => col.notNull().references('groups.id').onDelete('cascade'))
        .addColumn('market', 'varchar(32)', (col) => col.notNull())
        .addColumn('symbol', 'varchar(32)', (col) => col.notNull())
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('added_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('group_symbols_pk', ['group_id', 'market', 'symbol'])
        .execute();

      await withIdColumn(db.schema.createTable('strategies'), dialect)
        // null: a built-in strategy.
        .addColumn('owner_id', 'bigint', (col) => col.references('users.id').onDelete('cascade'))
        // Built-ins only: their stable seed key, so seeding is idempotent however an admin renames them.
        .addColumn('builtin_key', 'varchar(64)', (col) => col.unique())
        .addColumn('name', 'varchar(120)', (col) => col.notNull())
        .addColumn('description', 'text')
        .addColumn('timeframe', 'varchar(4)')
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('strategies_owner_idx').on('strategies').column('owner_id').execute();

      // Seed keys of built-ins an admin deleted, so a restart does not bring them back.
      await db.schema
        .createTable('deleted_builtin_strategies')
        .addColumn('builtin_key', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('deleted_at', 'bigint', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('strategy_versions')
        .addColumn('strategy_id', 'bigint', (col) => col.notNull().references('strategies.id').onDelete('cascade'))
        .addColumn('version', 'integer', (col) => col.notNull())
        /** JSON: the validated body, defaults filled in. */
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('strategy_versions_pk', ['strategy_id', 'version'])
        .execute();

      await withIdColumn(db.schema.createTable('subscriptions'), dialect)
        .addColumn('owner_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'varchar(120)', (col) => col.notNull())
        .addColumn('listing_level', 'integer', (col) => col.notNull())
        .addColumn('confirmation_mode', 'integer', (col) => col.notNull())
        .addColumn('is_active', 'integer', (col) => col.notNull())
        // No cascade: a strategy in use cannot be deleted (the service answers 409 first).
        .addColumn('strategy_id', 'bigint', (col) => col.notNull().references('strategies.id'))
        .addColumn('strategy_version', 'integer', (col) => col.notNull())
        .addColumn('timeframe', 'varchar(4)', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('subscriptions_owner_idx').on('subscriptions').column('owner_id').execute();
      await db.schema.createIndex('subscriptions_strategy_idx').on('subscriptions').column('strategy_id').execute();

      await db.schema
        .createTable('subscription_groups')
        .addColumn('subscription_id', 'bigint', (col) => col.notNull().references('subscriptions.id').onDelete('cascade'))
        // A deleted group simply stops being covered.
        .addColumn('group_id', 'bigint', (col) => col.notNull().references('groups.id').onDelete('cascade'))
        .addColumn('position', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('subscription_groups_pk', ['subscription_id', 'group_id'])
        .execute();
      await db.schema.createIndex('subscription_groups_group_idx').on('subscription_groups').column('group_id').execute();

      // Score history: one row per candle close of a symbol under a subscription, holding the total
      // and every rule's score (JSON), so a close of 1,000 symbols × 5 subscriptions writes 5,000
      // rows, not one per rule. The key is also the index of `read_score` (newest at or before a
      // time) and `read_symbol_score_history` (a range of one series), and what makes inserts idempotent.
      await clustered(
        db.schema
          .createTable('scores')
          .addColumn('subscription_id', 'bigint', (col) => col.notNull().references('subscriptions.id').onDelete('cascade'))
          .addColumn('market', 'varchar(32)', (col) => col.notNull())
          .addColumn('symbol', 'varchar(32)', (col) => col.notNull())
          .addColumn('timestamp', 'bigint', (col) => col.notNull())
          .addColumn('timeframe', 'varchar(4)', (col) => col.notNull())
          .addColumn('strategy_id', 'bigint', (col) => col.notNull())
          .addColumn('strategy_version', 'integer', (col) => col.notNull())
          .addColumn('strategy_timeframe', 'varchar(4)', (col) => col.notNull())
          .addColumn('total', real)
          .addColumn('rules', 'text', (col) => col.notNull())
          .addPrimaryKeyConstraint('scores_pk', ['subscription_id', 'market', 'symbol', 'timestamp', 'timeframe']),
      ).execute();

      // The newest score of each series, kept beside the history by the same insert, so the
      // signals board (`read_last_scores`, 1,000 symbols × 5 subscriptions) never scans history.
      await clustered(
        db.schema
          .createTable('latest_scores')
          .addColumn('subscription_id', 'bigint', (col) => col.notNull().references('subscriptions.id').onDelete('cascade'))
          .addColumn('market', 'varchar(32)', (col) => col.notNull())
          .addColumn('symbol', 'varchar(32)', (col) => col.notNull())
          .addColumn('timeframe', 'varchar(4)', (col) => col.notNull())
          .addColumn('timestamp', 'bigint', (col) => col.notNull())
          .addColumn('strategy_id', 'bigint', (col) => col.notNull())
          .addColumn('strategy_version', 'integer', (col) => col.notNull())
          .addColumn('strategy_timeframe', 'varchar(4)', (col) => col.notNull())
          .addColumn('total', real)
          .addColumn('rules', 'text', (col) => col.notNull())
          .addPrimaryKeyConstraint('latest_scores_pk', ['subscription_id', 'market', 'symbol', 'timeframe']),
      ).execute();

      await withIdColumn(db.schema.createTable('signals'), dialect)
        .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('subscription_id', 'bigint', (col) => col.notNull().references('subscriptions.id').onDelete('cascade'))
        .addColumn('strategy_id', 'bigint', (col) => col.notNull())
        .addColumn('strategy_version', 'integer', (col) => col.notNull())
        .addColumn('market', 'varchar(32)', (col) => col.notNull())
        .addColumn('symbol', 'varchar(32)', (col) => col.notNull())
        .addColumn('timeframe', 'varchar(4)', (col) => col.notNull())
        .addColumn('side', 'varchar(4)', (col) => col.notNull())
        .addColumn('score', real, (col) => col.notNull())
        .addColumn('level', 'integer', (col) => col.notNull())
        /** Decimal string: the candle's close. */
        .addColumn('price', 'varchar(64)', (col) => col.notNull())
        .addColumn('timestamp', 'bigint', (col) => col.notNull())
        .addColumn('notification_id', 'bigint')
        /** JSON: SignalOrder[], what became of the signal in each linked portfolio. */
        .addColumn('orders', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        // One signal per candle of a series: a restart that scores a candle again never repeats it.
        .addUniqueConstraint('signals_once', ['subscription_id', 'market', 'symbol', 'timestamp'])
        .execute();
      await db.schema.createIndex('signals_marks_idx').on('signals').columns(['user_id', 'market', 'symbol', 'timestamp']).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'signals',
        'latest_scores',
        'scores',
        'subscription_groups',
        'subscriptions',
        'strategy_versions',
        'deleted_builtin_strategies',
        'strategies',
        'group_symbols',
        'groups',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
