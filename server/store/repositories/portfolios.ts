import type { Kysely } from 'kysely';
import type { Portfolio } from '../../../contract/portfolio/portfolios';
import type { Database, PortfolioRow } from '../schema';
import { toIso } from './times';

type Db = Kysely<Database>;

export function toPortfolio(row: PortfolioRow): Portfolio {
  return {
    id: row.id,
    owner_id: row.owner_id,
    name: row.name,
    description: row.description,
    market: row.market,
    currency: row.currency as Portfolio['currency'],
    status: row.status as Portfolio['status'],
    account_type: row.account_type as Portfolio['account_type'],
    broker_id: row.broker_id,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

export interface PortfolioFilter {
  market?: string;
  status?: number;
  accountType?: number;
}

export interface PortfolioFields {
  name: string;
  description: string | null;
  market: string;
  currency: number;
  status: number;
  account_type: number;
  broker_id: string | null;
}

/** Portfolios; everything inside one (orders, links, the ledger…) hangs off its id and goes with it. */
export const portfoliosRepository = {
  findOwned(db: Db, ownerId: number, id: number) {
    return db.selectFrom('portfolios').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  },

  findById(db: Db, id: number) {
    return db.selectFrom('portfolios').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async page(db: Db, ownerId: number, filter: PortfolioFilter, skip: number, limit: number) {
    const matching = () => {
      let query = db.selectFrom('portfolios').where('owner_id', '=', ownerId);
      if (filter.market !== undefined) query = query.where('market', '=', filter.market);
      if (filter.status !== undefined) query = query.where('status', '=', filter.status);
      if (filter.accountType !== undefined) query = query.where('account_type', '=', filter.accountType);
      return query;
    };
    const rows = await matching().selectAll().orderBy('id').offset(skip).limit(limit).execute();
    const { count } = await matching()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return { rows, count: Number(count) };
  },

  insert(db: Db, ownerId: number, fields: PortfolioFields, now: number) {
    return db
      .insertInto('portfolios')
      .values({ ...fields, owner_id: ownerId, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  update(db: Db, id: number, change: Partial<Pick<PortfolioFields, 'name' | 'description' | 'status' | 'broker_id'>> & { updated_at: number }) {
    return db.updateTable('portfolios').set(change).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  },

  /**
   * Deletes the portfolio with everything under it (FK cascade) and clears it as its owner's
   * default portfolio, in the caller's transaction.
   */
  async delete(db: Db, ownerId: number, id: number) {
    await db.deleteFrom('portfolios').where('id', '=', id).execute();
    await db
      .updateTable('profiles')
      .set({ default_portfolio_id: null })
      .where('user_id', '=', ownerId)
      .where('default_portfolio_id', '=', id)
      .execute();
  },
};
