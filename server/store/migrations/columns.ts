import type { CreateTableBuilder } from 'kysely';
import type { DialectName } from '../database';

/** An auto-incrementing integer primary key, spelled the way each database wants it. */
export function withIdColumn<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigserial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
