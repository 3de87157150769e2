import type { Kysely } from 'kysely';
import type { Timeframe } from '../../../contract/codes';
import type { Score } from '../../../contract/signals/scores';
import type { Database, ScoreRow, ScoresTable, StoredScoreRow } from '../schema';

type Db = Kysely<Database>;

/** One score as the live engine writes it: the total or one rule's (packed per candle when stored). */
export type ScoreWrite = ScoreRow;

export function toScore(row: ScoreRow): Score {
  return {
    subscription_id: row.subscription_id,
    strategy_id: row.strategy_id,
    strategy_version: row.strategy_version,
    strategy_timeframe: row.strategy_timeframe as Timeframe,
    timeframe: row.timeframe as Timeframe,
    market: row.market,
    symbol: row.symbol,
    score_type: row.score_type,
    value: row.value,
    timestamp: row.timestamp,
  };
}

/**
 * Rows per statement: 10 parameters a row stays under both SQLite's 32,766 and PostgreSQL's
 * 65,535 bound parameters; fewer, larger statements are what makes a candle close's batch cheap.
 */
const CHUNK = 1000;
const KEY = ['subscription_id', 'market', 'symbol', 'timestamp', 'timeframe'] as const;
const LATEST_KEY = ['subscription_id', 'market', 'symbol', 'timeframe'] as const;

const candleKey = (r: { subscription_id: number; market: string; symbol: string; timestamp: number; timeframe: string }) =>
  `${r.subscription_id}\u0000${r.market}\u0000${r.symbol}\u0000${r.timestamp}\u0000${r.timeframe}`;

/** Scores of one candle close packed into one stored row: the total and the rules' scores. */
function pack(batch: readonly ScoreWrite[]): { rows: ScoresTable[]; counts: Map<string, number> } {
  const packed = new Map<string, { row: Omit<ScoresTable, 'rules'>; rules: Record<string, number> }>();
  const counts = new Map<string, number>();
  for (const score of batch) {
    const key = candleKey(score);
    let entry = packed.get(key);
    if (!entry) {
      const { score_type: _type, value: _value, ...row } = score;
      entry = { row: { ...row, total: null }, rules: {} };
      packed.set(key, entry);
    }
    if (score.score_type === 'total') entry.row.total = score.value;
    else entry.rules[score.score_type] = score.value;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return { rows: [...packed.values()].map(({ row, rules }) => ({ ...row, rules: JSON.stringify(rules) })), counts };
}

/** A stored row as the scores it holds: the total first, then each rule's, narrowed to `scoreType`. */
export function unpack(row: StoredScoreRow, scoreType?: string): ScoreRow[] {
  const { total, rules, ...base } = row;
  const common = { ...base, subscription_id: Number(base.subscription_id), strategy_id: Number(base.strategy_id), timestamp: Number(base.timestamp) };
  const out: ScoreRow[] = [];
  if (total !== null && (scoreType === undefined || scoreType === 'total')) out.push({ ...common, score_type: 'total', value: total });
  if (scoreType === 'total') return out;
  for (const [name, value] of Object.entries(JSON.parse(rules) as Record<string, number>)) {
    if (scoreType === undefined || scoreType === name) out.push({ ...common, score_type: name, value });
  }
  return out;
}
const unpackAll = (rows: StoredScoreRow[], scoreType?: string) => rows.flatMap((row) => unpack(row, scoreType));

/** Filters of one series' reads (`read_score`, `read_symbol_score_history`). */
export interface SeriesRead {
  subscriptionId: number;
  market: string;
  symbol: string;
  /** Omitted: every score type. */
  scoreType?: string;
  timeframe?: string;
  strategyId?: number;
  strategyTimeframe?: string;
}

/** Filters of the newest scores (`read_last_scores`). */
export interface LatestRead {
  subscriptionIds: number[];
  market?: string;
  symbols?: string[];
  /** Omitted: every score type. */
  scoreTypes?: string[];
  timeframe?: string;
  strategyId?: number;
  strategyTimeframe?: string;
  since?: number;
}

/**
 * Scores: the history (one row per subscription, symbol, score type, candle close and timeframe)
 * and, beside it, the newest row of each series, which the same insert keeps current.
 */
export const scoresRepository = {
  /**
   * Stores a batch from the live engine in one transaction. Idempotent: a score already stored
   * for the same key is left as it is (a restart re-scoring a candle changes nothing), and the
   * newest row of a series only ever moves forward in time. Answers how many rows were new.
   */
  async insertScores(db: Db, batch: readonly ScoreWrite[]): Promise<{ inserted: number }> {
    if (batch.length === 0) return { inserted: 0 };
    const { rows: all, counts } = pack(batch);
    return scoresRepository.insertPacked(db, all, counts);
  },

  /** Stores rows already packed per candle; with `counts` (scores per candle key) answers how many scores were new. */
  async insertPacked(db: Db, all: readonly ScoresTable[], counts?: Map<string, number>): Promise<{ inserted: number }> {
    return inTransaction(db, async (trx) => {
      let inserted = 0;
      for (let start = 0; start < all.length; start += CHUNK) {
        const rows = all.slice(start, start + CHUNK);
        const stored = await trx
          .insertInto('scores')
          .values(rows)
          .onConflict((oc) => oc.columns(KEY).doNothing())
          .returning(KEY)
          .execute();
        for (const row of stored) inserted += counts?.get(candleKey({ ...row, subscription_id: Number(row.subscription_id), timestamp: Number(row.timestamp) })) ?? 1;
        await trx
          .insertInto('latest_scores')
          .values(newestPerSeries(rows))
          .onConflict((oc) =>
            oc
              .columns(LATEST_KEY)
              .doUpdateSet((eb) => ({
                timestamp: eb.ref('excluded.timestamp'),
                strategy_id: eb.ref('excluded.strategy_id'),
                strategy_version: eb.ref('excluded.strategy_version'),
                strategy_timeframe: eb.ref('excluded.strategy_timeframe'),
                total: eb.ref('excluded.total'),
                rules: eb.ref('excluded.rules'),
              }))
              .where('latest_scores.timestamp', '<', (eb) => eb.ref('excluded.timestamp')),
          )
          .execute();
      }
      return { inserted };
    });
  },

  /** Close time of the newest scored candle of a symbol under a subscription (any timeframe), or null. */
  async lastScoredTime(db: Db, subscriptionId: number, market: string, symbol: string): Promise<number | null> {
    const row = await db
      .selectFrom('latest_scores')
      .select((eb) => eb.fn.max('timestamp').as('last'))
      .where('subscription_id', '=', subscriptionId)
      .where('market', '=', market)
      .where('symbol', '=', symbol)
      .executeTakeFirst();
    return row?.last === null || row?.last === undefined ? null : Number(row.last);
  },

  /** The newest scored candle of each subscription (over all its symbols). */
  async lastScoredTimes(db: Db, subscriptionIds: number[]): Promise<Map<number, number>> {
    const map = new Map<number, number>();
    if (subscriptionIds.length === 0) return map;
    const rows = await db
      .selectFrom('latest_scores')
      .select(['subscription_id', (eb) => eb.fn.max('timestamp').as('last')])
      .where('subscription_id', 'in', subscriptionIds)
      .groupBy('subscription_id')
      .execute();
    for (const row of rows) map.set(Number(row.subscription_id), Number(row.last));
    return map;
  },

  /** The newest score of the series at or before `at` (or the newest of all). */
  async newestAtOrBefore(db: Db, read: SeriesRead & { scoreType: string }, at?: number): Promise<ScoreRow | undefined> {
    let query = series(db, read);
    if (at !== undefined) query = query.where('timestamp', '<=', at);
    // A rule's score lives in its candle's row; the newest row holding it (strategies keep their rules across versions).
    const rows = await query.orderBy('timestamp', 'desc').limit(read.scoreType === 'total' ? 1 : 50).execute();
    for (const row of rows) {
      const [score] = unpack(row, read.scoreType);
      if (score) return score;
    }
    return undefined;
  },

  /**
   * A series' scores in [from, to), oldest first. Without `from`, the newest `limit` of the range
   * (read backwards, then turned round), so a chart pages back with `to` = the oldest it has.
   */
  async history(db: Db, read: SeriesRead, range: { from?: number; to?: number; limit: number }): Promise<ScoreRow[]> {
    let query = series(db, read);
    if (range.from !== undefined) query = query.where('timestamp', '>=', range.from);
    if (range.to !== undefined) query = query.where('timestamp', '<', range.to);
    // `limit` counts candles: each stored row holds a candle's total and every rule's score.
    const rows =
      range.from !== undefined
        ? await query.orderBy('timestamp').orderBy('timeframe').limit(range.limit).execute()
        : (await query.orderBy('timestamp', 'desc').orderBy('timeframe', 'desc').limit(range.limit).execute()).reverse();
    return unpackAll(rows, read.scoreType);
  },

  /** The newest rows of many series, narrowed by the filters (ranking and paging are the caller's). */
  async latest(db: Db, read: LatestRead): Promise<ScoreRow[]> {
    if (read.subscriptionIds.length === 0) return [];
    let query = db.selectFrom('latest_scores').selectAll().where('subscription_id', 'in', read.subscriptionIds);
    if (read.market !== undefined) query = query.where('market', '=', read.market);
    if (read.symbols !== undefined) query = query.where('symbol', 'in', read.symbols.length > 0 ? read.symbols : ['']);
    if (read.timeframe !== undefined) query = query.where('timeframe', '=', read.timeframe);
    if (read.strategyId !== undefined) query = query.where('strategy_id', '=', read.strategyId);
    if (read.strategyTimeframe !== undefined) query = query.where('strategy_timeframe', '=', read.strategyTimeframe);
    if (read.since !== undefined) query = query.where('timestamp', '>=', read.since);
    const rows = unpackAll(await query.execute());
    const types = read.scoreTypes;
    return types === undefined ? rows : rows.filter((row) => types.includes(row.score_type));
  },
};

/** Runs `work` in a transaction, joining the caller's when it already is one. */
function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

function series(db: Db, read: SeriesRead) {
  let query = db
    .selectFrom('scores')
    .selectAll()
    .where('subscription_id', '=', read.subscriptionId)
    .where('market', '=', read.market)
    .where('symbol', '=', read.symbol);
  if (read.timeframe !== undefined) query = query.where('timeframe', '=', read.timeframe);
  if (read.strategyId !== undefined) query = query.where('strategy_id', '=', read.strategyId);
  if (read.strategyTimeframe !== undefined) query = query.where('strategy_timeframe', '=', read.strategyTimeframe);
  return query;
}

/** One row per latest-scores key (the newest), since one statement may not touch a key twice. */
function newestPerSeries(rows: readonly ScoresTable[]): ScoresTable[] {
  const newest = new Map<string, ScoresTable>();
  for (const row of rows) {
    const key = `${row.subscription_id}\u0000${row.market}\u0000${row.symbol}\u0000${row.timeframe}`;
    const seen = newest.get(key);
    if (!seen || seen.timestamp < row.timestamp) newest.set(key, row);
  }
  return [...newest.values()];
}
