import type { TradeRecord } from './simulation';

export interface TradeStats {
  count: number;
  /** Share of trades with a positive net PnL; null without trades. */
  winRate: number | null;
  /** Gross profit over gross loss (both net of fees); null without a losing trade. */
  profitFactor: number | null;
}

export function tradeStats(trades: readonly TradeRecord[]): TradeStats {
  let wins = 0;
  let profit = 0;
  let loss = 0;
  for (const trade of trades) {
    if (trade.pnl > 0) {
      wins++;
      profit += trade.pnl;
    } else loss -= trade.pnl;
  }
  return {
    count: trades.length,
    winRate: trades.length > 0 ? wins / trades.length : null,
    profitFactor: loss > 0 ? profit / loss : null,
  };
}
