import type { Kysely } from 'kysely';
import type { Database } from '../../../store/schema';
import type { MarketsService } from '../../markets/marketsService';

/** Settings, tags, markers and rulesets of portfolios; built by createServices. */
export function createPortfolioExtrasServices(_deps: { db: Kysely<Database>; markets: MarketsService }) {
  return {};
}
