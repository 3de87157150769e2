import type { Kysely } from 'kysely';
import type { PortfolioSetting } from '../../../contract/portfolio/settings';
import type { Database } from '../schema';
import type { PortfolioSettingsTable } from '../tables/portfolioExtrasTables';
import { toIso } from './times';

type Db = Kysely<Database>;

export function toPortfolioSetting(row: PortfolioSettingsTable): PortfolioSetting {
  return { portfolio_id: row.portfolio_id, field: row.field, value: JSON.parse(row.value) as unknown, updated_at: toIso(row.updated_at) };
}

/** Free key/value settings of a portfolio; values are JSON text. */
export const portfolioSettingsRepository = {
  /** All of the portfolio's settings, or only `fields`, in key order. */
  list(db: Db, portfolioId: number, fields?: string[]) {
    let query = db.selectFrom('portfolio_settings').selectAll().where('portfolio_id', '=', portfolioId);
    if (fields) query = query.where('field', 'in', fields);
    return query.orderBy('field').execute();
  },

  find(db: Db, portfolioId: number, field: string) {
    return db
      .selectFrom('portfolio_settings')
      .selectAll()
      .where('portfolio_id', '=', portfolioId)
      .where('field', '=', field)
      .executeTakeFirst();
  },

  /** Creates or replaces each row. */
  async save(db: Db, rows: PortfolioSettingsTable[]) {
    if (rows.length === 0) return;
    await db
      .insertInto('portfolio_settings')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['portfolio_id', 'field']).doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  },

  /** Removes the listed keys (all when `fields` is omitted); answers how many went. */
  async remove(db: Db, portfolioId: number, fields?: string[]): Promise<number> {
    let query = db.deleteFrom('portfolio_settings').where('portfolio_id', '=', portfolioId);
    if (fields) query = query.where('field', 'in', fields);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
