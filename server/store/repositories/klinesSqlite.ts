import type SQLite from 'better-sqlite3';
import type { CandleColumns } from '../../../contract/market/klines';
import type { KlineWrite, RangeRead, SeriesKey, UpsertCounts } from './klines';

type Row = [number, number, number, number, number, number];

const SERIES = 'market = ? and symbol = ? and source = ? and timeframe = ?';
const COLUMNS = 'open_time, open, high, low, close, volume';
const ROWS_PER_INSERT = 50;

/**
 * The SQLite side of the klines repository: cached prepared statements on the raw handle.
 * An insert that finds the key taken falls back to an update guarded by "values differ", so a
 * fresh back-fill costs one statement a row and the counts (inserted / updated / unchanged) come free.
 */
export function createSqliteKlines(sqlite: SQLite.Database) {
  // Prepared on first use: the service is built before migrations have run in some callers.
  let prepared: ReturnType<typeof prepare> | undefined;
  const statements = () => (prepared ??= prepare(sqlite));
  const series = (key: SeriesKey) => [key.market, key.symbol, key.source, key.timeframe] as const;

  return {
    async upsert(rows: readonly KlineWrite[]): Promise<UpsertCounts> {
      // The handle is shared with Kysely, whose transactions span awaits: wait until none is open
      // so these rows never join (or break) someone else's transaction. The write itself is
      // synchronous, so nothing can start in between.
      while (sqlite.inTransaction) await new Promise((resolve) => setImmediate(resolve));
      return statements().writeAll(rows);
    },

    readRange(key: SeriesKey, range: RangeRead): CandleColumns {
      const { readAsc, readDesc } = statements();
      const statement = range.order === 'asc' ? readAsc : readDesc;
      // iterate() fills the columns straight from each row; all() would first build an array of
      // row arrays, which costs twice as much on a 100,000-row read (allocation and GC).
      const c: CandleColumns = { open_time: [], open: [], high: [], low: [], close: [], volume: [] };
      for (const r of statement.iterate(...series(key), range.from, range.to, range.limit) as IterableIterator<Row>) {
        c.open_time.push(r[0]);
        c.open.push(r[1]);
        c.high.push(r[2]);
        c.low.push(r[3]);
        c.close.push(r[4]);
        c.volume.push(r[5]);
      }
      if (range.order === 'desc') for (const column of Object.values(c)) column.reverse();
      return c;
    },

    hasAny(key: SeriesKey): boolean {
      return statements().first.get(...series(key)) !== undefined;
    },

    newestBefore(key: SeriesKey, before: number): number | null {
      const time = statements().newestBefore.get(...series(key), before) as number | undefined;
      return time ?? null;
    },
  };
}

function prepare(sqlite: SQLite.Database) {
  const insert = sqlite.prepare(
    `insert into klines (market, symbol, source, timeframe, ${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (market, symbol, source, timeframe, open_time) do nothing`,
  );
  const update = sqlite.prepare(
    `update klines set open = ?, high = ?, low = ?, close = ?, volume = ?
     where ${SERIES} and open_time = ?
       and (open is not ? or high is not ? or low is not ? or close is not ? or volume is not ?)`,
  );
  const readAsc = sqlite.prepare(`select ${COLUMNS} from klines where ${SERIES} and open_time >= ? and open_time < ? order by open_time asc limit ?`).raw(true);
  const readDesc = sqlite.prepare(`select ${COLUMNS} from klines where ${SERIES} and open_time >= ? and open_time < ? order by open_time desc limit ?`).raw(true);
  const first = sqlite.prepare(`select open_time from klines where ${SERIES} limit 1`).pluck(true);
  const newestBefore = sqlite.prepare(`select open_time from klines where ${SERIES} and open_time < ? order by open_time desc limit 1`).pluck(true);

  const insertMany = sqlite.prepare(
    `insert into klines (market, symbol, source, timeframe, ${COLUMNS})
     values ${new Array(ROWS_PER_INSERT).fill('(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}
     on conflict (market, symbol, source, timeframe, open_time) do nothing`,
  );
  const params: unknown[] = new Array(ROWS_PER_INSERT * 10);

  /** Rows found stored by an insert: replace those whose values differ; returns how many did. */
  const updateTaken = (rows: readonly KlineWrite[]) => {
    let updated = 0;
    for (const r of rows) {
      const { open, high, low, close, volume } = r;
      updated += update.run(open, high, low, close, volume, r.market, r.symbol, r.source, r.timeframe, r.open_time, open, high, low, close, volume).changes;
    }
    return updated;
  };

  const writeAll = sqlite.transaction((rows: readonly KlineWrite[]) => {
    const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
    let i = 0;
    // Fifty rows a statement: a fresh back-fill (the bulk case) pays the per-call cost once per
    // fifty candles. When some keys were taken, the update pass over the group finds them; the
    // rows just inserted match their input, so they update nothing and are not miscounted.
    for (; i + ROWS_PER_INSERT <= rows.length; i += ROWS_PER_INSERT) {
      for (let k = 0; k < ROWS_PER_INSERT; k += 1) {
        const r = rows[i + k]!;
        const o = k * 10;
        params[o] = r.market;
        params[o + 1] = r.symbol;
        params[o + 2] = r.source;
        params[o + 3] = r.timeframe;
        params[o + 4] = r.open_time;
        params[o + 5] = r.open;
        params[o + 6] = r.high;
        params[o + 7] = r.low;
        params[o + 8] = r.close;
        params[o + 9] = r.volume;
      }
      const inserted = insertMany.run(params).changes;
      counts.inserted += inserted;
      if (inserted === ROWS_PER_INSERT) continue;
      const updated = updateTaken(rows.slice(i, i + ROWS_PER_INSERT));
      counts.updated += updated;
      counts.unchanged += ROWS_PER_INSERT - inserted - updated;
    }
    for (; i < rows.length; i += 1) {
      const r = rows[i]!;
      if (insert.run(r.market, r.symbol, r.source, r.timeframe, r.open_time, r.open, r.high, r.low, r.close, r.volume).changes === 1) {
        counts.inserted += 1;
      } else if (updateTaken([r]) === 1) counts.updated += 1;
      else counts.unchanged += 1;
    }
    return counts;
  });

  return { writeAll, readAsc, readDesc, first, newestBefore };
}
