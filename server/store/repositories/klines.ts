import { sql, type Kysely } from 'kysely';
import type { Timeframe } from '../../../contract/codes';
import type { CandleColumns } from '../../../contract/market/klines';
import type { Store } from '../database';
import type { Database, KlinesTable } from '../schema';
import { createSqliteKlines } from './klinesSqlite';

/** One stored candle, identity and values: what sources write. */
export type KlineWrite = KlinesTable;

/** Which series of candles: everything of the primary key but the open time. */
export interface SeriesKey {
  market: string;
  symbol: string;
  source: string;
  timeframe: Timeframe;
}

export interface RangeRead {
  /** Inclusive lower bound of open_time. */
  from: number;
  /** Exclusive upper bound of open_time. */
  to: number;
  /** `desc` takes the newest `limit` rows of the range; the answer is oldest first either way. */
  order: 'asc' | 'desc';
  limit: number;
}

export interface UpsertCounts {
  inserted: number;
  /** Rows that existed with other values and were replaced. */
  updated: number;
  /** Rows that existed with the same values (a batch sent again). */
  unchanged: number;
}

const PG_CHUNK_ROWS = 5_000; // 10 parameters a row stays under PostgreSQL's 65,535 per statement.
const PK = ['market', 'symbol', 'source', 'timeframe', 'open_time'] as const;
type Db = Kysely<Database>;

/** Keeps the last of rows repeating a key, so one statement never touches a row twice. */
export function lastOfEachKey(rows: readonly KlineWrite[]): KlineWrite[] {
  const byKey = new Map<string, KlineWrite>();
  for (const row of rows) {
    byKey.set(`${row.market}\u0000${row.symbol}\u0000${row.source}\u0000${row.timeframe}\u0000${row.open_time}`, row);
  }
  return byKey.size === rows.length ? [...rows] : [...byKey.values()];
}

export function toColumns(rows: readonly { open_time: number; open: number; high: number; low: number; close: number; volume: number }[]): CandleColumns {
  const n = rows.length;
  const c: CandleColumns = { open_time: new Array(n), open: new Array(n), high: new Array(n), low: new Array(n), close: new Array(n), volume: new Array(n) };
  for (let i = 0; i < n; i += 1) {
    const r = rows[i]!;
    c.open_time[i] = r.open_time;
    c.open[i] = r.open;
    c.high[i] = r.high;
    c.low[i] = r.low;
    c.close[i] = r.close;
    c.volume[i] = r.volume;
  }
  return c;
}

const seriesWhere = (db: Db, key: SeriesKey) =>
  db
    .selectFrom('klines')
    .where('market', '=', key.market)
    .where('symbol', '=', key.symbol)
    .where('source', '=', key.source)
    .where('timeframe', '=', key.timeframe);

/**
 * Candles as stored. SQLite goes through prepared statements on the raw handle (a bulk write of
 * a month of 1m candles is one transaction of cached statements, several times faster than the
 * query builder); PostgreSQL through Kysely, in multi-row statements inside one transaction.
 * Either way a write is all or nothing.
 */
export function createKlinesRepository(store: Store) {
  const db = store.db;
  const lite = store.sqlite ? createSqliteKlines(store.sqlite) : undefined;

  async function upsertPostgres(rows: KlineWrite[]): Promise<UpsertCounts> {
    const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += PG_CHUNK_ROWS) {
        const chunk = rows.slice(i, i + PG_CHUNK_ROWS);
        // xmax = 0 marks a freshly inserted row; a conflict whose values match is filtered by the
        // WHERE and returns nothing, which is how "unchanged" is told apart.
        const written = await trx
          .insertInto('klines')
          .values(chunk)
          .onConflict((oc) =>
            oc
              .columns(PK)
              .doUpdateSet({
                open: (eb) => eb.ref('excluded.open'),
                high: (eb) => eb.ref('excluded.high'),
                low: (eb) => eb.ref('excluded.low'),
                close: (eb) => eb.ref('excluded.close'),
                volume: (eb) => eb.ref('excluded.volume'),
              })
              .where(
                sql<boolean>`(klines.open, klines.high, klines.low, klines.close, klines.volume) is distinct from (excluded.open, excluded.high, excluded.low, excluded.close, excluded.volume)`,
              ),
          )
          .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
          .execute();
        const inserted = written.filter((row) => row.inserted).length;
        counts.inserted += inserted;
        counts.updated += written.length - inserted;
        counts.unchanged += chunk.length - written.length;
      }
    });
    return counts;
  }

  return {
    /** Inserts new candles and replaces stored ones with the same key, in one transaction. */
    async upsert(rows: readonly KlineWrite[]): Promise<UpsertCounts> {
      if (rows.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
      const unique = lastOfEachKey(rows);
      const counts = lite ? await lite.upsert(unique) : await upsertPostgres(unique);
      // A key sent twice in one batch is written once; its second copy counts as unchanged.
      counts.unchanged += rows.length - unique.length;
      return counts;
    },

    /** Candles of a series with open_time in [from, to), at most `limit`, oldest first. */
    async readRange(key: SeriesKey, range: RangeRead): Promise<CandleColumns> {
      if (lite) return lite.readRange(key, range);
      const rows = await seriesWhere(db, key)
        .select(['open_time', 'open', 'high', 'low', 'close', 'volume'])
        .where('open_time', '>=', range.from)
        .where('open_time', '<', range.to)
        .orderBy('open_time', range.order)
        .limit(range.limit)
        .execute();
      if (range.order === 'desc') rows.reverse();
      return toColumns(rows);
    },

    /** Whether anything is stored for the series. */
    async hasAny(key: SeriesKey): Promise<boolean> {
      if (lite) return lite.hasAny(key);
      const row = await seriesWhere(db, key).select('open_time').limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** Open time of the newest candle before `before`, or null. */
    async newestBefore(key: SeriesKey, before: number): Promise<number | null> {
      if (lite) return lite.newestBefore(key, before);
      const row = await seriesWhere(db, key)
        .select('open_time')
        .where('open_time', '<', before)
        .orderBy('open_time', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.open_time ?? null;
    },

    /**
     * Open time of the oldest stored candle of each symbol (any timeframe) of one source. One
     * statement of index seeks per (symbol, timeframe): an aggregate over the whole table would
     * scan every candle of the market.
     */
    async oldestOpenTimes(market: string, source: string, symbols: readonly string[], timeframes: readonly Timeframe[]): Promise<Map<string, number>> {
      const oldest = new Map<string, number>();
      if (symbols.length === 0) return oldest;
      const values = (items: readonly string[]) => sql.join(items.map((item) => sql`(cast(${item} as text))`));
      const rows = await sql<{ symbol: string; first_time: number | null }>`
        with s(symbol) as (values ${values(symbols)}), t(timeframe) as (values ${values(timeframes)})
        select s.symbol as symbol,
          (select k.open_time from klines k
            where k.market = ${market} and k.symbol = s.symbol and k.source = ${source} and k.timeframe = t.timeframe
            order by k.open_time limit 1) as first_time
        from s cross join t`.execute(db);
      for (const row of rows.rows) {
        if (row.first_time === null) continue;
        const time = Number(row.first_time);
        const known = oldest.get(row.symbol);
        if (known === undefined || time < known) oldest.set(row.symbol, time);
      }
      return oldest;
    },
  };
}

export type KlinesRepository = ReturnType<typeof createKlinesRepository>;
