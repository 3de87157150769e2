import {
  COMPARISON_OPERATORS,
  IndicatorSpec,
  INDICATOR_OUTPUTS,
  MAX_EXPRESSION_DEPTH,
  PRICE_FIELDS,
  PriceSource,
  StrategyBody,
} from '../../../contract/signals/strategy-body';
import { issuesByPath, type FieldErrors } from '../signals/fieldErrors';

/**
 * The strategy editor's document. The form and the JSON view edit the same plain object, which
 * may be invalid while the user types: it is checked with the contract's StrategyBody (the
 * server's own schema, so the same paths and sentences) rather than trusted.
 */

export type Operand = string | number | Expr;
export type Expr = [string, ...Operand[]];
export interface RuleDraft {
  name: string;
  when: unknown;
  score: unknown;
}
export interface BodyDraft {
  version: unknown;
  indicators: Record<string, Record<string, unknown>>;
  rules: RuleDraft[];
  entry: unknown;
  exit: unknown;
  [key: string]: unknown;
}

export const INDICATOR_TYPES = ['sma', 'ema', 'wma', 'rsi', 'macd', 'bollinger', 'atr', 'stoch', 'adx', 'obv', 'vwap', ...PRICE_FIELDS] as const;
export const PRICE_SOURCES = PriceSource.options;
export const LOGIC = ['and', 'or', 'not'] as const;
export const COMPARISONS = COMPARISON_OPERATORS;

/** The parameters each indicator type takes, in the order the form shows them. */
export const INDICATOR_PARAMS: Record<string, readonly string[]> = {
  sma: ['period', 'source'],
  ema: ['period', 'source'],
  wma: ['period', 'source'],
  rsi: ['period', 'source'],
  macd: ['fast', 'slow', 'signal', 'source'],
  bollinger: ['period', 'stddev', 'source'],
  atr: ['period'],
  stoch: ['k_period', 'k_smoothing', 'd_period'],
  adx: ['period'],
  obv: [],
  vwap: ['period'],
};

/** A new strategy: the EMA cross of DOMAIN.md, a working start to change. */
export const STARTER_BODY: BodyDraft = {
  version: 1,
  indicators: { fast: { type: 'ema', period: 12, source: 'close' }, slow: { type: 'ema', period: 26, source: 'close' } },
  rules: [
    { name: 'trend_up', when: ['cross_above', 'fast', 'slow'], score: 60 },
    { name: 'trend_down', when: ['cross_below', 'fast', 'slow'], score: -60 },
  ],
  entry: 50,
  exit: -50,
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Any parsed JSON as a draft the form can draw (missing parts empty); the original is what gets validated and saved. */
export function asDraft(value: unknown): BodyDraft | null {
  if (!isRecord(value)) return null;
  const indicators = isRecord(value.indicators)
    ? Object.fromEntries(Object.entries(value.indicators).map(([name, spec]) => [name, isRecord(spec) ? spec : {}]))
    : {};
  const rules = Array.isArray(value.rules)
    ? value.rules.map((rule) => (isRecord(rule) ? { ...rule, name: typeof rule.name === 'string' ? rule.name : '', when: rule.when, score: rule.score } : { name: '', when: null, score: 0 }))
    : [];
  return { ...value, version: value.version, indicators, rules, entry: value.entry, exit: value.exit };
}

/** Errors of a body by path, e.g. `rules[2].when[1]: unknown indicator "emaa"`. */
export function validateBody(body: unknown): FieldErrors {
  const parsed = StrategyBody.safeParse(body);
  return parsed.success ? {} : issuesByPath(parsed.error.issues);
}

/** An indicator of `type` with the schema's defaults filled in. */
export function newIndicator(type: string): Record<string, unknown> {
  const parsed = IndicatorSpec.safeParse({ type });
  return parsed.success ? { ...parsed.data } : { type };
}

/** A name not used yet: `ema`, `ema2`, `ema3`… */
export function freeName(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base) && !(PRICE_FIELDS as readonly string[]).includes(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base}${i}`)) return `${base}${i}`;
}

/** What a rule may compare: price fields, each indicator and each of its outputs. */
export function referenceOptions(indicators: BodyDraft['indicators']): string[] {
  const refs: string[] = [...PRICE_FIELDS];
  for (const [name, spec] of Object.entries(indicators)) {
    refs.push(name);
    const outputs: readonly string[] | undefined = INDICATOR_OUTPUTS[String(spec.type) as keyof typeof INDICATOR_OUTPUTS];
    for (const output of outputs ?? []) refs.push(`${name}.${output}`);
  }
  return refs;
}

/** Renames an indicator keeping its place, and the rules' references to it (`fast`, `fast.x`). */
export function renameIndicator(body: BodyDraft, from: string, to: string): BodyDraft {
  if (from === to) return body;
  const indicators = Object.fromEntries(Object.entries(body.indicators).map(([name, spec]) => [name === from ? to : name, spec]));
  const rename = (operand: unknown): unknown => {
    if (Array.isArray(operand)) return operand.map((part, i) => (i === 0 ? part : rename(part)));
    if (typeof operand === 'string' && (operand === from || operand.startsWith(`${from}.`))) return to + operand.slice(from.length);
    return operand;
  };
  return { ...body, indicators, rules: body.rules.map((rule) => ({ ...rule, when: rename(rule.when) })) };
}

export const isComparison = (op: unknown) => (COMPARISON_OPERATORS as readonly unknown[]).includes(op);
export const isLogic = (op: unknown) => (LOGIC as readonly unknown[]).includes(op);

export const DEFAULT_COMPARISON: Expr = ['gt', 'close', 0];

/** The expression after its operator changes: comparisons keep their operands, logic keeps or wraps its parts. */
export function changeOperator(expr: Expr, op: string): Expr {
  const [current, ...args] = expr;
  if (isComparison(op)) {
    if (isComparison(current)) return [op, ...args];
    const first = args.find((arg) => Array.isArray(arg) && isComparison(arg[0])) as Expr | undefined;
    return first ? [op, ...first.slice(1)] : [op, 'close', 0];
  }
  const parts = isLogic(current) ? (args.filter(Array.isArray) as Expr[]) : [expr];
  if (op === 'not') return ['not', parts[0] ?? DEFAULT_COMPARISON];
  return [op, ...(parts.length >= 2 ? parts : [...parts, DEFAULT_COMPARISON, DEFAULT_COMPARISON].slice(0, 2))];
}

/** A typed operand: a number when it reads as one, else a reference. */
export function parseOperand(text: string): string | number {
  const trimmed = text.trim();
  return trimmed !== '' && /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(trimmed) ? Number(trimmed) : trimmed;
}

export const canNest = (depth: number) => depth < MAX_EXPRESSION_DEPTH;

/** The JSON view's text for a draft. */
export const toText = (body: unknown) => JSON.stringify(body, null, 2);
