import type { Kysely } from 'kysely';
import type { RuleViolation } from '../../../../contract/portfolio/rules';
import { rulesetsRepository, type StoredRules } from '../../../store/repositories/rulesets';
import type { Database } from '../../../store/schema';
import { orderViolations, verdictOf } from './evaluate';
import { marketSymbols, openOrders, rulesContext } from './rulesContext';

/** An order about to be placed or filled, as the ruleset sees it. */
export interface OrderUnderCheck {
  portfolioId: number;
  market: string;
  symbol: string;
  side: 'buy' | 'sell';
  /** Decimal strings. */
  amount: string;
  price: string;
  /**
   * The order's id when it is already stored (a fill or a confirmation of an existing order): it
   * is then not counted twice among the open orders. Omitted for an order not yet written.
   */
  orderId?: number;
}

export interface RuleVerdict {
  /** A rule whose action is `refuse` is broken: the order is rejected with this reason. */
  refuse: string | null;
  /** Rules broken whose action is `flag`: the order goes ahead, flagged (rule names, for `rule_flags`). */
  flags: string[];
  /** Every rule the order breaks, with limit and actual figures (for the owner's notification). */
  violations: RuleViolation[];
}

/**
 * Checks an order against the portfolio's ruleset (max position %, stop loss / take profit,
 * max open orders, allowed symbols). The ledger calls it before placing or filling an order,
 * inside its transaction (pass the transaction as `db`), so the holdings and open orders read
 * are the ones the order will change.
 */
export async function checkOrderAgainstRules(db: Kysely<Database>, order: OrderUnderCheck): Promise<RuleVerdict> {
  const row = await rulesetsRepository.find(db, order.portfolioId);
  if (!row) return { refuse: null, flags: [], violations: [] };
  const rules = JSON.parse(row.rules) as StoredRules;

  const symbols = await marketSymbols(db, order.market);
  const pair = symbols.get(order.symbol);
  const ctx = await rulesContext(db, order.portfolioId, symbols);
  const open = await openOrders(db, order.portfolioId, order.orderId);
  const violations = orderViolations(rules, ctx, open.length, {
    symbol: order.symbol,
    // A symbol the market does not list (should not happen: orders are checked first) is its own side.
    mainSymbol: pair?.main_symbol ?? order.symbol,
    quoteSymbol: pair?.quote_symbol ?? '',
    side: order.side,
    amount: order.amount,
    price: order.price,
  });
  return { ...verdictOf(violations), violations };
}
