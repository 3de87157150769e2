import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema';

/** Markets, their lists and settings (issue 4). */
export function createMarketsService(_deps: { db: Kysely<Database> }) {
  return {
    /** Seeds the default markets and their lists on a fresh database; never overwrites. */
    async seed() {},
    /** Names of the markets, for checks such as a profile's default market. */
    async marketNames(): Promise<string[]> {
      return ['crypto', 'ir_crypto', 'tse'];
    },
  };
}

export type MarketsService = ReturnType<typeof createMarketsService>;
