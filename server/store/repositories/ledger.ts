import { PostgresAdapter, type Kysely } from 'kysely';
import type { Balance, Transaction } from '../../../contract/portfolio/ledger';
import type { Database } from '../schema';
import type { BalanceRow, BalancesTable, LedgerTransactionRow, LedgerTransactionsTable } from '../tables/ledgerTables';
import { toIso } from './times';

type Db = Kysely<Database>;

export function toTransaction(row: LedgerTransactionRow): Transaction {
  return {
    id: row.id,
    portfolio_id: row.portfolio_id,
    type: row.type as Transaction['type'],
    symbol: row.symbol,
    amount: row.amount,
    price: row.price,
    quote_symbol: row.quote_symbol,
    quote_amount: row.quote_amount,
    fee: row.fee,
    fee_symbol: row.fee_symbol,
    order_id: row.order_id,
    note: row.note,
    timestamp: row.timestamp,
    created_at: toIso(row.created_at),
  };
}

export const toBalance = (row: BalanceRow): Balance => ({ ...row });

export interface LedgerFilter {
  portfolioId: number;
  symbol?: string;
  types?: number[];
  orderId?: number;
  from?: number;
  to?: number;
}

/** Transactions and balance snapshots. Writers pass their transaction; nothing here commits. */
export const ledgerRepository = {
  /**
   * Serialises writers of one portfolio's balances. PostgreSQL locks the portfolio row until the
   * caller's transaction ends; SQLite needs nothing, its one writer connection already serialises.
   */
  async lockPortfolio(trx: Db, portfolioId: number) {
    if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
    await trx.selectFrom('portfolios').select('id').where('id', '=', portfolioId).forUpdate().execute();
  },

  async insertTransaction(trx: Db, row: Omit<LedgerTransactionsTable, 'id'>) {
    return toTransaction(await trx.insertInto('ledger_transactions').values(row).returningAll().executeTakeFirstOrThrow());
  },

  async insertBalance(trx: Db, row: Omit<BalancesTable, 'id'>) {
    return toBalance(await trx.insertInto('balances').values(row).returningAll().executeTakeFirstOrThrow());
  },

  /** The newest snapshot of each symbol (as it stood at `asOf`, when given). */
  async lastBalances(db: Db, portfolioId: number, asOf?: number, symbols?: readonly string[]): Promise<BalanceRow[]> {
    if (symbols && symbols.length === 0) return [];
    let newest = db
      .selectFrom('balances')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('portfolio_id', '=', portfolioId)
      .groupBy('symbol');
    if (asOf !== undefined) newest = newest.where('timestamp', '<=', asOf);
    if (symbols) newest = newest.where('symbol', 'in', symbols);
    return db.selectFrom('balances').selectAll().where('id', 'in', newest).orderBy('symbol').execute();
  },

  async lastBalance(db: Db, portfolioId: number, symbol: string, asOf?: number): Promise<BalanceRow | undefined> {
    const [row] = await ledgerRepository.lastBalances(db, portfolioId, asOf, [symbol]);
    return row;
  },

  /** A page of transactions, newest or oldest first, with how many match. */
  async pageTransactions(db: Db, filter: LedgerFilter, skip: number, limit: number, order: 'asc' | 'desc') {
    const matching = () => {
      let q = db.selectFrom('ledger_transactions').where('portfolio_id', '=', filter.portfolioId);
      if (filter.symbol !== undefined) {
        const s = filter.symbol;
        q = q.where((eb) => eb.or([eb('symbol', '=', s), eb('quote_symbol', '=', s), eb('fee_symbol', '=', s)]));
      }
      if (filter.types && filter.types.length > 0) q = q.where('type', 'in', filter.types);
      if (filter.orderId !== undefined) q = q.where('order_id', '=', filter.orderId);
      if (filter.from !== undefined) q = q.where('timestamp', '>=', filter.from);
      if (filter.to !== undefined) q = q.where('timestamp', '<', filter.to);
      return q;
    };
    const rows = await matching().selectAll().orderBy('timestamp', order).orderBy('id', order).offset(skip).limit(limit).execute();
    const { count } = await matching().select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    return { rows, count: Number(count) };
  },

  async balancesOfTransactions(db: Db, transactionIds: number[]): Promise<BalanceRow[]> {
    if (transactionIds.length === 0) return [];
    return db.selectFrom('balances').selectAll().where('transaction_id', 'in', transactionIds).orderBy('id').execute();
  },

  async allTransactions(db: Db, portfolioId: number): Promise<LedgerTransactionRow[]> {
    return db.selectFrom('ledger_transactions').selectAll().where('portfolio_id', '=', portfolioId).orderBy('id').execute();
  },

  /** Snapshots in a time range (oldest first), for history charts. */
  async balancesBetween(db: Db, portfolioId: number, from: number, to: number, symbol?: string): Promise<BalanceRow[]> {
    let q = db.selectFrom('balances').selectAll().where('portfolio_id', '=', portfolioId).where('timestamp', '>=', from).where('timestamp', '<', to);
    if (symbol !== undefined) q = q.where('symbol', '=', symbol);
    return q.orderBy('timestamp').orderBy('id').execute();
  },

  /** Deposits and withdrawals (with their cost) in a range, so returns can leave new money out. */
  async flowsBetween(db: Db, portfolioId: number, from: number, to: number) {
    return db
      .selectFrom('ledger_transactions')
      .selectAll()
      .where('portfolio_id', '=', portfolioId)
      .where('type', 'in', [10, 20])
      .where('timestamp', '>=', from)
      .where('timestamp', '<', to)
      .orderBy('timestamp')
      .execute();
  },

  /** Last stored close of a market's pair (any source, finest first by recency): the price fallback. */
  async lastClose(db: Db, market: string, symbol: string): Promise<{ price: number; timestamp: number } | undefined> {
    const row = await db
      .selectFrom('klines')
      .select(['close', 'open_time'])
      .where('market', '=', market)
      .where('symbol', '=', symbol)
      .orderBy('open_time', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? { price: Number(row.close), timestamp: Number(row.open_time) } : undefined;
  },
};
