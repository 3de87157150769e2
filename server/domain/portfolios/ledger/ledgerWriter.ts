import type { Kysely } from 'kysely';
import { TransactionType } from '../../../../contract/codes';
import type { Balance, LedgerEntry } from '../../../../contract/portfolio/ledger';
import { ledgerRepository } from '../../../store/repositories/ledger';
import type { Database } from '../../../store/schema';
import type { BalanceRow, LedgerTransactionsTable } from '../../../store/tables/ledgerTables';
import { ConflictError } from '../../errors';
import { transactionDeltas } from './effects';
import { COST_PLACES, Dec, ZERO, dec, rounded, str } from './money';

type Db = Kysely<Database>;

/** What every write needs besides the transaction: the cash symbol and prices read beforehand. */
export interface WriteContext {
  portfolioId: number;
  cash: string;
  /** Asset → price in cash (null: unknown). Read before the transaction. */
  prices: ReadonlyMap<string, Dec | null>;
}

/** A transaction as written: the table's row without what the writer fills in. */
export type TransactionInput = Omit<LedgerTransactionsTable, 'id' | 'portfolio_id' | 'created_at'>;

interface Holding {
  free: Dec;
  locked: Dec;
  cost: Dec;
}

const holdingOf = (row: BalanceRow | undefined): Holding =>
  row ? { free: dec(row.free), locked: dec(row.locked), cost: dec(row.cost_basis) } : { free: ZERO, locked: ZERO, cost: ZERO };

const unitCost = (symbol: string, h: Holding, cash: string) => {
  if (symbol === cash) return dec(1);
  const total = h.free.plus(h.locked);
  return total.isZero() ? ZERO : h.cost.div(total);
};

function snapshot(ctx: WriteContext, symbol: string, h: Holding, timestamp: number, ids: { transaction_id: number | null; order_id: number | null }) {
  const total = h.free.plus(h.locked);
  const price = ctx.prices.get(symbol) ?? (symbol === ctx.cash ? dec(1) : null);
  return {
    portfolio_id: ctx.portfolioId,
    symbol,
    free: str(h.free),
    locked: str(h.locked),
    total: str(total),
    cost_basis: total.isZero() ? '0' : rounded(h.cost, COST_PLACES),
    price: price ? str(price) : null,
    value: price ? rounded(total.times(price), COST_PLACES) : null,
    ...ids,
    timestamp,
  };
}

const fmt = (value: Dec, symbol: string) => `${str(value)} ${symbol}`;

/**
 * Writes one transaction and the snapshot of every symbol it touches, in the caller's database
 * transaction, after locking the portfolio's balances. `unlock` first releases funds an order held
 * (its fill spends them). A symbol that would go below its free amount refuses the whole write
 * with 409 saying what is free, so nothing is half-written.
 *
 * Cost basis (average cost, in cash): what leaves a symbol takes its share of the cost with it;
 * cash always costs 1 a unit; a buy's asset costs what left the quote side (fee included); a
 * sell's or trade's non-cash proceeds inherit the cost of what was sold; a deposit of an asset
 * enters at its given price, else at the market price, else at zero.
 */
export async function writeTransaction(trx: Db, ctx: WriteContext, input: TransactionInput, unlock: ReadonlyMap<string, Dec> = new Map()): Promise<LedgerEntry> {
  await ledgerRepository.lockPortfolio(trx, ctx.portfolioId);
  const deltas = transactionDeltas(input);
  const symbols = [...new Set([...deltas.keys(), ...unlock.keys()])];
  const rows = await ledgerRepository.lastBalances(trx, ctx.portfolioId, undefined, symbols);
  const before = new Map(symbols.map((s) => [s, holdingOf(rows.find((r) => r.symbol === s))]));
  const after = new Map<string, Holding>();

  for (const symbol of symbols) {
    const h = { ...before.get(symbol)! };
    const release = unlock.get(symbol);
    if (release) {
      h.locked = h.locked.minus(release);
      h.free = h.free.plus(release);
      if (h.locked.isNegative()) h.locked = ZERO;
    }
    const delta = deltas.get(symbol) ?? ZERO;
    if (delta.isNegative() && h.free.plus(delta).isNegative()) {
      throw new ConflictError(`Not enough ${symbol}: this needs ${fmt(delta.neg(), symbol)} but only ${fmt(h.free, symbol)} is free`);
    }
    after.set(symbol, h);
  }

  // Cost released by what leaves each symbol, then added to what arrives.
  const released = new Map<string, Dec>();
  for (const [symbol, delta] of deltas) {
    if (!delta.isNegative()) continue;
    const h = after.get(symbol)!;
    const cost = unitCost(symbol, before.get(symbol)!, ctx.cash).times(delta.neg());
    released.set(symbol, cost);
    h.cost = h.cost.minus(cost);
  }
  for (const [symbol, delta] of deltas) {
    const h = after.get(symbol)!;
    h.free = h.free.plus(delta);
    if (!delta.isPositive()) continue;
    h.cost = h.cost.plus(arrivingCost(ctx, input, symbol, delta, released));
  }
  for (const h of after.values()) {
    if (h.free.plus(h.locked).isZero() || h.cost.isNegative()) h.cost = ZERO;
  }

  const transaction = await ledgerRepository.insertTransaction(trx, { ...input, portfolio_id: ctx.portfolioId, created_at: Date.now() });
  const balances: Balance[] = [];
  for (const symbol of symbols) {
    balances.push(
      await ledgerRepository.insertBalance(trx, snapshot(ctx, symbol, after.get(symbol)!, input.timestamp, { transaction_id: transaction.id, order_id: input.order_id })),
    );
  }
  return { transaction, balances };
}

function arrivingCost(ctx: WriteContext, t: TransactionInput, symbol: string, delta: Dec, released: ReadonlyMap<string, Dec>): Dec {
  if (symbol === ctx.cash) return delta;
  if (t.type === TransactionType.buy && symbol === t.symbol) {
    return t.quote_symbol ? released.get(t.quote_symbol) ?? ZERO : ZERO;
  }
  if ((t.type === TransactionType.sell || t.type === TransactionType.trade) && symbol === t.quote_symbol) {
    return unitCostFromRelease(released.get(t.symbol), t);
  }
  if (t.price !== null) return delta.times(dec(t.price));
  const price = ctx.prices.get(symbol);
  return price ? delta.times(price) : ZERO;
}

/** The sold symbol's released cost, without the part its own fee took. */
function unitCostFromRelease(cost: Dec | undefined, t: TransactionInput): Dec {
  if (!cost) return ZERO;
  if (t.fee_symbol !== t.symbol || dec(t.fee).isZero()) return cost;
  const amount = dec(t.amount);
  return cost.times(amount).div(amount.plus(dec(t.fee)));
}

/**
 * Moves `amount` of a symbol between free and locked for an order (positive locks, negative
 * releases); no transaction, since the total does not change. Locking more than is free is 409.
 */
export async function moveLocked(trx: Db, ctx: WriteContext, symbol: string, amount: Dec, orderId: number, timestamp: number): Promise<Balance> {
  await ledgerRepository.lockPortfolio(trx, ctx.portfolioId);
  const h = holdingOf(await ledgerRepository.lastBalance(trx, ctx.portfolioId, symbol));
  if (amount.isPositive() && h.free.lessThan(amount)) {
    throw new ConflictError(`Not enough ${symbol}: the order needs ${fmt(amount, symbol)} but only ${fmt(h.free, symbol)} is free`);
  }
  const release = Dec.min(amount.neg(), h.locked);
  const move = amount.isPositive() ? amount : release.neg();
  h.free = h.free.minus(move);
  h.locked = h.locked.plus(move);
  return ledgerRepository.insertBalance(trx, snapshot(ctx, symbol, h, timestamp, { transaction_id: null, order_id: orderId }));
}
