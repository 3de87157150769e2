import type { Kysely } from 'kysely';
import { ledgerRepository } from '../../../store/repositories/ledger';
import type { Database } from '../../../store/schema';
import { replayTotals } from './effects';
import { ZERO, dec, str } from './money';

export interface LedgerMismatch {
  symbol: string;
  /** What the last balance says. */
  balance: string;
  /** What the sum of the transactions says. */
  transactions: string;
  problem: 'total_differs' | 'free_plus_locked_differs' | 'negative';
}

/**
 * The consistency check an admin can run: replays every transaction of the portfolio and
 * compares each symbol's sum with its last balance (and that balance with itself: free + locked
 * = total, nothing negative). An empty answer means the ledger holds.
 */
export async function checkLedger(db: Kysely<Database>, portfolioId: number): Promise<LedgerMismatch[]> {
  const sums = replayTotals(await ledgerRepository.allTransactions(db, portfolioId));
  const last = await ledgerRepository.lastBalances(db, portfolioId);
  const mismatches: LedgerMismatch[] = [];
  const symbols = new Set([...sums.keys(), ...last.map((r) => r.symbol)]);
  for (const symbol of [...symbols].sort()) {
    const row = last.find((r) => r.symbol === symbol);
    const total = row ? dec(row.total) : ZERO;
    const sum = sums.get(symbol) ?? ZERO;
    const entry = { symbol, balance: str(total), transactions: str(sum) };
    if (!total.equals(sum)) mismatches.push({ ...entry, problem: 'total_differs' });
    if (row && !dec(row.free).plus(dec(row.locked)).equals(total)) mismatches.push({ ...entry, problem: 'free_plus_locked_differs' });
    if (row && (dec(row.free).isNegative() || dec(row.locked).isNegative())) mismatches.push({ ...entry, problem: 'negative' });
  }
  return mismatches;
}
