import type { Kysely } from 'kysely';
import type { Database } from '../schema';

type Db = Kysely<Database>;

/**
 * Symbol–tag pairs of portfolios. Reads answer rows in no promised order: the service sorts them
 * in code, because PostgreSQL's collation and SQLite's byte order would sort Persian and mixed-case
 * tags differently.
 */
export const tagsRepository = {
  /** Adds the pairs; pairs already there are kept as they are. */
  async add(db: Db, portfolioId: number, symbol: string, tags: string[], now: number) {
    if (tags.length === 0) return;
    await db
      .insertInto('portfolio_tags')
      .values(tags.map((tag) => ({ portfolio_id: portfolioId, symbol, tag, created_at: now })))
      .onConflict((oc) => oc.columns(['portfolio_id', 'symbol', 'tag']).doNothing())
      .execute();
  },

  /** Pairs of the portfolio, narrowed to a symbol and/or a tag. */
  pairs(db: Db, portfolioId: number, filter: { symbol?: string; tag?: string } = {}) {
    let query = db.selectFrom('portfolio_tags').select(['symbol', 'tag']).where('portfolio_id', '=', portfolioId);
    if (filter.symbol !== undefined) query = query.where('symbol', '=', filter.symbol);
    if (filter.tag !== undefined) query = query.where('tag', '=', filter.tag);
    return query.execute();
  },

  /** Removes tags of one symbol (all of them when `tags` is omitted); answers how many went. */
  async removeOfSymbol(db: Db, portfolioId: number, symbol: string, tags?: string[]): Promise<number> {
    let query = db.deleteFrom('portfolio_tags').where('portfolio_id', '=', portfolioId).where('symbol', '=', symbol);
    if (tags) query = query.where('tag', 'in', tags);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** Removes every tag of the portfolio; answers how many pairs went. */
  async removeAll(db: Db, portfolioId: number): Promise<number> {
    const result = await db.deleteFrom('portfolio_tags').where('portfolio_id', '=', portfolioId).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
