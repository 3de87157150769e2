import { TransactionType } from '../../../../contract/codes';
import { Dec, ZERO, dec } from './money';

/** The parts of a transaction that move balances. */
export interface TransactionEffectInput {
  type: number;
  symbol: string;
  amount: string;
  quote_symbol: string | null;
  quote_amount: string | null;
  fee: string;
  fee_symbol: string | null;
}

/**
 * How a transaction changes each symbol's total (contract/portfolio/ledger.ts): deposits and
 * dividends add, withdrawals and fees take, a buy adds the symbol and takes the quote, a sell or
 * trade the reverse, and the fee comes off `fee_symbol` on top. Pure, so the writer, the
 * consistency check and the property tests share it.
 */
export function transactionDeltas(t: TransactionEffectInput): Map<string, Dec> {
  const deltas = new Map<string, Dec>();
  const add = (symbol: string, amount: Dec) => deltas.set(symbol, (deltas.get(symbol) ?? ZERO).plus(amount));
  const amount = dec(t.amount);
  const quote = t.quote_amount === null ? ZERO : dec(t.quote_amount);
  switch (t.type) {
    case TransactionType.deposit:
    case TransactionType.dividend:
      add(t.symbol, amount);
      break;
    case TransactionType.withdrawal:
    case TransactionType.fee:
      add(t.symbol, amount.neg());
      break;
    case TransactionType.buy:
      add(t.symbol, amount);
      if (t.quote_symbol) add(t.quote_symbol, quote.neg());
      break;
    default:
      // sell and trade
      add(t.symbol, amount.neg());
      if (t.quote_symbol) add(t.quote_symbol, quote);
  }
  const fee = dec(t.fee);
  if (!fee.isZero()) add(t.fee_symbol ?? t.symbol, fee.neg());
  return deltas;
}

/** Sum of every transaction's effect per symbol: what the last balances must equal. */
export function replayTotals(transactions: readonly TransactionEffectInput[]): Map<string, Dec> {
  const totals = new Map<string, Dec>();
  for (const t of transactions) {
    for (const [symbol, delta] of transactionDeltas(t)) totals.set(symbol, (totals.get(symbol) ?? ZERO).plus(delta));
  }
  return totals;
}
