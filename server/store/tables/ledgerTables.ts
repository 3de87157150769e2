import type { Generated, Selectable } from 'kysely';

/**
 * Tables of the ledger (migration 008). Amounts are decimal strings, as the contract carries
 * them, so neither database ever rounds money through a binary float.
 */
export interface LedgerTransactionsTable {
  id: Generated<number>;
  portfolio_id: number;
  type: number;
  symbol: string;
  amount: string;
  price: string | null;
  quote_symbol: string | null;
  quote_amount: string | null;
  fee: string;
  fee_symbol: string | null;
  order_id: number | null;
  note: string | null;
  timestamp: number;
  created_at: number;
}

/** One snapshot of a symbol's holding after a change; the newest row (highest id) is the balance now. */
export interface BalancesTable {
  id: Generated<number>;
  portfolio_id: number;
  symbol: string;
  free: string;
  locked: string;
  total: string;
  cost_basis: string;
  price: string | null;
  value: string | null;
  transaction_id: number | null;
  order_id: number | null;
  timestamp: number;
}

export interface LedgerTables {
  ledger_transactions: LedgerTransactionsTable;
  balances: BalancesTable;
}

export type LedgerTransactionRow = Selectable<LedgerTransactionsTable>;
export type BalanceRow = Selectable<BalancesTable>;
