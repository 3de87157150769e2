import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/** The ledger: transactions, balance snapshots, fills (issue 6). */
export function ledgerMigration(_dialect: DialectName) {
  return {
    async up(_db: Kysely<unknown>) {},
    async down(_db: Kysely<unknown>) {},
  };
}
