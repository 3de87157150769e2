import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { MarketListName } from '../../../contract/codes';
import type {
  MarketListItem,
  MarketListPage,
  MarketListQuery,
  MarketListSetResult,
  MarketSource,
  marketListCreateBodies,
  marketListUpdateBodies,
} from '../../../contract/market/lists';
import {
  isUniqueViolation,
  marketListsRepository,
  toListItem,
} from '../../store/repositories/marketLists';
import { marketsRepository } from '../../store/repositories/markets';
import type { Database, MarketListItemRow, MarketRow } from '../../store/schema';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import type { ChangeListeners } from './changes';
import { filterAndPage } from './listQuery';

export type ListCreateBody = z.output<(typeof marketListCreateBodies)[MarketListName]>;
export type ListUpdateBody = z.output<(typeof marketListUpdateBodies)[MarketListName]>;
type Db = Kysely<Database>;

/** The item's own fields (what the row keeps as JSON) from a full create body. */
function dataOf(body: ListCreateBody): Record<string, unknown> {
  const { market: _market, name: _name, is_active: _active, ...data } = body;
  return data;
}

/** The item's current JSON fields with the update's sent fields on top; omitted fields keep their value. */
function mergeData(row: MarketListItemRow, change: ListUpdateBody): Record<string, unknown> {
  const { is_active: _active, ...fields } = change;
  const sent = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return { ...(JSON.parse(row.data) as Record<string, unknown>), ...sent };
}

/** A market's active sources, preferred (lowest priority) first; ties by name so the order is stable. */
export async function activeSourceNames(db: Db, market: string): Promise<MarketSource['name'][]> {
  const rows = await marketListsRepository.ofList(db, market, 'sources', true);
  return rows
    .map((row) => toListItem('sources', row))
    .sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name))
    .map((source) => source.name);
}

const LIST_WORDS: Record<'sub_market' | 'category', [MarketListName, string]> = {
  sub_market: ['sub_markets', 'sub-market'],
  category: ['categories', 'category'],
};

/** Reads and admin writes of the four lists; every write is one transaction. */
export function createMarketLists(deps: {
  db: Db;
  marketRow: (name: string) => Promise<MarketRow>;
  changes: ChangeListeners;
}) {
  const { db, marketRow, changes } = deps;

  /** A symbol may only name a sub-market and category its market lists (422 naming the field). */
  async function checkReferences(list: MarketListName, market: string, data: Record<string, unknown>) {
    if (list !== 'symbols') return;
    for (const field of ['sub_market', 'category'] as const) {
      const value = data[field];
      if (typeof value !== 'string') continue;
      const [refList, word] = LIST_WORDS[field];
      if (!(await marketListsRepository.findByName(db, market, refList, value))) {
        throw ValidationError.field(['body', field], `must be a ${word} of market "${market}" (see its ${refList} list)`);
      }
    }
  }

  /** After the sources list changes, the market's denormalised source order follows in the same transaction. */
  async function syncSources(trx: Db, list: MarketListName, market: string, now: number) {
    if (list !== 'sources') return;
    await marketsRepository.setSources(trx, market, await activeSourceNames(trx, market), now);
  }

  async function itemById(list: MarketListName, id: number): Promise<MarketListItemRow> {
    const row = await marketListsRepository.findById(db, list, id);
    if (!row) throw new NotFoundError('List item');
    return row;
  }

  const answer = (list: MarketListName, row: MarketListItemRow) =>
    ({ list, data: toListItem(list, row) }) as MarketListItem;

  const announce = (list: MarketListName, row: MarketListItemRow) =>
    changes.emit({ market: row.market, list, name: row.name });

  return {
    async page(list: MarketListName, query: z.output<typeof MarketListQuery>): Promise<MarketListPage> {
      const market = await marketRow(query.market);
      const rows = await marketListsRepository.ofList(db, market.name, list, query.is_active);
      const candidates = rows.map((row) => ({ row, view: { ...(JSON.parse(row.data) as object), name: row.name } }));
      const { page, count } = filterAndPage(candidates, (candidate) => candidate.view, query);
      return { list, data: page.map(({ row }) => toListItem(list, row)), count } as MarketListPage;
    },

    async get(list: MarketListName, id: number): Promise<MarketListItem> {
      return answer(list, await itemById(list, id));
    },

    /** 409 when the market already lists that name. */
    async create(list: MarketListName, body: ListCreateBody): Promise<MarketListItem> {
      await marketRow(body.market);
      const data = dataOf(body);
      await checkReferences(list, body.market, data);
      const now = Date.now();
      try {
        const row = await db.transaction().execute(async (trx) => {
          const inserted = await marketListsRepository.insert(trx, {
            market: body.market,
            list,
            name: body.name,
            data: JSON.stringify(data),
            is_active: body.is_active ? 1 : 0,
            created_at: now,
            updated_at: now,
          });
          await syncSources(trx, list, body.market, now);
          return inserted;
        });
        announce(list, row);
        return answer(list, row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(`"${body.name}" is already in the ${list} of ${body.market}`);
        throw error;
      }
    },

    /** Omitted fields keep their value; `market` and `name` never change. */
    async update(list: MarketListName, id: number, change: ListUpdateBody): Promise<MarketListItem> {
      const current = await itemById(list, id);
      const data = mergeData(current, change);
      await checkReferences(list, current.market, change as Record<string, unknown>);
      const now = Date.now();
      const isActive = change.is_active === undefined ? current.is_active : change.is_active ? 1 : 0;
      const row = await db.transaction().execute(async (trx) => {
        const updated = await marketListsRepository.update(trx, id, {
          data: JSON.stringify(data),
          is_active: isActive,
          updated_at: now,
        });
        await syncSources(trx, list, current.market, now);
        return updated;
      });
      announce(list, row);
      return answer(list, row);
    },

    /** Creates or wholly replaces the item named by (market, name); the id and created_at survive. */
    async set(list: MarketListName, body: ListCreateBody): Promise<MarketListSetResult> {
      await marketRow(body.market);
      const data = JSON.stringify(dataOf(body));
      await checkReferences(list, body.market, dataOf(body));
      const isActive = body.is_active ? 1 : 0;
      // A concurrent set of the same new name can win the insert; the retry then replaces it.
      for (let attempt = 1; ; attempt++) {
        const now = Date.now();
        try {
          const [row, created] = await db.transaction().execute(async (trx) => {
            const existing = await marketListsRepository.findByName(trx, body.market, list, body.name);
            const written = existing
              ? await marketListsRepository.update(trx, existing.id, { data, is_active: isActive, updated_at: now })
              : await marketListsRepository.insert(trx, {
                  market: body.market,
                  list,
                  name: body.name,
                  data,
                  is_active: isActive,
                  created_at: now,
                  updated_at: now,
                });
            await syncSources(trx, list, body.market, now);
            return [written, !existing] as const;
          });
          announce(list, row);
          return { ...answer(list, row), created } as MarketListSetResult;
        } catch (error) {
          if (attempt >= 2 || !isUniqueViolation(error)) throw error;
        }
      }
    },
  };
}
