import type { Insertable, Kysely } from 'kysely';
import { marketListsRepository } from '../../store/repositories/marketLists';
import { marketsRepository } from '../../store/repositories/markets';
import { marketSettingsRepository } from '../../store/repositories/marketSettings';
import type { Database, MarketListItemsTable } from '../../store/schema';
import { SEED_MARKETS, type SeedMarket } from '../../store/seeds/markets';

/** The list rows of one seed market, all created at `now`. */
function listRows(market: SeedMarket, now: number): Insertable<MarketListItemsTable>[] {
  const row = (list: string, name: string, data: object) => ({
    market: market.name,
    list,
    name,
    data: JSON.stringify(data),
    is_active: 1,
    created_at: now,
    updated_at: now,
  });
  return [
    ...market.sources.map(({ name, ...data }) => row('sources', name, data)),
    ...market.sub_markets.map(({ name, ...data }) => row('sub_markets', name, data)),
    ...market.categories.map(({ name, ...data }) => row('categories', name, data)),
    ...market.symbols.map(({ name, ...data }) => row('symbols', name, data)),
  ];
}

/**
 * Writes each default market with its lists and settings, but only when the market row is new:
 * a restart, or a market an admin has since edited, is left exactly as it is. One transaction per
 * market, so a crash never leaves a market without its lists.
 */
export async function seedDefaultMarkets(db: Kysely<Database>) {
  for (const market of SEED_MARKETS) {
    const now = Date.now();
    await db.transaction().execute(async (trx) => {
      const created = await marketsRepository.insertIfMissing(trx, {
        name: market.name,
        title_fa: market.title.fa,
        title_en: market.title.en,
        currency: market.currency,
        timezone: market.timezone,
        trading_hours: market.trading_hours === null ? null : JSON.stringify(market.trading_hours),
        sources: JSON.stringify(market.sources.map((source) => source.name)),
        is_active: 1,
        created_at: now,
        updated_at: now,
      });
      if (!created) return;
      await marketListsRepository.insertMissing(trx, listRows(market, now));
      await marketSettingsRepository.insertMissing(
        trx,
        Object.entries(market.settings).map(([name, value]) => ({ market: market.name, name, value: JSON.stringify(value), updated_at: now })),
      );
    });
  }
}
