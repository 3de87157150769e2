import type { Kysely } from 'kysely';
import type { Holding } from '../../../../contract/portfolio/ledger';
import { ledgerRepository } from '../../../store/repositories/ledger';
import type { Database } from '../../../store/schema';
import { dec } from './money';
import { valueHoldings } from './valuation';

/**
 * The portfolio's current holdings (last balance of each non-zero symbol), valued in the
 * portfolio's cash at the price stored with that snapshot. Only the database is read, so rules
 * can call it inside a write transaction (on SQLite any other connection use would wait for it).
 */
export async function readHoldings(db: Kysely<Database>, portfolioId: number): Promise<Holding[]> {
  const rows = (await ledgerRepository.lastBalances(db, portfolioId)).filter((r) => !dec(r.total).isZero());
  return valueHoldings(rows, (symbol) => {
    const row = rows.find((r) => r.symbol === symbol);
    return row?.price ? { price: dec(row.price), timestamp: row.timestamp } : null;
  }).holdings;
}
