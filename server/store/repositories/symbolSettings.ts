import type { Kysely } from 'kysely';
import type { SymbolSetting } from '../../../contract/portfolio/settings';
import type { Database } from '../schema';
import type { SymbolSettingsTable } from '../tables/portfolioExtrasTables';
import { toIso } from './times';

type Db = Kysely<Database>;

export function toSymbolSetting(row: SymbolSettingsTable): SymbolSetting {
  return {
    portfolio_id: row.portfolio_id,
    symbol: row.symbol,
    field: row.field,
    value: JSON.parse(row.value) as unknown,
    updated_at: toIso(row.updated_at),
  };
}

/** Free key/value settings of symbols within a portfolio; values are JSON text. */
export const symbolSettingsRepository = {
  /** The portfolio's symbol settings, narrowed to one symbol and/or some keys. */
  list(db: Db, portfolioId: number, filter: { symbol?: string; fields?: string[] } = {}) {
    let query = db.selectFrom('symbol_settings').selectAll().where('portfolio_id', '=', portfolioId);
    if (filter.symbol !== undefined) query = query.where('symbol', '=', filter.symbol);
    if (filter.fields) query = query.where('field', 'in', filter.fields);
    return query.orderBy('symbol').orderBy('field').execute();
  },

  find(db: Db, portfolioId: number, symbol: string, field: string) {
    return db
      .selectFrom('symbol_settings')
      .selectAll()
      .where('portfolio_id', '=', portfolioId)
      .where('symbol', '=', symbol)
      .where('field', '=', field)
      .executeTakeFirst();
  },

  /** Creates or replaces each row. */
  async save(db: Db, rows: SymbolSettingsTable[]) {
    if (rows.length === 0) return;
    await db
      .insertInto('symbol_settings')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['portfolio_id', 'symbol', 'field']).doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  },

  /**
   * Removes settings of the portfolio: of one symbol or all symbols, the listed keys or all of
   * them. Answers how many went.
   */
  async remove(db: Db, portfolioId: number, filter: { symbol?: string; fields?: string[] } = {}): Promise<number> {
    let query = db.deleteFrom('symbol_settings').where('portfolio_id', '=', portfolioId);
    if (filter.symbol !== undefined) query = query.where('symbol', '=', filter.symbol);
    if (filter.fields) query = query.where('field', 'in', filter.fields);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
