import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { Holding } from '../../../contract/portfolio/ledger';
import { changeFromCost, orderViolations, verdictOf, violationsNow, type OrderView } from '../../../server/domain/portfolios/rules/evaluate';
import type { StoredRules } from '../../../server/store/repositories/rulesets';

/** A holding valued at `price` (null: unpriced), in the portfolio currency. */
function holding(symbol: string, total: string, costBasis: string, price: string | null, value: string | null): Holding {
  return {
    id: 1, portfolio_id: 1, symbol, free: total, locked: '0', total, cost_basis: costBasis, price, value,
    transaction_id: 1, order_id: null, timestamp: 0,
    market_price: price, market_value: value, unrealized_pnl: null, allocation_pct: null, priced_at: 0,
  };
}

const cash = new Set(['USDT']);
// 600 USDT + 0.01 BTC at 40000 (400; cost 350) + 2 ETH at 2000 (4000; cost 5000) = 5000.
const holdings = [
  holding('USDT', '600', '600', '1', '600'),
  holding('BTC', '0.01', '350', '40000', '400'),
  holding('ETH', '2', '5000', '2000', '4000'),
];
const ctx = { holdings, cashSymbols: cash };

const buy = (extra: Partial<OrderView> = {}): OrderView => ({
  symbol: 'BTCUSDT', mainSymbol: 'BTC', quoteSymbol: 'USDT', side: 'buy', amount: '0.01', price: '40000', ...extra,
});

describe('ruleset evaluation', () => {
  it('measures the distance from the average cost in percent', () => {
    // Average 35000; 40000 is 14.2857…% above.
    expect(changeFromCost({ total: '0.01', cost_basis: '350' }, new Decimal('40000'))?.toFixed(4)).toBe('14.2857');
    expect(changeFromCost({ total: '0', cost_basis: '0' }, new Decimal('1'))).toBeNull();
  });

  it('finds no violation without rules, nor when every figure is inside its limit', () => {
    expect(violationsNow({}, ctx, [{ symbol: 'BTCUSDT' }])).toEqual([]);
    const loose: StoredRules = {
      max_position_pct: { value: '80', action: 'refuse' },
      stop_loss_pct: { value: '25', action: 'refuse' },
      take_profit_pct: { value: '50', action: 'flag' },
      max_open_orders: { value: 1, action: 'refuse' },
      allowed_symbols: { value: ['BTCUSDT'], action: 'refuse' },
    };
    expect(violationsNow(loose, ctx, [{ symbol: 'BTCUSDT' }])).toEqual([]);
  });

  it('lists each broken rule now with its limit and actual figure', () => {
    const rules: StoredRules = {
      // ETH is 4000 / 5000 = 80% (cash is money, not a position: 12% is not judged).
      max_position_pct: { value: '50', action: 'refuse' },
      // ETH: average 2500, priced 2000 → 20% below.
      stop_loss_pct: { value: '20', action: 'flag' },
      // BTC: average 35000, priced 40000 → 14.2857% above.
      take_profit_pct: { value: '10', action: 'flag' },
      max_open_orders: { value: 2, action: 'refuse' },
      allowed_symbols: { value: ['BTCUSDT'], action: 'flag' },
    };
    const open = [{ symbol: 'BTCUSDT' }, { symbol: 'XRPUSDT' }, { symbol: 'ETHUSDT' }, { symbol: 'XRPUSDT' }];
    const found = violationsNow(rules, ctx, open).map(({ rule, action, symbol, limit, actual }) => ({ rule, action, symbol, limit, actual }));
    expect(found).toEqual([
      { rule: 'max_position_pct', action: 'refuse', symbol: 'ETH', limit: '50', actual: '80' },
      { rule: 'take_profit_pct', action: 'flag', symbol: 'BTC', limit: '10', actual: '14.2857' },
      { rule: 'stop_loss_pct', action: 'flag', symbol: 'ETH', limit: '20', actual: '20' },
      { rule: 'max_open_orders', action: 'refuse', symbol: null, limit: '2', actual: '4' },
      { rule: 'allowed_symbols', action: 'flag', symbol: 'ETHUSDT', limit: null, actual: null },
      { rule: 'allowed_symbols', action: 'flag', symbol: 'XRPUSDT', limit: null, actual: null },
    ]);
    expect(violationsNow(rules, ctx, open)[0]!.message).toBe('ETH is 80% of the portfolio, above the 50% limit');
  });

  it('leaves unpriced holdings out of the position rules rather than guessing', () => {
    const unpriced = { holdings: [holding('USDT', '100', '100', '1', '100'), holding('FOLD', '5', '50', null, null)], cashSymbols: cash };
    const rules: StoredRules = { max_position_pct: { value: '10', action: 'refuse' }, stop_loss_pct: { value: '1', action: 'refuse' } };
    expect(violationsNow(rules, unpriced, [])).toEqual([]);
  });

  it('judges a buy by the position it would leave, valued at the fill price', () => {
    const rules: StoredRules = { max_position_pct: { value: '20', action: 'refuse' } };
    // Total stays 5000; BTC after = 0.02 × 40000 = 800 → 16%.
    expect(orderViolations(rules, ctx, 0, buy())).toEqual([]);
    // 0.02 more → 0.03 × 40000 = 1200 → 24%.
    const [v] = orderViolations(rules, ctx, 0, buy({ amount: '0.02' }));
    expect(v).toMatchObject({ rule: 'max_position_pct', symbol: 'BTC', limit: '20', actual: '24' });
    // At a fill price of 50000 the held BTC is repriced too: total 5000 - 400 + 500 = 5100,
    // BTC after 0.02 × 50000 = 1000 → 19.6078…%.
    expect(orderViolations(rules, ctx, 0, buy({ price: '50000' }))).toEqual([]);
    // Sells never break the position rules.
    expect(orderViolations(rules, ctx, 0, buy({ side: 'sell', amount: '5' }))).toEqual([]);
  });

  it('converts a price in another quote through that quote’s own price', () => {
    // ETHBTC at 0.05 BTC, BTC priced 40000 → 2000 per ETH; 0.5 more ETH → 2.5 × 2000 = 5000 of 5000.
    const rules: StoredRules = { max_position_pct: { value: '99', action: 'flag' } };
    const [v] = orderViolations(rules, ctx, 0, buy({ symbol: 'ETHBTC', mainSymbol: 'ETH', quoteSymbol: 'BTC', amount: '0.5', price: '0.05' }));
    expect(v).toMatchObject({ rule: 'max_position_pct', actual: '100', action: 'flag' });
  });

  it('counts the new order towards max open orders, for buys and sells', () => {
    const rules: StoredRules = { max_open_orders: { value: 3, action: 'refuse' } };
    expect(orderViolations(rules, ctx, 2, buy())).toEqual([]);
    expect(orderViolations(rules, ctx, 3, buy({ side: 'sell' }))[0]).toMatchObject({ rule: 'max_open_orders', limit: '3', actual: '4' });
  });

  it('refuses buys outside the allowed symbols and of a holding past its stop loss or take profit', () => {
    const rules: StoredRules = {
      allowed_symbols: { value: ['BTCUSDT', 'ETHUSDT'], action: 'refuse' },
      stop_loss_pct: { value: '15', action: 'refuse' },
      take_profit_pct: { value: '15', action: 'flag' },
    };
    expect(orderViolations(rules, ctx, 0, buy({ symbol: 'XRPUSDT', mainSymbol: 'XRP' })).map((v) => v.rule)).toEqual(['allowed_symbols']);
    // ETH is 20% below cost: no more ETH buys; selling it is fine.
    expect(orderViolations(rules, ctx, 0, buy({ symbol: 'ETHUSDT', mainSymbol: 'ETH', price: '2000' })).map((v) => v.rule)).toEqual(['stop_loss_pct']);
    expect(orderViolations(rules, ctx, 0, buy({ symbol: 'ETHUSDT', mainSymbol: 'ETH', side: 'sell' }))).toEqual([]);
    // BTC is 14.29% above cost: below the 15% take profit.
    expect(orderViolations(rules, ctx, 0, buy())).toEqual([]);
  });

  it('turns violations into a verdict: the first refusal, and each flag once', () => {
    const rules: StoredRules = {
      max_open_orders: { value: 1, action: 'flag' },
      allowed_symbols: { value: ['ETHUSDT'], action: 'refuse' },
      max_position_pct: { value: '5', action: 'flag' },
    };
    expect(verdictOf(orderViolations(rules, ctx, 5, buy()))).toEqual({
      refuse: 'BTCUSDT is not among the allowed symbols',
      flags: ['max_open_orders', 'max_position_pct'],
    });
    expect(verdictOf([])).toEqual({ refuse: null, flags: [] });
  });
});
