import type { Insertable, Kysely } from 'kysely';
import type { MarketListName } from '../../../contract/codes';
import type { MarketSource, MarketSymbol, SubMarket } from '../../../contract/market/lists';
import type { Database, MarketListItemRow, MarketListItemsTable } from '../schema';
import { toBool, toIso } from './times';

type Db = Kysely<Database>;

/** The contract's item type of each list. */
export interface ListItems {
  symbols: MarketSymbol;
  sub_markets: SubMarket;
  categories: SubMarket;
  sources: MarketSource;
}
export type ListItem = ListItems[MarketListName];

/** What each list keeps in the row's `data` JSON: the item without its identity columns. */
type Identity = 'id' | 'market' | 'name' | 'is_active' | 'created_at' | 'updated_at';
export type ListData<L extends MarketListName> = Omit<ListItems[L], Identity>;

export function toListItem<L extends MarketListName>(_list: L, row: MarketListItemRow): ListItems[L] {
  return {
    ...(JSON.parse(row.data) as ListData<L>),
    id: row.id,
    market: row.market,
    name: row.name,
    is_active: toBool(row.is_active),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  } as ListItems[L];
}

/** A unique-constraint violation, as SQLite and PostgreSQL each report it. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** The four lists of every market live in one table keyed by (market, list, name). */
export const marketListsRepository = {
  /** One list of a market in id order (creation order); `isActive` narrows it in SQL. */
  ofList(db: Db, market: string, list: MarketListName, isActive?: boolean) {
    let query = db.selectFrom('market_list_items').selectAll().where('market', '=', market).where('list', '=', list);
    if (isActive !== undefined) query = query.where('is_active', '=', isActive ? 1 : 0);
    return query.orderBy('id').execute();
  },

  findById(db: Db, list: MarketListName, id: number) {
    return db.selectFrom('market_list_items').selectAll().where('id', '=', id).where('list', '=', list).executeTakeFirst();
  },

  findByName(db: Db, market: string, list: MarketListName, name: string) {
    return db
      .selectFrom('market_list_items')
      .selectAll()
      .where('market', '=', market)
      .where('list', '=', list)
      .where('name', '=', name)
      .executeTakeFirst();
  },

  /** Throws a unique violation (see isUniqueViolation) when the name is taken. */
  insert(db: Db, row: Insertable<MarketListItemsTable>) {
    return db.insertInto('market_list_items').values(row).returningAll().executeTakeFirstOrThrow();
  },

  update(db: Db, id: number, change: { data: string; is_active: number; updated_at: number }) {
    return db.updateTable('market_list_items').set(change).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  },

  /** Seeding: adds the items whose name is not listed yet, never touching an existing one. */
  async insertMissing(db: Db, rows: Insertable<MarketListItemsTable>[]) {
    // Chunked: SQLite caps the number of bound parameters in one statement.
    for (let start = 0; start < rows.length; start += 100) {
      await db
        .insertInto('market_list_items')
        .values(rows.slice(start, start + 100))
        .onConflict((oc) => oc.columns(['market', 'list', 'name']).doNothing())
        .execute();
    }
  },
};
