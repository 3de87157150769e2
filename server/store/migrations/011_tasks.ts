import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/** Persisted tasks (issue 8). SCAFFOLD: the task runtime work fills this in. */
export function tasksMigration(_dialect: DialectName) {
  return {
    async up(_db: Kysely<unknown>) {},
  };
}
