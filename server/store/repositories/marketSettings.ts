import type { Kysely } from 'kysely';
import type { MarketSetting } from '../../../contract/market/markets';
import type { Database, MarketSettingsTable } from '../schema';
import { toIso } from './times';

type Db = Kysely<Database>;

export function toMarketSetting(row: MarketSettingsTable): MarketSetting {
  return { market: row.market, name: row.name, value: JSON.parse(row.value) as unknown, updated_at: toIso(row.updated_at) };
}

/** Free key/value settings per market; values are JSON text. */
export const marketSettingsRepository = {
  ofMarket(db: Db, market: string) {
    return db.selectFrom('market_settings').selectAll().where('market', '=', market).orderBy('name').execute();
  },

  find(db: Db, market: string, name: string) {
    return db
      .selectFrom('market_settings')
      .selectAll()
      .where('market', '=', market)
      .where('name', '=', name)
      .executeTakeFirst();
  },

  /** Creates or replaces one setting. */
  async save(db: Db, row: MarketSettingsTable) {
    await db
      .insertInto('market_settings')
      .values(row)
      .onConflict((oc) => oc.columns(['market', 'name']).doUpdateSet({ value: row.value, updated_at: row.updated_at }))
      .execute();
  },

  /** Seeding: adds the rows whose name is not set yet, never touching an existing value. */
  async insertMissing(db: Db, rows: MarketSettingsTable[]) {
    if (rows.length === 0) return;
    await db
      .insertInto('market_settings')
      .values(rows)
      .onConflict((oc) => oc.columns(['market', 'name']).doNothing())
      .execute();
  },
};
