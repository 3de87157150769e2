import type { Kysely } from 'kysely';
import type { MarketSymbol } from '../../../contract/market/lists';
import type { Market } from '../../../contract/market/markets';
import { marketListsRepository, toListItem } from '../../store/repositories/marketLists';
import { marketsRepository, toMarket } from '../../store/repositories/markets';
import { marketSettingsRepository } from '../../store/repositories/marketSettings';
import type { Database, MarketRow } from '../../store/schema';
import { NotFoundError } from '../errors';
import { createChangeListeners } from './changes';
import { activeSourceNames, createMarketLists } from './marketLists';
import { createMarketSettings } from './marketSettings';
import { seedDefaultMarkets } from './seed';

/**
 * Markets, their lists and settings (issue 4): the registry every other part asks "is this a
 * market, is this one of its symbols, what is its fee". Reads go to the database each time (they
 * are single indexed lookups), so an admin's edit is seen at once by every process.
 */
export function createMarketsService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  const changes = createChangeListeners();

  const marketRow = async (name: string): Promise<MarketRow> => {
    const row = await marketsRepository.findByName(db, name);
    if (!row) throw new NotFoundError('Market');
    return row;
  };

  const activeSources = (market: string) => activeSourceNames(db, market);

  const reads = {
    /** The market, or NotFoundError('Market'). */
    async getMarket(name: string): Promise<Market> {
      const row = await marketRow(name);
      return toMarket(row, await activeSources(row.name));
    },

    /** Every market (active or not), in creation order. */
    async listMarkets(): Promise<Market[]> {
      const rows = await marketsRepository.all(db);
      return Promise.all(rows.map(async (row) => toMarket(row, await activeSources(row.name))));
    },

    /** Names of the markets, for checks such as a profile's default market. */
    async marketNames(): Promise<string[]> {
      return marketsRepository.names(db);
    },

    /** A symbol of the market (active or not); NotFoundError('Market') or NotFoundError('Symbol'). */
    async getSymbol(market: string, symbol: string): Promise<MarketSymbol> {
      const row = await marketListsRepository.findByName(db, market, 'symbols', symbol);
      if (!row) {
        await marketRow(market);
        throw new NotFoundError('Symbol');
      }
      return toListItem('symbols', row);
    },

    /** The market's active symbols in listing order; NotFoundError('Market') for an unknown market. */
    async activeSymbols(market: string): Promise<MarketSymbol[]> {
      await marketRow(market);
      const rows = await marketListsRepository.ofList(db, market, 'symbols', true);
      return rows.map((row) => toListItem('symbols', row));
    },

    /**
     * One setting's value, or undefined when it was never set (callers supply their default);
     * NotFoundError('Market') for an unknown market.
     */
    async getSetting<T = unknown>(market: string, name: string): Promise<T | undefined> {
      const row = await marketSettingsRepository.find(db, market, name);
      if (!row) {
        await marketRow(market);
        return undefined;
      }
      return JSON.parse(row.value) as T;
    },
  };

  return {
    ...reads,
    /** Seeds the default markets and their lists on a fresh database; never overwrites. */
    async seed() {
      await seedDefaultMarkets(db);
    },
    /** Admin reads and writes of the four lists (`/core/market/list/...`). */
    lists: createMarketLists({ db, marketRow, changes }),
    /** Admin reads and writes of the settings (`/core/market/settings`). */
    settings: createMarketSettings({ db, marketRow }),
    /**
     * Subscribe to list edits (a symbol added, deactivated…) to follow them live, e.g. a feed
     * subscribing a new symbol or the app socket's `market_info`. Returns the unsubscribe.
     */
    onListChange: changes.subscribe,
  };
}

export type MarketsService = ReturnType<typeof createMarketsService>;
