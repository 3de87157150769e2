import { Decimal } from 'decimal.js';
import type { Holding } from '../../../../contract/portfolio/ledger';
import type { RuleAction, RuleName, RuleViolation } from '../../../../contract/portfolio/rules';
import type { StoredRules } from '../../../store/repositories/rulesets';

/**
 * Pure evaluation of a portfolio's ruleset, in exact decimals. Two questions:
 * - `violationsNow`: what breaks the rules right now (get_ruleset_status), from the holdings and
 *   the open or pending orders;
 * - `orderViolations`: what a new order would break (checkOrderAgainstRules).
 * Holdings are valued in the portfolio's currency; cash symbols (the market's quote symbols) are
 * money, not positions, so no position rule applies to them.
 */

export interface RulesContext {
  holdings: readonly Holding[];
  /** The market's quote symbols (USDT, IRR…): the portfolio's money. */
  cashSymbols: ReadonlySet<string>;
}

export interface OpenOrderView {
  symbol: string;
}

export interface OrderView {
  /** The traded pair (`BTCUSDT`) and its two sides (`BTC`, `USDT`). */
  symbol: string;
  mainSymbol: string;
  quoteSymbol: string;
  side: 'buy' | 'sell';
  amount: string;
  /** In the quote symbol. */
  price: string;
}

const HUNDRED = new Decimal(100);

/** Percentages and values as the contract's decimal strings: at most 4 places, never exponent notation. */
export const show = (value: Decimal) => value.toDecimalPlaces(4).toFixed();

function violation(
  rule: RuleName,
  action: RuleAction,
  symbol: string | null,
  limit: Decimal | null,
  actual: Decimal | null,
  message: string,
): RuleViolation {
  return { rule, action, symbol, limit: limit && show(limit), actual: actual && show(actual), message };
}

/** Positions: held symbols that are not cash, with something held. */
function positions(ctx: RulesContext) {
  return ctx.holdings.filter((h) => !ctx.cashSymbols.has(h.symbol) && new Decimal(h.total).gt(0));
}

/** Sum of the priced holdings' values; unpriced ones cannot be counted and are left out. */
function totalValue(holdings: readonly Holding[]): Decimal {
  return holdings.reduce((sum, h) => (h.market_value === null ? sum : sum.plus(h.market_value)), new Decimal(0));
}

/** How far `price` sits from the holding's average cost, in percent (negative: below). Null without a cost. */
export function changeFromCost(holding: Pick<Holding, 'total' | 'cost_basis'>, price: Decimal): Decimal | null {
  const total = new Decimal(holding.total);
  const cost = new Decimal(holding.cost_basis);
  if (total.lte(0) || cost.lte(0)) return null;
  const average = cost.div(total);
  return price.minus(average).div(average).times(HUNDRED);
}

/** Stop loss and take profit of one holding at `price`. */
function costRules(rules: StoredRules, holding: Holding, price: Decimal): RuleViolation[] {
  const change = changeFromCost(holding, price);
  if (change === null) return [];
  const found: RuleViolation[] = [];
  const stop = rules.stop_loss_pct;
  if (stop && change.neg().gte(stop.value)) {
    found.push(
      violation('stop_loss_pct', stop.action, holding.symbol, new Decimal(stop.value), change.neg(),
        `${holding.symbol} is ${show(change.neg())}% below its average cost, past the ${stop.value}% stop loss`),
    );
  }
  const take = rules.take_profit_pct;
  if (take && change.gte(take.value)) {
    found.push(
      violation('take_profit_pct', take.action, holding.symbol, new Decimal(take.value), change,
        `${holding.symbol} is ${show(change)}% above its average cost, past the ${take.value}% take profit`),
    );
  }
  return found;
}

/** Everything that breaks the ruleset now, rule by rule in the contract's order. */
export function violationsNow(rules: StoredRules, ctx: RulesContext, openOrders: readonly OpenOrderView[]): RuleViolation[] {
  const found: RuleViolation[] = [];
  const held = positions(ctx);

  const maxPosition = rules.max_position_pct;
  const total = totalValue(ctx.holdings);
  if (maxPosition && total.gt(0)) {
    for (const h of held) {
      if (h.market_value === null) continue;
      const share = new Decimal(h.market_value).div(total).times(HUNDRED);
      if (share.gt(maxPosition.value)) {
        found.push(
          violation('max_position_pct', maxPosition.action, h.symbol, new Decimal(maxPosition.value), share,
            `${h.symbol} is ${show(share)}% of the portfolio, above the ${maxPosition.value}% limit`),
        );
      }
    }
  }

  for (const h of held) if (h.market_price !== null) found.push(...costRules(rules, h, new Decimal(h.market_price)));

  const maxOpen = rules.max_open_orders;
  if (maxOpen && openOrders.length > maxOpen.value) {
    found.push(
      violation('max_open_orders', maxOpen.action, null, new Decimal(maxOpen.value), new Decimal(openOrders.length),
        `${openOrders.length} open or pending orders, above the limit of ${maxOpen.value}`),
    );
  }

  const allowed = rules.allowed_symbols;
  if (allowed) {
    const list = new Set(allowed.value);
    const outside = [...new Set(openOrders.map((o) => o.symbol))].filter((s) => !list.has(s)).sort();
    for (const symbol of outside) {
      found.push(violation('allowed_symbols', allowed.action, symbol, null, null, `an open order for ${symbol}, which is not among the allowed symbols`));
    }
  }
  return found;
}

/**
 * What a new order would break. Only buys add exposure, so the position, stop-loss, take-profit
 * and allowed-symbols rules judge buys; a sell is never held back by them (it is how a breach is
 * cured). Every order counts towards `max_open_orders`.
 * - `openOrders`: the open or pending orders of the portfolio other than this one.
 */
export function orderViolations(rules: StoredRules, ctx: RulesContext, openOrders: number, order: OrderView): RuleViolation[] {
  const found: RuleViolation[] = [];

  const maxOpen = rules.max_open_orders;
  if (maxOpen && openOrders + 1 > maxOpen.value) {
    found.push(
      violation('max_open_orders', maxOpen.action, order.symbol, new Decimal(maxOpen.value), new Decimal(openOrders + 1),
        `this order would make ${openOrders + 1} open or pending orders, above the limit of ${maxOpen.value}`),
    );
  }
  if (order.side === 'sell') return found;

  const allowed = rules.allowed_symbols;
  if (allowed && !allowed.value.includes(order.symbol)) {
    found.push(violation('allowed_symbols', allowed.action, order.symbol, null, null, `${order.symbol} is not among the allowed symbols`));
  }

  // The fill price in the portfolio's currency: through the quote's own price when it has one
  // (ETHBTC), else the quote is the portfolio's money and counts one for one.
  const quote = ctx.holdings.find((h) => h.symbol === order.quoteSymbol);
  const rate = quote?.market_price != null ? new Decimal(quote.market_price) : new Decimal(1);
  const price = new Decimal(order.price).times(rate);
  const holding = ctx.holdings.find((h) => h.symbol === order.mainSymbol);

  const maxPosition = rules.max_position_pct;
  if (maxPosition) {
    // Buying moves money into the position, so the total stays; the position is valued at the fill price.
    const held = new Decimal(holding?.total ?? 0);
    const heldValueNow = holding?.market_value != null ? new Decimal(holding.market_value) : new Decimal(0);
    const totalAfter = totalValue(ctx.holdings).minus(heldValueNow).plus(held.times(price));
    const positionAfter = held.plus(order.amount).times(price);
    if (totalAfter.gt(0)) {
      const share = positionAfter.div(totalAfter).times(HUNDRED);
      if (share.gt(maxPosition.value)) {
        found.push(
          violation('max_position_pct', maxPosition.action, order.mainSymbol, new Decimal(maxPosition.value), share,
            `buying ${order.amount} ${order.symbol} would make ${order.mainSymbol} ${show(share)}% of the portfolio, above the ${maxPosition.value}% limit`),
        );
      }
    }
  }

  // Stop loss / take profit: no further buys of a holding while it stands past either line.
  if (holding && new Decimal(holding.total).gt(0)) {
    const now = holding.market_price !== null ? new Decimal(holding.market_price) : price;
    found.push(...costRules(rules, holding, now));
  }
  return found;
}

/** The verdict: the first refusing rule's message, and the flagging rules' names (once each). */
export function verdictOf(violations: readonly RuleViolation[]): { refuse: string | null; flags: RuleName[] } {
  const refusing = violations.find((v) => v.action === 'refuse');
  const flags = [...new Set(violations.filter((v) => v.action === 'flag').map((v) => v.rule))];
  return { refuse: refusing ? refusing.message : null, flags };
}
