import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Store } from '../database';
import type { Database, ScoresTable } from '../schema';
import { scoresRepository } from './scores';

const COLUMNS = ['subscription_id', 'market', 'symbol', 'timestamp', 'timeframe', 'strategy_id', 'strategy_version', 'strategy_timeframe', 'total', 'rules'] as const;

/**
 * Writes the live engine's packed score rows (one per candle close of a symbol under a
 * subscription) to the history and the newest-score table. On SQLite it uses prepared one-row
 * statements on the raw handle: a candle close of 5,000 rows costs a few milliseconds, where
 * Kysely building and SQLite preparing 1,000-row VALUES statements cost ~100 ms. The raw handle is
 * the connection Kysely uses, so called inside the caller's Kysely transaction the rows join it.
 * PostgreSQL goes through the repository's bulk statements.
 */
export function createScoreWriter(store: Store) {
  const sqlite = store.dialect === 'sqlite' ? store.sqlite : undefined;
  let prepared: ReturnType<typeof prepare> | undefined;
  return {
    async write(db: Kysely<Database>, rows: readonly ScoresTable[]): Promise<void> {
      if (rows.length === 0) return;
      if (!sqlite) {
        await scoresRepository.insertPacked(db, rows);
        return;
      }
      prepared ??= prepare(sqlite);
      prepared(rows);
    },
  };
}

function prepare(sqlite: SQLite.Database) {
  const list = COLUMNS.join(', ');
  const marks = COLUMNS.map(() => '?').join(', ');
  const history = sqlite.prepare(
    `insert into scores (${list}) values (${marks}) on conflict (subscription_id, market, symbol, timestamp, timeframe) do nothing`,
  );
  // The newest row of a series only moves forward in time.
  const latest = sqlite.prepare(
    `insert into latest_scores (${list}) values (${marks})
     on conflict (subscription_id, market, symbol, timeframe) do update set
       timestamp = excluded.timestamp, strategy_id = excluded.strategy_id, strategy_version = excluded.strategy_version,
       strategy_timeframe = excluded.strategy_timeframe, total = excluded.total, rules = excluded.rules
     where latest_scores.timestamp < excluded.timestamp`,
  );
  const writeAll = (rows: readonly ScoresTable[]) => {
    for (const r of rows) {
      const values = [r.subscription_id, r.market, r.symbol, r.timestamp, r.timeframe, r.strategy_id, r.strategy_version, r.strategy_timeframe, r.total, r.rules];
      history.run(values);
      latest.run(values);
    }
  };
  // Inside a transaction already (the engine's): run as it is; else make one.
  const inOne = sqlite.transaction(writeAll);
  return (rows: readonly ScoresTable[]) => (sqlite.inTransaction ? writeAll(rows) : inOne(rows));
}

export type ScoreWriter = ReturnType<typeof createScoreWriter>;
