import { OrderStatus } from '../../../contract/codes';
import type { PortfolioSummary } from '../../../contract/portfolio/portfolios';

/**
 * The at-a-glance figures of a portfolio. Until the ledger lands (issue 6) a portfolio holds no
 * balances, so its value, cost and PnL are exactly zero and only the order counts vary; the
 * ledger replaces the zero figures with the valued last balances. `day_change_pct` is null:
 * a change against a value of zero is not a percentage.
 */
export function summaryFromOrders(statusCounts: ReadonlyMap<number, number>, now: number): PortfolioSummary {
  return {
    total_value: '0',
    cost_basis: '0',
    unrealized_pnl: '0',
    day_change_value: '0',
    day_change_pct: null,
    holdings_count: 0,
    open_orders_count: statusCounts.get(OrderStatus.open) ?? 0,
    pending_orders_count: statusCounts.get(OrderStatus.pendingConfirmation) ?? 0,
    violations_count: 0,
    valued_at: now,
  };
}
