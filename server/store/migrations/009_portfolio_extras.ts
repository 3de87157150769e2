import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/** Portfolio and symbol settings, tags, markers and rulesets (issue 6). */
export function portfolioExtrasMigration(_dialect: DialectName) {
  return {
    async up(_db: Kysely<unknown>) {},
    async down(_db: Kysely<unknown>) {},
  };
}
