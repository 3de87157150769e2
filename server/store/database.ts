import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The raw SQLite handle, for the few bulk paths where a prepared statement beats the query builder. */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

// pg returns BIGINT (int8) as text to protect values past 2^53; our bigints are epoch
// milliseconds and counters, far below that, so read them as numbers like SQLite does.
pg.types.setTypeParser(20, (value) => Number(value));

/** Opens SQLite under DATA_DIR, or PostgreSQL when a DATABASE_URL is given. */
export function openStore(options: { databaseUrl?: string; dataDir: string; sqliteFile?: string }): Store {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle pooled connection can be cut by the server (restart, admin, failover). pg reports it
    // on the pool; unhandled, that event would kill the process. The pool replaces the connection.
    pool.on('error', (error) => process.stderr.write(`PostgreSQL connection lost: ${error.message}\n`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? join(options.dataDir, 'bazaar.sqlite3');
  const sqlite = new SQLite(file);
  // WAL lets readers go on while one writer writes; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', sqlite, close: () => db.destroy() };
}
