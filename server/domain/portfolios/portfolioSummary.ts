import { OrderStatus } from '../../../contract/codes';
import type { PortfolioSummary } from '../../../contract/portfolio/portfolios';

/** The figures the ledger values from the last balances (see ledger/balancesService summaryFigures). */
export type LedgerFigures = Pick<
  PortfolioSummary,
  'total_value' | 'cost_basis' | 'unrealized_pnl' | 'day_change_value' | 'day_change_pct' | 'holdings_count'
>;

/** A portfolio that never held anything: every figure exactly zero; a change against zero is no percentage. */
const EMPTY: LedgerFigures = {
  total_value: '0',
  cost_basis: '0',
  unrealized_pnl: '0',
  day_change_value: '0',
  day_change_pct: null,
  holdings_count: 0,
};

/**
 * The at-a-glance figures of a portfolio: the ledger's value, cost, PnL and day change (zeros
 * when it has none to give), the order counts and how many of its rules are broken now.
 */
export function summaryFromOrders(statusCounts: ReadonlyMap<number, number>, now: number, figures: LedgerFigures = EMPTY, violations = 0): PortfolioSummary {
  return {
    ...figures,
    open_orders_count: statusCounts.get(OrderStatus.open) ?? 0,
    pending_orders_count: statusCounts.get(OrderStatus.pendingConfirmation) ?? 0,
    violations_count: violations,
    valued_at: now,
  };
}
