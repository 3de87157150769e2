import { z } from 'zod';
import { Decimal, EpochMs, EpochMsParam, Id, IdParam, IsoDateTime, PositiveDecimal, QueryBool, SkipLimitQuery } from '../common';
import { CurrencyCode, SymbolName, Timeframe, TransactionType, TransactionTypeCode } from '../codes';
import { csvList, NonNegativeDecimal, PortfolioIdQuery, SortOrder } from './primitives';

/**
 * The ledger. Every change of a holding's total is a transaction; each transaction writes, in the
 * same database transaction, a balance snapshot for every symbol it touched. So the last balance
 * of a symbol always equals the sum of its transactions.
 *
 * Effect of each type on `symbol` (and on `quote_symbol` where one is given):
 * - 10 deposit, 11 dividend: `symbol` += amount
 * - 20 withdrawal, 21 fee:   `symbol` -= amount
 * - 30 buy:  `symbol` += amount, `quote_symbol` -= quote_amount
 * - 40 sell: `symbol` -= amount, `quote_symbol` += quote_amount
 * - 50 trade (a swap, e.g. one coin for another): `symbol` -= amount, `quote_symbol` += quote_amount
 * and `fee_symbol` -= fee on top.
 */
export const Transaction = z.object({
  id: Id,
  portfolio_id: Id,
  type: TransactionTypeCode,
  symbol: SymbolName,
  /** Always positive; the type says which way it moves. */
  amount: Decimal,
  /** Price per unit of `symbol` in `quote_symbol` (buy, sell, trade) or the cost basis it enters at. */
  price: Decimal.nullable(),
  /** The other side of a buy, sell or trade: the portfolio's cash symbol unless given. */
  quote_symbol: SymbolName.nullable(),
  /** amount × price, stored as settled so rounding is decided once, at write time. */
  quote_amount: Decimal.nullable(),
  fee: Decimal,
  fee_symbol: SymbolName.nullable(),
  /** The order whose fill wrote this transaction; null for manual entries. */
  order_id: Id.nullable(),
  note: z.string().nullable(),
  /** When it happened (may be back-dated by the user for manual entries). */
  timestamp: EpochMs,
  created_at: IsoDateTime,
});
export type Transaction = z.infer<typeof Transaction>;

/** A snapshot of one symbol's holding right after a change. */
export const Balance = z.object({
  id: Id,
  portfolio_id: Id,
  symbol: SymbolName,
  free: Decimal,
  /** Held by open orders; free + locked = total. */
  locked: Decimal,
  total: Decimal,
  /** What the held amount cost, in the portfolio currency (average cost method). */
  cost_basis: Decimal,
  /** Price and value in the portfolio currency at `timestamp`; null when no price was known. */
  price: Decimal.nullable(),
  value: Decimal.nullable(),
  /** The transaction that wrote it, or null when an order only moved funds between free and locked. */
  transaction_id: Id.nullable(),
  order_id: Id.nullable(),
  timestamp: EpochMs,
});
export type Balance = z.infer<typeof Balance>;

/** One ledger row: a transaction and the snapshots it produced (one to three symbols). */
export const LedgerEntry = z.object({ transaction: Transaction, balances: z.array(Balance) });
export type LedgerEntry = z.infer<typeof LedgerEntry>;

/** What a balance change produced; `transaction` is null when only free/locked moved or nothing changed. */
export const BalanceChange = z.object({ transaction: Transaction.nullable(), balances: z.array(Balance) });
export type BalanceChange = z.infer<typeof BalanceChange>;

// ---- read_balance: the ledger, paged -------------------------------------------------------

/**
 * The spec has no separate transactions call: a balance only ever changes through a transaction,
 * so reading a portfolio's balances row by row is reading its ledger (transactions tab, CSV export).
 */
export const LedgerQuery = PortfolioIdQuery.extend(SkipLimitQuery.shape).extend({
  symbol: SymbolName.optional(),
  /** Comma-separated transaction type codes, e.g. `10,20`. */
  type: csvList(z.coerce.number().pipe(TransactionTypeCode), 7).optional(),
  order_id: IdParam.optional(),
  /** Inclusive lower bound, epoch ms. */
  from_timestamp: EpochMsParam.optional(),
  /** Exclusive upper bound, epoch ms. */
  to_timestamp: EpochMsParam.optional(),
  order: SortOrder.default('desc'),
});

export const LedgerPage = z.object({ data: z.array(LedgerEntry), count: z.number().int().nonnegative() });
export type LedgerPage = z.infer<typeof LedgerPage>;

// ---- last balances ------------------------------------------------------------------------

/** A last balance valued at the price in force at the as-of time (the live price for "now"). */
export const Holding = Balance.extend({
  market_price: Decimal.nullable(),
  market_value: Decimal.nullable(),
  unrealized_pnl: Decimal.nullable(),
  /** Share of the portfolio's total value, 0–100. */
  allocation_pct: Decimal.nullable(),
  priced_at: EpochMs.nullable(),
});
export type Holding = z.infer<typeof Holding>;

/** `timestamp` reads the balances as they stood then; omitted means now. */
export const SymbolLastBalanceQuery = PortfolioIdQuery.extend({
  symbol: SymbolName,
  timestamp: EpochMsParam.optional(),
});

/** `holding` is null when the portfolio never held the symbol; that is an answer, not a 404. */
export const SymbolLastBalance = z.object({
  portfolio_id: Id,
  symbol: SymbolName,
  holding: Holding.nullable(),
});
export type SymbolLastBalance = z.infer<typeof SymbolLastBalance>;

/**
 * Dust filters: `minimum_size` compares the total amount, `minimum_value` the market value (a row
 * without a price is kept unless `minimum_size` drops it). Zero balances are left out unless asked.
 */
export const AllLastBalancesQuery = PortfolioIdQuery.extend({
  timestamp: EpochMsParam.optional(),
  minimum_size: NonNegativeDecimal.optional(),
  minimum_value: NonNegativeDecimal.optional(),
  include_zero: QueryBool.default(false),
});

export const AllLastBalances = z.object({
  portfolio_id: Id,
  currency: CurrencyCode,
  /** The as-of time the rows were read and valued at. */
  timestamp: EpochMs,
  data: z.array(Holding),
  /** Sum over all holdings, dust included; null while some holding has no price. */
  total_value: Decimal.nullable(),
  total_cost_basis: Decimal,
});
export type AllLastBalances = z.infer<typeof AllLastBalances>;

// ---- history ------------------------------------------------------------------------------

/**
 * A time series for charts. Without `symbol` it is the whole portfolio's value. At most `limit`
 * buckets; omitted bounds end now and reach back `limit` buckets.
 */
export const BalanceHistoryQuery = PortfolioIdQuery.extend({
  symbol: SymbolName.optional(),
  timeframe: Timeframe.default('1d'),
  from_timestamp: EpochMsParam.optional(),
  to_timestamp: EpochMsParam.optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
});

export const BalanceHistoryPoint = z.object({
  /** Bucket open time. */
  timestamp: EpochMs,
  /** Amount held at the bucket's close; null for the whole-portfolio series. */
  total: Decimal.nullable(),
  value: Decimal.nullable(),
  cost_basis: Decimal,
  /** Deposits minus withdrawals within the bucket, so returns can leave new money out. */
  net_flow: Decimal,
});
export type BalanceHistoryPoint = z.infer<typeof BalanceHistoryPoint>;

export const BalanceHistory = z.object({
  portfolio_id: Id,
  symbol: SymbolName.nullable(),
  currency: CurrencyCode,
  timeframe: Timeframe,
  points: z.array(BalanceHistoryPoint),
});
export type BalanceHistory = z.infer<typeof BalanceHistory>;

// ---- live value ---------------------------------------------------------------------------

/** `amount` omitted: the amount the portfolio holds now. */
export const RealTimeValueQuery = PortfolioIdQuery.extend({
  symbol: SymbolName,
  amount: NonNegativeDecimal.optional(),
});

export const RealTimeValue = z.object({
  portfolio_id: Id,
  symbol: SymbolName,
  amount: Decimal,
  currency: CurrencyCode,
  /** Null when the live feed has no price for the symbol yet. */
  price: Decimal.nullable(),
  value: Decimal.nullable(),
  priced_at: EpochMs.nullable(),
});
export type RealTimeValue = z.infer<typeof RealTimeValue>;

// ---- writes -------------------------------------------------------------------------------

const TRADE_TYPES: readonly number[] = [TransactionType.buy, TransactionType.sell, TransactionType.trade];

/**
 * A manual ledger entry (the transactions tab: deposit, withdrawal, fee, dividend, or a buy/sell
 * made elsewhere). Withdrawing or selling more than is free answers 409 with the free amount.
 */
export const NewTransaction = z
  .strictObject({
    portfolio_id: Id,
    type: TransactionTypeCode,
    symbol: SymbolName,
    amount: PositiveDecimal,
    /** Required for buy, sell and trade; for a deposit, the cost basis it enters at. */
    price: PositiveDecimal.optional(),
    /** Buy and sell default to the portfolio's cash symbol; a trade must name it. */
    quote_symbol: SymbolName.optional(),
    fee: NonNegativeDecimal.default('0'),
    /** Defaults to `quote_symbol` for trades, else `symbol`. */
    fee_symbol: SymbolName.optional(),
    /** Back-dating is allowed; no later than now. Defaults to now. */
    timestamp: EpochMs.optional(),
    note: z.string().trim().max(500).optional(),
  })
  .refine((t) => !TRADE_TYPES.includes(t.type) || t.price !== undefined, {
    message: 'buy, sell and trade need a price',
    path: ['price'],
  })
  .refine((t) => t.type !== TransactionType.trade || t.quote_symbol !== undefined, {
    message: 'a trade needs the quote_symbol it swaps into',
    path: ['quote_symbol'],
  })
  .refine((t) => t.quote_symbol === undefined || t.quote_symbol !== t.symbol, {
    message: 'quote_symbol must differ from symbol',
    path: ['quote_symbol'],
  });
export type NewTransaction = z.input<typeof NewTransaction>;

/**
 * Reconcile a holding to a counted total (e.g. a watch-only portfolio after checking the broker).
 * The balance is never overwritten: the difference is written as a deposit or withdrawal, so the
 * ledger still sums to it. Equal totals write nothing.
 */
export const BalanceUpdate = z.strictObject({
  portfolio_id: Id,
  symbol: SymbolName,
  total: NonNegativeDecimal,
  /** Cost basis per unit of an added amount; omitted: the current average cost. */
  price: PositiveDecimal.optional(),
  timestamp: EpochMs.optional(),
  note: z.string().trim().max(500).optional(),
});
export type BalanceUpdate = z.input<typeof BalanceUpdate>;
