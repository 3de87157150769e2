import { z } from 'zod';
import { BrokerId, Decimal, EpochMs, Id, IsoDateTime, LongText, Name, QueryBool, SkipLimitQuery } from '../common';
import { AccountType, AccountTypeCode, CurrencyCode, MarketName, PortfolioStatusCode } from '../codes';

export const Portfolio = z.object({
  id: Id,
  owner_id: Id,
  name: z.string(),
  description: z.string().nullable(),
  market: MarketName,
  /** Currency that values, costs and PnL are reported in; 100 = the market's own currency. */
  currency: CurrencyCode,
  status: PortfolioStatusCode,
  account_type: AccountTypeCode,
  /** Set for live portfolios only. */
  broker_id: BrokerId.nullable(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});
export type Portfolio = z.infer<typeof Portfolio>;

/**
 * The at-a-glance figures of the portfolio list and dashboard, from the last balances valued at the
 * latest price. Values are null while no price is known for some holding, rather than a wrong sum.
 */
export const PortfolioSummary = z.object({
  total_value: Decimal.nullable(),
  cost_basis: Decimal,
  unrealized_pnl: Decimal.nullable(),
  /** Change against the value 24 hours earlier, net of deposits and withdrawals since. */
  day_change_value: Decimal.nullable(),
  day_change_pct: Decimal.nullable(),
  holdings_count: z.number().int().nonnegative(),
  open_orders_count: z.number().int().nonnegative(),
  /** Orders from signals waiting for the owner's yes or no. */
  pending_orders_count: z.number().int().nonnegative(),
  /** Current ruleset violations (see `get_ruleset_status`). */
  violations_count: z.number().int().nonnegative(),
  valued_at: EpochMs,
});
export type PortfolioSummary = z.infer<typeof PortfolioSummary>;

/** `summary` is null when the caller did not ask for it (`with_summary=false`). */
export const PortfolioDetail = Portfolio.extend({ summary: PortfolioSummary.nullable() });
export type PortfolioDetail = z.infer<typeof PortfolioDetail>;

export const PortfolioList = z.object({
  data: z.array(PortfolioDetail),
  count: z.number().int().nonnegative(),
});
export type PortfolioList = z.infer<typeof PortfolioList>;

const WithSummary = QueryBool.default(true);

/** Filters of the portfolio list; an omitted filter matches everything, archived included. */
export const PortfolioListQuery = SkipLimitQuery.extend({
  market: MarketName.optional(),
  status: z.coerce.number().pipe(PortfolioStatusCode).optional(),
  account_type: z.coerce.number().pipe(AccountTypeCode).optional(),
  with_summary: WithSummary,
});

export const PortfolioGetQuery = z.object({ with_summary: WithSummary });

const requiresBroker = (p: { account_type?: number; broker_id?: string | null }) =>
  p.account_type !== AccountType.live || (p.broker_id !== undefined && p.broker_id !== null);

export const PortfolioCreate = z
  .strictObject({
    name: Name,
    description: LongText.nullable().optional(),
    market: MarketName,
    /** Omitted: the market's own currency. */
    currency: CurrencyCode.optional(),
    status: PortfolioStatusCode.optional(),
    account_type: AccountTypeCode.default(AccountType.paper),
    broker_id: BrokerId.nullable().optional(),
  })
  .refine(requiresBroker, { message: 'a live portfolio needs a broker_id', path: ['broker_id'] });
export type PortfolioCreate = z.input<typeof PortfolioCreate>;

/**
 * Market, currency and account type are fixed at creation: the ledger's prices, costs and fills
 * are in them, and changing them afterwards would silently rewrite history. Archive (status 30)
 * and create a new portfolio instead.
 */
export const PortfolioUpdate = z
  .strictObject({
    name: Name.optional(),
    description: LongText.nullable().optional(),
    status: PortfolioStatusCode.optional(),
    broker_id: BrokerId.nullable().optional(),
  })
  .refine((p) => Object.keys(p).length > 0, 'give at least one field to change');
export type PortfolioUpdate = z.input<typeof PortfolioUpdate>;
