import type { Kysely } from 'kysely';
import type { Holding } from '../../../../contract/portfolio/ledger';
import type { Database } from '../../../store/schema';

/**
 * The portfolio's current holdings (last balance of each symbol, valued in the portfolio's
 * currency at the live price). The rulesets read it for `get_ruleset_status`.
 * Placeholder until the ledger lands: no holdings.
 */
export async function readHoldings(_db: Kysely<Database>, _portfolioId: number): Promise<Holding[]> {
  return [];
}
