import { z } from 'zod';

/**
 * The strategy body of DOMAIN.md: a JSON document the server interprets, never code it runs.
 *
 * Zod checks the shape; one `superRefine` then checks meaning (references, arities, names) so each
 * error points at the bad part, e.g. `rules[2].when[1]: unknown indicator "emaa"`, which the
 * strategy editor shows beside the field as you type.
 */

/** Candle fields usable in a rule without declaring them, and as an indicator's `source`. */
export const PRICE_FIELDS = ['close', 'open', 'high', 'low', 'volume'] as const;
export const PriceField = z.enum(PRICE_FIELDS);
export type PriceField = z.infer<typeof PriceField>;

/** What a moving average, RSI, MACD or Bollinger band is computed on; hl2 = (h+l)/2, hlc3, ohlc4 alike. */
export const PriceSource = z.enum([...PRICE_FIELDS, 'hl2', 'hlc3', 'ohlc4']);
export type PriceSource = z.infer<typeof PriceSource>;

/** Bounds keep warm-up history and memory per symbol small enough for live scoring of 1,000 symbols. */
export const MAX_PERIOD = 1000;
export const MAX_INDICATORS = 32;
export const MAX_RULES = 50;
/** Levels of `and`/`or`/`not` around a comparison. A fixed depth (not z.lazy) so a hostile, deeply nested body fails with a 422, never a stack overflow. */
export const MAX_EXPRESSION_DEPTH = 6;
/** Operands of one `and` / `or`. */
export const MAX_LOGIC_OPERANDS = 16;

const period = (fallback: number, min = 1) => z.number().int().min(min).max(MAX_PERIOD).default(fallback);
const source = PriceSource.default('close');

const Sma = z.strictObject({ type: z.literal('sma'), period: period(20), source });
const Ema = z.strictObject({ type: z.literal('ema'), period: period(20), source });
const Wma = z.strictObject({ type: z.literal('wma'), period: period(20), source });
const Rsi = z.strictObject({ type: z.literal('rsi'), period: period(14, 2), source });
const Macd = z
  .strictObject({
    type: z.literal('macd'),
    fast: period(12),
    slow: period(26, 2),
    signal: period(9),
    source,
  })
  .refine((m) => m.fast < m.slow, { path: ['slow'], message: 'slow must be longer than fast' });
const Bollinger = z.strictObject({
  type: z.literal('bollinger'),
  period: period(20, 2),
  /** Band width in standard deviations. */
  stddev: z.number().min(0.1).max(10).default(2),
  source,
});
const Atr = z.strictObject({ type: z.literal('atr'), period: period(14) });
/** Slow stochastic: %K over `k_period`, smoothed over `k_smoothing`; %D is the SMA of %K over `d_period`. */
const Stoch = z.strictObject({
  type: z.literal('stoch'),
  k_period: period(14),
  k_smoothing: z.number().int().min(1).max(100).default(3),
  d_period: z.number().int().min(1).max(100).default(3),
});
const Adx = z.strictObject({ type: z.literal('adx'), period: period(14, 2) });
const Obv = z.strictObject({ type: z.literal('obv') });
/** Without `period` the VWAP restarts at each day of the market's time zone; with it, a rolling window of candles. */
const Vwap = z.strictObject({ type: z.literal('vwap'), period: z.number().int().min(1).max(MAX_PERIOD).optional() });
/** A price field under a name of your own, e.g. `"price": { "type": "close" }`. */
const PriceAlias = z.strictObject({ type: PriceField });

export const IndicatorSpec = z.discriminatedUnion('type', [
  Sma,
  Ema,
  Wma,
  Rsi,
  Macd,
  Bollinger,
  Atr,
  Stoch,
  Adx,
  Obv,
  Vwap,
  PriceAlias,
]);
export type IndicatorSpec = z.infer<typeof IndicatorSpec>;
export type IndicatorType = IndicatorSpec['type'];

/**
 * The values an indicator yields. A rule names one as `name.output`; a bare `name` means the first
 * (macd → line, bollinger → middle, stoch → k, adx → adx), as charting tools show them.
 */
export const INDICATOR_OUTPUTS = {
  macd: ['line', 'signal', 'histogram'],
  bollinger: ['middle', 'upper', 'lower'],
  stoch: ['k', 'd'],
  adx: ['adx', 'plus_di', 'minus_di'],
} as const satisfies Partial<Record<IndicatorType, readonly string[]>>;

export const COMPARISON_OPERATORS = ['gt', 'lt', 'gte', 'lte', 'cross_above', 'cross_below'] as const;
export const LOGIC_OPERATORS = ['and', 'or', 'not'] as const;
export const Operator = z.enum([...COMPARISON_OPERATORS, ...LOGIC_OPERATORS]);
export type Operator = z.infer<typeof Operator>;

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,31}$/;
const REFERENCE = /^[A-Za-z_][A-Za-z0-9_]{0,31}(\.[a-z_]{1,16})?$/;

/** An indicator (`fast`), one of its outputs (`macd.signal`) or a price field (`close`). */
export const IndicatorRef = z
  .string()
  .max(49)
  .regex(REFERENCE, 'must be an indicator name such as "fast", "macd.signal" or "close"');
/** Thresholds; IRR prices run to 1e13, hence the wide bound. */
const Constant = z.number().min(-1e15).max(1e15);
const operandError = 'must be an indicator name, a number or a nested expression';
export const Operand = z.union([Constant, IndicatorRef], { error: operandError });

/**
 * `[operator, ...operands]`: `["gt", "rsi", 70]`, `["cross_above", "fast", "slow"]`,
 * `["and", ["gt", "rsi", 50], ["not", ["lt", "close", "bb.lower"]]]`. Built level by level up to
 * MAX_EXPRESSION_DEPTH; arity and references are checked by StrategyBody.
 */
type Expr = [Operator, ...(number | string | Expr)[]];
const buildExpression = (): z.ZodType<Expr> => {
  let level: z.ZodType<Expr> = z.tuple(
    [Operator],
    z.union([Constant, IndicatorRef], {
      error: `must be an indicator name or a number (expressions nest at most ${MAX_EXPRESSION_DEPTH} levels deep)`,
    }),
  ) as z.ZodType<Expr>;
  for (let depth = 1; depth < MAX_EXPRESSION_DEPTH; depth++) {
    level = z.tuple([Operator], z.union([Constant, IndicatorRef, level], { error: operandError })) as z.ZodType<Expr>;
  }
  return level;
};
export const Expression = buildExpression().meta({
  description:
    'A comparison [op, a, b] with op gt|lt|gte|lte|cross_above|cross_below and a, b indicator references or numbers; ' +
    'or [and|or, expr, expr, …] / [not, expr].',
  examples: [['cross_above', 'fast', 'slow'], ['and', ['lt', 'rsi', 30], ['gt', 'close', 'bb.lower']]],
});
export type Expression = Expr;

/** Rule names double as a score's `score_type`, beside `total`. */
export const RuleName = z.string().regex(NAME, 'must be a name of letters, digits and _, starting with a letter or _');

export const Rule = z.strictObject({
  name: RuleName,
  when: Expression,
  /** Added to the total while `when` holds. */
  score: z.number().int().min(-100).max(100),
});
export type Rule = z.infer<typeof Rule>;

const Level = z.number().int().min(-100).max(100);

type Path = (string | number)[];
/** The part of zod's refinement context the checks use. */
type Ctx = { addIssue(issue: { code: 'custom'; path: Path; message: string }): void };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Resolves a reference against the declared indicators; returns an error message or null. */
const checkReference = (ref: string, indicators: Record<string, unknown>): string | null => {
  const [name = '', output] = ref.split('.');
  if ((PRICE_FIELDS as readonly string[]).includes(name)) {
    return output === undefined ? null : `price field "${name}" has no output "${output}"`;
  }
  const spec = indicators[name];
  if (!isRecord(spec)) return `unknown indicator "${name}"`;
  if (output === undefined) return null;
  const type = String(spec.type);
  const outputs: readonly string[] | undefined = INDICATOR_OUTPUTS[type as keyof typeof INDICATOR_OUTPUTS];
  if (!outputs) return `indicator "${name}" (${type}) has a single value; write "${name}"`;
  return outputs.includes(output) ? null : `unknown output "${output}" of indicator "${name}"; ${type} has ${outputs.join(', ')}`;
};

const checkExpression = (
  expr: unknown,
  path: Path,
  depth: number,
  indicators: Record<string, unknown>,
  ctx: Ctx,
): void => {
  if (!Array.isArray(expr)) return; // not an array: zod's error
  const issue = (message: string, at: Path = path) => ctx.addIssue({ code: 'custom', path: at, message });
  if (depth > MAX_EXPRESSION_DEPTH) return issue(`expressions nest at most ${MAX_EXPRESSION_DEPTH} levels deep`);
  const [op, ...args] = expr as unknown[];

  if ((COMPARISON_OPERATORS as readonly unknown[]).includes(op)) {
    if (args.length !== 2) return issue(`${op} takes 2 operands, got ${args.length}`);
    args.forEach((arg, i) => {
      const at = [...path, i + 1];
      if (Array.isArray(arg)) issue(`${op} compares values; an expression cannot be its operand`, at);
      else if (typeof arg === 'string' && REFERENCE.test(arg)) {
        const error = checkReference(arg, indicators);
        if (error) issue(error, at);
      }
    });
    if (args.every((arg) => typeof arg === 'number')) issue(`${op} compares two numbers; one side must be an indicator`);
    return;
  }
  if (op === 'not') {
    if (args.length !== 1) return issue(`not takes 1 expression, got ${args.length}`);
  } else if (op === 'and' || op === 'or') {
    if (args.length < 2 || args.length > MAX_LOGIC_OPERANDS) {
      return issue(`${op} takes 2 to ${MAX_LOGIC_OPERANDS} expressions, got ${args.length}`);
    }
  } else return; // unknown operator: zod's enum error
  args.forEach((arg, i) => {
    const at = [...path, i + 1];
    if (Array.isArray(arg)) checkExpression(arg, at, depth + 1, indicators, ctx);
    else {
      const value = JSON.stringify(arg) ?? String(arg);
      issue(`${op} combines expressions; ${value} is a value, compare it, e.g. ["gt", ${value}, 0]`, at);
    }
  });
};

/** Meaning checks. They run even when the shape has errors (`when` below) so one 422 lists every error. */
const checkBody = (input: unknown, ctx: Ctx): void => {
  if (!isRecord(input)) return;
  const indicators = isRecord(input.indicators) ? input.indicators : {};
  const names = Object.keys(indicators);
  if (names.length > MAX_INDICATORS) {
    ctx.addIssue({ code: 'custom', path: ['indicators'], message: `at most ${MAX_INDICATORS} indicators` });
  }
  for (const name of names) {
    const at = ['indicators', name];
    if (!NAME.test(name)) {
      ctx.addIssue({
        code: 'custom',
        path: at,
        message: `indicator name "${name}" must be letters, digits and _ (at most 32), starting with a letter or _`,
      });
    } else if ((PRICE_FIELDS as readonly string[]).includes(name)) {
      ctx.addIssue({ code: 'custom', path: at, message: `"${name}" is a price field; choose another name` });
    }
  }
  const rules = Array.isArray(input.rules) ? input.rules.slice(0, MAX_RULES) : [];
  const seen = new Set<unknown>();
  rules.forEach((rule: unknown, i) => {
    if (!isRecord(rule)) return;
    if (rule.name === 'total') {
      ctx.addIssue({ code: 'custom', path: ['rules', i, 'name'], message: '"total" is reserved for the summed score' });
    } else if (typeof rule.name === 'string' && seen.has(rule.name)) {
      ctx.addIssue({ code: 'custom', path: ['rules', i, 'name'], message: `rule name "${rule.name}" is used twice` });
    }
    seen.add(rule.name);
    checkExpression(rule.when, ['rules', i, 'when'], 1, indicators, ctx);
  });
  if (typeof input.entry === 'number' && typeof input.exit === 'number' && input.exit >= input.entry) {
    ctx.addIssue({ code: 'custom', path: ['exit'], message: 'exit must be below entry' });
  }
};

export const StrategyBody = z
  .strictObject({
    version: z.literal(1),
    /** Named indicators; names are what the rules refer to. */
    indicators: z.record(z.string().max(64), IndicatorSpec).default({}),
    rules: z.array(Rule).min(1).max(MAX_RULES),
    /** A buy signal when the score rises to this level. */
    entry: Level,
    /** A sell signal when the score falls to this level. */
    exit: Level,
  })
  .superRefine((body, ctx) => checkBody(body, ctx), { when: (payload) => isRecord(payload.value) });
/** A validated body, defaults filled in; this is what is stored and returned. */
export type StrategyBody = z.infer<typeof StrategyBody>;
/** What a client may send (defaults optional). */
export type StrategyBodyInput = z.input<typeof StrategyBody>;
