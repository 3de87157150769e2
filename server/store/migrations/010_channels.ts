import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/** Notification channels and their delivery attempts (issue 7). */
export function channelsMigration(_dialect: DialectName) {
  return {
    async up(_db: Kysely<unknown>) {},
    async down(_db: Kysely<unknown>) {},
  };
}
