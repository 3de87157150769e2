import type { Holding } from '../../../../contract/portfolio/ledger';
import type { BalanceRow } from '../../../store/tables/ledgerTables';
import { toBalance } from '../../../store/repositories/ledger';
import { COST_PLACES, Dec, ZERO, dec, rounded, str } from './money';

export interface PriceAt {
  price: Dec;
  timestamp: number;
}

export interface Valued {
  holdings: Holding[];
  /** Null while some non-zero holding has no price. */
  totalValue: Dec | null;
  totalCost: Dec;
}

/**
 * Values last balances at the given prices (an asset without one keeps its market fields null),
 * with unrealized PnL against the average cost and each holding's share of the total.
 */
export function valueHoldings(rows: readonly BalanceRow[], priceOf: (symbol: string) => PriceAt | null): Valued {
  let totalValue: Dec | null = ZERO;
  let totalCost = ZERO;
  const partial = rows.map((row) => {
    const total = dec(row.total);
    const price = total.isZero() ? null : priceOf(row.symbol);
    const value = price ? total.times(price.price) : null;
    if (!total.isZero()) totalValue = value && totalValue ? totalValue.plus(value) : null;
    totalCost = totalCost.plus(dec(row.cost_basis));
    return { row, price, value };
  });
  const sum: Dec | null = totalValue;
  const holdings = partial.map(({ row, price, value }): Holding => ({
    ...toBalance(row),
    market_price: price ? str(price.price) : null,
    market_value: value ? rounded(value, COST_PLACES) : null,
    unrealized_pnl: value ? rounded(value.minus(dec(row.cost_basis)), COST_PLACES) : null,
    allocation_pct: value && sum && !sum.isZero() ? rounded(value.div(sum).times(100), 4) : null,
    priced_at: price ? price.timestamp : null,
  }));
  return { holdings, totalValue: sum, totalCost };
}
