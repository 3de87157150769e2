import type { Kysely } from 'kysely';
import type { MarketSetting, MarketSettings } from '../../../contract/market/markets';
import { marketSettingsRepository, toMarketSetting } from '../../store/repositories/marketSettings';
import type { Database, MarketRow } from '../../store/schema';

/** Reads and writes of a market's free key/value settings (fee_rate, live_interval_ms…). */
export function createMarketSettings(deps: { db: Kysely<Database>; marketRow: (name: string) => Promise<MarketRow> }) {
  const { db, marketRow } = deps;
  return {
    async all(market: string): Promise<MarketSettings> {
      const { name } = await marketRow(market);
      const rows = await marketSettingsRepository.ofMarket(db, name);
      return { market: name, settings: Object.fromEntries(rows.map((row) => [row.name, JSON.parse(row.value) as unknown])) };
    },

    /** Creates or replaces one setting; the contract has already bounded the value's size. */
    async set(market: string, name: string, value: unknown): Promise<MarketSetting> {
      await marketRow(market);
      const row = { market, name, value: JSON.stringify(value), updated_at: Date.now() };
      await marketSettingsRepository.save(db, row);
      return toMarketSetting(row);
    },
  };
}
