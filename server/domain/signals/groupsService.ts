import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  MAX_GROUPS_PER_USER,
  MAX_SYMBOLS_PER_GROUP,
  type Group,
  type GroupCreate,
  type GroupList,
  type GroupSymbolList,
  type GroupUpdate,
  type MarketSymbol,
  type RelatedSymbolList,
} from '../../../contract/signals/relations';
import { groupsRepository, toGroup, toGroupSymbol } from '../../store/repositories/groups';
import type { Database, GroupRow } from '../../store/schema';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { byTreeOrder, descendantIds, orderWith } from './groupTree';
import { checkSymbolsExist, uniqueSymbols } from './symbolCheck';

type Db = Kysely<Database>;

/**
 * Groups (watchlists): folders through `node_id`, symbols in display order. Owner only: another
 * user's group answers 404 as if it did not exist. Every change is one transaction.
 */
export function createGroupsService(deps: { db: Db }) {
  const { db } = deps;

  async function owned(trx: Db, userId: number, id: number): Promise<GroupRow> {
    const row = await groupsRepository.findOwned(trx, userId, id);
    if (!row) throw new NotFoundError('Group');
    return row;
  }

  /** A parent named in a body must be one of the user's groups. */
  async function parentOf(trx: Db, userId: number, nodeId: number | null) {
    if (nodeId !== null && !(await groupsRepository.findOwned(trx, userId, nodeId))) throw new NotFoundError('Parent group');
  }

  /** Writes the positions of one parent's groups as the order `ids` gives (only those that moved). */
  async function renumber(trx: Db, rows: readonly GroupRow[], ids: readonly number[]) {
    const current = new Map(rows.map((row) => [row.id, row.position]));
    for (const [position, id] of ids.entries()) {
      if (current.get(id) !== position) await groupsRepository.setPosition(trx, id, position);
    }
  }

  async function withSymbols(trx: Db, row: GroupRow): Promise<Group> {
    const symbols = await groupsRepository.symbolsOf(trx, row.id);
    return toGroup(row, symbols.length, symbols);
  }

  /** Appends symbols not yet in the group, after its last one. */
  async function appendSymbols(trx: Db, groupId: number, symbols: readonly MarketSymbol[], now: number) {
    const existing = await groupsRepository.symbolsOf(trx, groupId);
    const held = new Set(existing.map((s) => `${s.market}\u0000${s.symbol}`));
    const fresh = uniqueSymbols(symbols).filter((s) => !held.has(`${s.market}\u0000${s.symbol}`));
    if (existing.length + fresh.length > MAX_SYMBOLS_PER_GROUP) {
      throw new ConflictError(`A group holds at most ${MAX_SYMBOLS_PER_GROUP} symbols; this one has ${existing.length}`);
    }
    await groupsRepository.insertSymbols(
      trx,
      fresh.map((s, i) => ({ group_id: groupId, market: s.market, symbol: s.symbol, position: existing.length + i, added_at: now })),
    );
  }

  return {
    /** The user's groups, whole, in tree order; with their symbols when asked. */
    async list(userId: number, includeSymbols: boolean): Promise<GroupList> {
      const rows = (await groupsRepository.ofOwner(db, userId)).sort(byTreeOrder);
      const ids = rows.map((row) => row.id);
      const counts = await groupsRepository.symbolCounts(db, ids);
      if (!includeSymbols) return { data: rows.map((row) => toGroup(row, counts.get(row.id) ?? 0)), count: rows.length };
      const symbols = await groupsRepository.symbolsOfGroups(db, ids);
      const byGroup = new Map<number, typeof symbols>();
      for (const s of symbols) byGroup.set(s.group_id, [...(byGroup.get(s.group_id) ?? []), s]);
      const data = rows.map((row) => toGroup(row, counts.get(row.id) ?? 0, byGroup.get(row.id) ?? []));
      return { data, count: data.length };
    },

    async symbols(userId: number, groupId: number): Promise<GroupSymbolList> {
      await owned(db, userId, groupId);
      const rows = await groupsRepository.symbolsOf(db, groupId);
      return { data: rows.map(toGroupSymbol), count: rows.length };
    },

    /** Every symbol of the user's groups once, with the groups holding it, by market then name. */
    async relatedSymbols(userId: number, market?: string): Promise<RelatedSymbolList> {
      const rows = await groupsRepository.symbolsOfOwner(db, userId, market);
      return collectRelated([...rows].sort(bySymbol));
    },

    async create(userId: number, body: z.output<typeof GroupCreate>): Promise<Group> {
      await checkSymbolsExist(db, body.symbols, ['body', 'symbols']);
      return db.transaction().execute(async (trx) => {
        if ((await groupsRepository.countOfOwner(trx, userId)) >= MAX_GROUPS_PER_USER) {
          throw new ConflictError(`You have ${MAX_GROUPS_PER_USER} groups, the most allowed; delete one first`);
        }
        await parentOf(trx, userId, body.node_id);
        const now = Date.now();
        const siblings = await groupsRepository.siblings(trx, userId, body.node_id);
        const row = await groupsRepository.insert(trx, { owner_id: userId, name: body.name, node_id: body.node_id, position: siblings.length, now });
        const order = orderWith(siblings.map((s) => s.id), [row.id], body.position);
        await renumber(trx, [...siblings, row], order);
        await appendSymbols(trx, row.id, body.symbols, now);
        return withSymbols(trx, (await groupsRepository.findOwned(trx, userId, row.id))!);
      });
    },

    /** Rename, move under another parent (never under itself or its own sub-groups) or reorder. */
    async update(userId: number, body: z.output<typeof GroupUpdate>): Promise<Group> {
      return db.transaction().execute(async (trx) => {
        const current = await owned(trx, userId, body.id);
        const now = Date.now();
        const nodeId = body.node_id === undefined ? current.node_id : body.node_id;
        if (nodeId !== current.node_id) {
          await parentOf(trx, userId, nodeId);
          const all = await groupsRepository.ofOwner(trx, userId);
          if (nodeId === current.id || (nodeId !== null && descendantIds(all, current.id).has(nodeId))) {
            throw ValidationError.field(['body', 'node_id'], 'a group cannot move into itself or one of its own sub-groups', 'cycle');
          }
          const oldSiblings = await groupsRepository.siblings(trx, userId, current.node_id);
          await renumber(trx, oldSiblings, oldSiblings.map((s) => s.id).filter((id) => id !== current.id));
        }
        if (nodeId !== current.node_id || body.position !== undefined) {
          const siblings = (await groupsRepository.siblings(trx, userId, nodeId)).filter((s) => s.id !== current.id);
          const order = orderWith(siblings.map((s) => s.id), [current.id], body.position);
          await renumber(trx, siblings, order);
          await groupsRepository.update(trx, current.id, { node_id: nodeId, position: order.indexOf(current.id), updated_at: now });
        }
        if (body.name !== undefined) await groupsRepository.update(trx, current.id, { name: body.name, updated_at: now });
        else await groupsRepository.touch(trx, current.id, now);
        return withSymbols(trx, (await groupsRepository.findOwned(trx, userId, current.id))!);
      });
    },

    /**
     * Deletes a group. Its sub-groups move up into its place (in their order) unless `recursive`,
     * which deletes them too. Subscriptions stop covering every deleted group.
     */
    async delete(userId: number, groupId: number, recursive: boolean): Promise<{ msg: string }> {
      return db.transaction().execute(async (trx) => {
        const group = await owned(trx, userId, groupId);
        const siblings = await groupsRepository.siblings(trx, userId, group.node_id);
        const children = await groupsRepository.siblings(trx, userId, group.id);
        const now = Date.now();
        let removed = [group.id];
        if (recursive) {
          removed = [group.id, ...descendantIds(await groupsRepository.ofOwner(trx, userId), group.id)];
        } else {
          for (const child of children) await groupsRepository.update(trx, child.id, { node_id: group.node_id, updated_at: now });
        }
        const others = siblings.map((s) => s.id).filter((id) => id !== group.id);
        const order = recursive ? others : orderWith(others, children.map((c) => c.id), group.position);
        await renumber(trx, recursive ? siblings : [...siblings, ...children], order);
        await groupsRepository.deleteMany(trx, removed);
        const what = removed.length === 1 ? 'Group deleted' : `Group and ${removed.length - 1} sub-group(s) deleted`;
        return { msg: what };
      });
    },

    /** Appends symbols (those already in the group are skipped). */
    async addSymbols(userId: number, groupId: number, symbols: readonly MarketSymbol[]): Promise<Group> {
      await checkSymbolsExist(db, symbols, ['body', 'symbols']);
      return db.transaction().execute(async (trx) => {
        const group = await owned(trx, userId, groupId);
        const now = Date.now();
        await appendSymbols(trx, group.id, symbols, now);
        await groupsRepository.touch(trx, group.id, now);
        return withSymbols(trx, group);
      });
    },

    /** Replaces the group's symbols with this list, in this order (an empty list empties it). */
    async replaceSymbols(userId: number, groupId: number, symbols: readonly MarketSymbol[]): Promise<Group> {
      await checkSymbolsExist(db, symbols, ['body', 'symbols']);
      return db.transaction().execute(async (trx) => {
        const group = await owned(trx, userId, groupId);
        const now = Date.now();
        await groupsRepository.clearSymbols(trx, group.id);
        await appendSymbols(trx, group.id, symbols, now);
        await groupsRepository.touch(trx, group.id, now);
        return withSymbols(trx, group);
      });
    },

    /** Removes symbols of one market; ones not in the group are ignored. The rest close up in order. */
    async removeSymbols(userId: number, groupId: number, market: string, symbols: readonly string[]): Promise<Group> {
      return db.transaction().execute(async (trx) => {
        const group = await owned(trx, userId, groupId);
        const removed = await groupsRepository.deleteSymbols(trx, group.id, market, [...symbols]);
        if (removed > 0) {
          const rest = await groupsRepository.symbolsOf(trx, group.id);
          for (const [position, s] of rest.entries()) {
            if (s.position !== position) await groupsRepository.setSymbolPosition(trx, group.id, s.market, s.symbol, position);
          }
          await groupsRepository.touch(trx, group.id, Date.now());
        }
        return withSymbols(trx, group);
      });
    },

    /** The user's groups among `ids`; NotFoundError naming the first that is not theirs. */
    async requireOwned(userId: number, ids: readonly number[], trx: Db = db): Promise<void> {
      for (const id of ids) {
        if (!(await groupsRepository.findOwned(trx, userId, id))) throw new NotFoundError(`Group ${id}`);
      }
    },

    /** The symbols of some groups, once each, with the groups among them that hold each. */
    async symbolsOfGroups(groupIds: readonly number[], trx: Db = db): Promise<RelatedSymbolList> {
      const rows = await groupsRepository.symbolsOfGroups(trx, [...groupIds]);
      return collectRelated([...rows].sort(bySymbol));
    },
  };
}

type SymbolOfGroup = { group_id: number; market: string; symbol: string };

/**
 * By market, then symbol name by code point, then group: the same order in both databases
 * (their collations differ on Persian names).
 */
function bySymbol(a: SymbolOfGroup, b: SymbolOfGroup): number {
  const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return text(a.market, b.market) || text(a.symbol, b.symbol) || a.group_id - b.group_id;
}

/** Rows sorted by market and symbol, folded into one entry per symbol with its groups. */
function collectRelated(rows: readonly SymbolOfGroup[]): RelatedSymbolList {
  const data: RelatedSymbolList['data'] = [];
  for (const row of rows) {
    const last = data.at(-1);
    if (last && last.market === row.market && last.symbol === row.symbol) {
      if (!last.group_ids.includes(row.group_id)) last.group_ids.push(row.group_id);
    } else {
      data.push({ market: row.market, symbol: row.symbol, group_ids: [row.group_id] });
    }
  }
  return { data, count: data.length };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
