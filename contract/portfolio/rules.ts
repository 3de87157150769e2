import { z } from 'zod';
import { Decimal, EpochMs, Id, IsoDateTime, PositiveDecimal, SkipLimitQuery } from '../common';
import { SymbolName } from '../codes';
import { percent, PortfolioIdQuery } from './primitives';

// ---- ruleset ------------------------------------------------------------------------------

/**
 * The risk rules of a portfolio, at most one of each:
 * - `max_position_pct`: one symbol may not exceed this share of the portfolio's value after a fill.
 * - `stop_loss_pct` / `take_profit_pct`: a holding priced this far below / above its average cost.
 * - `max_open_orders`: no more than this many open or pending orders.
 * - `allowed_symbols`: orders only for these symbols.
 */
export const RuleName = z.enum([
  'max_position_pct',
  'stop_loss_pct',
  'take_profit_pct',
  'max_open_orders',
  'allowed_symbols',
]);
export type RuleName = z.infer<typeof RuleName>;

/**
 * What a breach does. `refuse` rejects the order or fill that would break the rule (for stop loss
 * and take profit: further buys of that symbol while the breach stands); `flag` lets it through,
 * marks the order (`rule_flags`) and notifies the owner.
 */
export const RuleAction = z.enum(['refuse', 'flag']);
export type RuleAction = z.infer<typeof RuleAction>;

const rule = <T extends z.ZodType>(value: T) => z.object({ value, action: RuleAction });
const ruleInput = <T extends z.ZodType>(value: T) =>
  z.strictObject({ value, action: RuleAction.default('refuse') }).nullable().optional();

export const Ruleset = z.object({
  portfolio_id: Id,
  max_position_pct: rule(Decimal).nullable(),
  stop_loss_pct: rule(Decimal).nullable(),
  take_profit_pct: rule(Decimal).nullable(),
  max_open_orders: rule(z.number().int()).nullable(),
  allowed_symbols: rule(z.array(SymbolName)).nullable(),
  updated_at: IsoDateTime,
});
export type Ruleset = z.infer<typeof Ruleset>;

/** Replaces the whole ruleset: a rule omitted or null is switched off. */
export const RulesetSet = z
  .strictObject({
    portfolio_id: Id,
    max_position_pct: ruleInput(percent(100)),
    stop_loss_pct: ruleInput(percent(100)),
    /** Gains can exceed 100%, up to 100×. */
    take_profit_pct: ruleInput(percent(10_000)),
    max_open_orders: ruleInput(z.number().int().min(1).max(1000)),
    allowed_symbols: ruleInput(z.array(SymbolName).min(1).max(1000)),
  })
  .refine(
    (r) =>
      [r.max_position_pct, r.stop_loss_pct, r.take_profit_pct, r.max_open_orders, r.allowed_symbols].some(
        (x) => x != null,
      ),
    'give at least one rule; use remove_portfolio_ruleset to clear them all',
  );
export type RulesetSet = z.input<typeof RulesetSet>;

/** One rule broken now. `limit` and `actual` are null for `allowed_symbols`, where `symbol` says it. */
export const RuleViolation = z.object({
  rule: RuleName,
  action: RuleAction,
  symbol: SymbolName.nullable(),
  limit: Decimal.nullable(),
  actual: Decimal.nullable(),
  message: z.string(),
});
export type RuleViolation = z.infer<typeof RuleViolation>;

/** The ruleset (null when none is set) and what breaks it at `checked_at`. */
export const RulesetStatus = z.object({
  portfolio_id: Id,
  ruleset: Ruleset.nullable(),
  violations: z.array(RuleViolation),
  checked_at: EpochMs,
});
export type RulesetStatus = z.infer<typeof RulesetStatus>;

// ---- markers ------------------------------------------------------------------------------

/** A horizontal price line, or a note pinned to a time and/or price on the symbol's chart. */
export const MarkerKind = z.enum(['price_line', 'note']);
export type MarkerKind = z.infer<typeof MarkerKind>;

const Color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as "#1e88e5"');

export const Marker = z.object({
  id: Id,
  portfolio_id: Id,
  symbol: SymbolName,
  kind: MarkerKind,
  price: Decimal.nullable(),
  /** Epoch ms of the candle a note is pinned to. */
  time: EpochMs.nullable(),
  text: z.string().nullable(),
  color: Color.nullable(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});
export type Marker = z.infer<typeof Marker>;

export const MarkerInput = z
  .strictObject({
    /** An existing marker of this symbol to keep and update; omitted: a new marker. */
    id: Id.optional(),
    kind: MarkerKind,
    price: PositiveDecimal.optional(),
    time: EpochMs.optional(),
    text: z.string().trim().max(500).optional(),
    color: Color.optional(),
  })
  .refine((m) => m.kind !== 'price_line' || m.price !== undefined, {
    message: 'a price line needs a price',
    path: ['price'],
  })
  .refine((m) => m.kind !== 'note' || (!!m.text && (m.time !== undefined || m.price !== undefined)), {
    message: 'a note needs text and a time or price to pin it to',
    path: ['text'],
  });
export type MarkerInput = z.input<typeof MarkerInput>;

/**
 * Sets all the markers of one symbol at once, the way the chart holds them: listed markers with an
 * id are updated, without one are created, and the symbol's markers not listed are removed (an
 * empty list clears them).
 */
export const SymbolMarkersSet = z.strictObject({
  portfolio_id: Id,
  symbol: SymbolName,
  markers: z.array(MarkerInput).max(100),
});
export type SymbolMarkersSet = z.input<typeof SymbolMarkersSet>;

export const SymbolMarkers = z.object({ portfolio_id: Id, symbol: SymbolName, markers: z.array(Marker) });
export type SymbolMarkers = z.infer<typeof SymbolMarkers>;

export const MarkersQuery = PortfolioIdQuery.extend(SkipLimitQuery.shape).extend({
  symbol: SymbolName.optional(),
});

export const MarkerPage = z.object({ data: z.array(Marker), count: z.number().int().nonnegative() });
export type MarkerPage = z.infer<typeof MarkerPage>;
