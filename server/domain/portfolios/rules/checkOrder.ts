import type { Kysely } from 'kysely';
import type { Database } from '../../../store/schema';

/** An order about to be placed or filled, as the ruleset sees it. */
export interface OrderUnderCheck {
  portfolioId: number;
  market: string;
  symbol: string;
  side: 'buy' | 'sell';
  /** Decimal strings. */
  amount: string;
  price: string;
}

export interface RuleVerdict {
  /** A rule whose action is `refuse` is broken: the order is rejected with this reason. */
  refuse: string | null;
  /** Rules broken whose action is `flag`: the order goes ahead, flagged. */
  flags: string[];
}

/**
 * Checks an order against the portfolio's ruleset (max position %, max open orders, allowed
 * symbols…). The ledger calls it before placing or filling an order, inside its transaction.
 * Placeholder until the rulesets land: nothing is broken.
 */
export async function checkOrderAgainstRules(_db: Kysely<Database>, _order: OrderUnderCheck): Promise<RuleVerdict> {
  return { refuse: null, flags: [] };
}
