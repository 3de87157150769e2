import type { Insertable, Kysely } from 'kysely';
import type { Group, GroupSymbol } from '../../../contract/signals/relations';
import type { Database, GroupRow, GroupSymbolRow, GroupSymbolsTable } from '../schema';
import { toIso } from './times';

type Db = Kysely<Database>;

export function toGroupSymbol(row: GroupSymbolRow): GroupSymbol {
  return { market: row.market, symbol: row.symbol, position: row.position, added_at: toIso(row.added_at) };
}

export function toGroup(row: GroupRow, symbolCount: number, symbols?: GroupSymbolRow[]): Group {
  return {
    id: row.id,
    name: row.name,
    node_id: row.node_id,
    position: row.position,
    symbol_count: symbolCount,
    ...(symbols ? { symbols: symbols.map(toGroupSymbol) } : {}),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/** SQLite caps bound parameters per statement; 5 columns × 150 rows stays far below. */
const CHUNK = 150;

/** Groups (watchlists, folders by node_id) and their symbols in display order. */
export const groupsRepository = {
  findOwned(db: Db, ownerId: number, id: number) {
    return db.selectFrom('groups').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  },

  ofOwner(db: Db, ownerId: number) {
    return db.selectFrom('groups').selectAll().where('owner_id', '=', ownerId).orderBy('node_id').orderBy('position').orderBy('id').execute();
  },

  async countOfOwner(db: Db, ownerId: number): Promise<number> {
    const { count } = await db
      .selectFrom('groups')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    return Number(count);
  },

  /** Groups under one parent (null: the top level), in order. */
  siblings(db: Db, ownerId: number, nodeId: number | null) {
    return db
      .selectFrom('groups')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('node_id', nodeId === null ? 'is' : '=', nodeId)
      .orderBy('position')
      .orderBy('id')
      .execute();
  },

  insert(db: Db, row: { owner_id: number; name: string; node_id: number | null; position: number; now: number }) {
    const { now, ...values } = row;
    return db
      .insertInto('groups')
      .values({ ...values, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  update(db: Db, id: number, change: { name?: string; node_id?: number | null; position?: number; updated_at: number }) {
    return db.updateTable('groups').set(change).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  },

  async setPosition(db: Db, id: number, position: number) {
    await db.updateTable('groups').set({ position }).where('id', '=', id).execute();
  },

  async touch(db: Db, id: number, now: number) {
    await db.updateTable('groups').set({ updated_at: now }).where('id', '=', id).execute();
  },

  /** Deletes the groups; their symbols, sub-groups (FK cascade) and subscription coverage go with them. */
  async deleteMany(db: Db, ids: number[]) {
    if (ids.length > 0) await db.deleteFrom('groups').where('id', 'in', ids).execute();
  },

  // ---- symbols

  symbolsOf(db: Db, groupId: number) {
    return db.selectFrom('group_symbols').selectAll().where('group_id', '=', groupId).orderBy('position').execute();
  },

  /** Symbols of many groups at once, each group's in display order. */
  symbolsOfGroups(db: Db, groupIds: number[]) {
    if (groupIds.length === 0) return Promise.resolve([] as GroupSymbolRow[]);
    return db
      .selectFrom('group_symbols')
      .selectAll()
      .where('group_id', 'in', groupIds)
      .orderBy('group_id')
      .orderBy('position')
      .execute();
  },

  /** Every symbol of the owner's groups, with the group holding it. */
  symbolsOfOwner(db: Db, ownerId: number, market?: string) {
    let query = db
      .selectFrom('group_symbols')
      .innerJoin('groups', 'groups.id', 'group_symbols.group_id')
      .select(['group_symbols.group_id', 'group_symbols.market', 'group_symbols.symbol', 'group_symbols.position'])
      .where('groups.owner_id', '=', ownerId);
    if (market !== undefined) query = query.where('group_symbols.market', '=', market);
    return query.execute();
  },

  /** How many symbols each group holds. */
  async symbolCounts(db: Db, groupIds: number[]): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    if (groupIds.length === 0) return counts;
    const rows = await db
      .selectFrom('group_symbols')
      .select(['group_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('group_id', 'in', groupIds)
      .groupBy('group_id')
      .execute();
    for (const row of rows) counts.set(Number(row.group_id), Number(row.count));
    return counts;
  },

  async insertSymbols(db: Db, rows: Insertable<GroupSymbolsTable>[]) {
    for (let start = 0; start < rows.length; start += CHUNK) {
      await db.insertInto('group_symbols').values(rows.slice(start, start + CHUNK)).execute();
    }
  },

  async clearSymbols(db: Db, groupId: number) {
    await db.deleteFrom('group_symbols').where('group_id', '=', groupId).execute();
  },

  async deleteSymbols(db: Db, groupId: number, market: string, symbols: string[]): Promise<number> {
    let removed = 0;
    for (let start = 0; start < symbols.length; start += CHUNK) {
      const result = await db
        .deleteFrom('group_symbols')
        .where('group_id', '=', groupId)
        .where('market', '=', market)
        .where('symbol', 'in', symbols.slice(start, start + CHUNK))
        .executeTakeFirst();
      removed += Number(result.numDeletedRows);
    }
    return removed;
  },

  async setSymbolPosition(db: Db, groupId: number, market: string, symbol: string, position: number) {
    await db
      .updateTable('group_symbols')
      .set({ position })
      .where('group_id', '=', groupId)
      .where('market', '=', market)
      .where('symbol', '=', symbol)
      .execute();
  },
};
