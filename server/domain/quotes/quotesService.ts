import type { Kysely } from 'kysely';
import type { Quote } from '../../../contract/general/schemas';
import type { Database } from '../../store/schema';
import { quotesRepository, toQuote } from '../../store/repositories/quotes';
import { SEED_QUOTES } from '../../store/seeds/quotes';
import { NotFoundError } from '../errors';

export function createQuotesService(deps: { db: Kysely<Database> }) {
  return {
    /** Fills an empty table with the built-in sayings; an admin's own edits are never overwritten. */
    async seed() {
      if (await quotesRepository.isEmpty(deps.db)) await quotesRepository.insertMany(deps.db, SEED_QUOTES);
    },
    async random(): Promise<Quote> {
      const row = await quotesRepository.random(deps.db);
      if (!row) throw new NotFoundError('Quote');
      return toQuote(row);
    },
    async get(id: number): Promise<Quote> {
      const row = await quotesRepository.findById(deps.db, id);
      if (!row) throw new NotFoundError('Quote');
      return toQuote(row);
    },
  };
}

export type QuotesService = ReturnType<typeof createQuotesService>;
