import { sql } from 'kysely';
import type { Store } from '../store/database';

/** Any fixed number; it names the lock "Bazaar Signal start-up" among the database's advisory locks. */
const STARTUP_LOCK_KEY = 0x62_73_69_67; // "bsig"

/**
 * Runs start-up's schema and seed steps in one process at a time (issue 9): on PostgreSQL several
 * processes of a deployment start together, and two Kysely migrators (or two seeders) racing on
 * one database would fail on each other's tables and rows. The lock is a session advisory lock
 * held on one reserved connection while `steps` run on the pool; the next process waits for it,
 * then finds the schema up to date and the seeds in place. SQLite serves one process: no lock.
 */
export async function underStartupLock<T>(store: Store, steps: () => Promise<T>): Promise<T> {
  if (store.dialect !== 'postgres') return steps();
  return store.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
    try {
      return await steps();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
}
