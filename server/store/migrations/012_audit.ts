import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/** The admin audit log (issue 8). SCAFFOLD. */
export function auditMigration(_dialect: DialectName) {
  return {
    async up(_db: Kysely<unknown>) {},
  };
}
