import type { Kysely } from 'kysely';
import type { Bus } from '../../../live/bus';
import type { Database } from '../../../store/schema';
import type { MarketsService } from '../../markets/marketsService';

/** The ledger's services (balances, transactions, orders and fills); built by createServices. */
export function createLedgerServices(_deps: { db: Kysely<Database>; bus: Bus; markets: MarketsService }) {
  return {};
}
