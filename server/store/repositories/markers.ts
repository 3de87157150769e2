import type { Kysely, Selectable } from 'kysely';
import type { Marker } from '../../../contract/portfolio/rules';
import type { Database } from '../schema';
import type { PortfolioMarkersTable } from '../tables/portfolioExtrasTables';
import { toIso } from './times';

type Db = Kysely<Database>;
export type MarkerRow = Selectable<PortfolioMarkersTable>;

export function toMarker(row: MarkerRow): Marker {
  return {
    id: row.id,
    portfolio_id: row.portfolio_id,
    symbol: row.symbol,
    kind: row.kind as Marker['kind'],
    price: row.price,
    time: row.time === null ? null : Number(row.time),
    text: row.text,
    color: row.color,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/** What a marker holds besides its identity and times. */
export type MarkerFields = Pick<MarkerRow, 'kind' | 'price' | 'time' | 'text' | 'color'>;

/** Chart markers (price lines and notes) of symbols within portfolios. */
export const markersRepository = {
  /** A page of the portfolio's markers (one symbol's with `symbol`), by symbol then id, with the count. */
  async page(db: Db, portfolioId: number, symbol: string | undefined, skip: number, limit: number) {
    const matching = () => {
      let query = db.selectFrom('portfolio_markers').where('portfolio_id', '=', portfolioId);
      if (symbol !== undefined) query = query.where('symbol', '=', symbol);
      return query;
    };
    const rows = await matching().selectAll().orderBy('symbol').orderBy('id').offset(skip).limit(limit).execute();
    const { count } = await matching()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return { rows, count: Number(count) };
  },

  ofSymbol(db: Db, portfolioId: number, symbol: string) {
    return db
      .selectFrom('portfolio_markers')
      .selectAll()
      .where('portfolio_id', '=', portfolioId)
      .where('symbol', '=', symbol)
      .orderBy('id')
      .execute();
  },

  insert(db: Db, portfolioId: number, symbol: string, fields: MarkerFields, now: number) {
    return db
      .insertInto('portfolio_markers')
      .values({ ...fields, portfolio_id: portfolioId, symbol, created_at: now, updated_at: now })
      .execute();
  },

  update(db: Db, id: number, fields: MarkerFields, now: number) {
    return db.updateTable('portfolio_markers').set({ ...fields, updated_at: now }).where('id', '=', id).execute();
  },

  /** Removes markers of the portfolio: the given ids, or one symbol's, or all. Answers how many went. */
  async remove(db: Db, portfolioId: number, filter: { symbol?: string; ids?: number[] } = {}): Promise<number> {
    if (filter.ids && filter.ids.length === 0) return 0;
    let query = db.deleteFrom('portfolio_markers').where('portfolio_id', '=', portfolioId);
    if (filter.symbol !== undefined) query = query.where('symbol', '=', filter.symbol);
    if (filter.ids) query = query.where('id', 'in', filter.ids);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
