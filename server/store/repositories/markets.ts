import type { Insertable, Kysely } from 'kysely';
import type { Market } from '../../../contract/market/markets';
import type { Database, MarketRow, MarketsTable } from '../schema';
import { toBool, toIso } from './times';

type Db = Kysely<Database>;

/**
 * A market row as the contract speaks it. `sources` and `default_source` come from the market's
 * `sources` list (active, by priority), the one place an admin edits them.
 */
export function toMarket(row: MarketRow, sources: Market['sources']): Market {
  return {
    id: row.id,
    name: row.name,
    title: { fa: row.title_fa, en: row.title_en },
    currency: row.currency as Market['currency'],
    timezone: row.timezone,
    trading_hours: row.trading_hours === null ? null : (JSON.parse(row.trading_hours) as Market['trading_hours']),
    sources,
    default_source: sources[0] ?? null,
    is_active: toBool(row.is_active),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

export const marketsRepository = {
  findByName(db: Db, name: string) {
    return db.selectFrom('markets').selectAll().where('name', '=', name).executeTakeFirst();
  },

  all(db: Db) {
    return db.selectFrom('markets').selectAll().orderBy('id').execute();
  },

  async names(db: Db): Promise<string[]> {
    const rows = await db.selectFrom('markets').select('name').orderBy('id').execute();
    return rows.map((row) => row.name);
  },

  /** Inserts unless the name exists; answers whether this call created it (so seeding runs once). */
  async insertIfMissing(db: Db, row: Insertable<MarketsTable>): Promise<boolean> {
    const inserted = await db
      .insertInto('markets')
      .values(row)
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  },

  /** Keeps the denormalised `sources` column equal to the sources list, for readers of the table. */
  async setSources(db: Db, name: string, sources: string[], now: number) {
    await db
      .updateTable('markets')
      .set({ sources: JSON.stringify(sources), updated_at: now })
      .where('name', '=', name)
      .execute();
  },
};
