import type { Operator } from '../../../../contract/signals/strategy-body';
import type { Reference } from './references';

/** A rule's `when`, with references resolved; built once per strategy, turned into closures per scorer. */
export type Operand = { kind: 'constant'; value: number } | Reference;
export type Comparison = { op: 'gt' | 'lt' | 'gte' | 'lte' | 'cross_above' | 'cross_below'; left: Operand; right: Operand };
export type Expression = Comparison | { op: 'and' | 'or'; args: Expression[] } | { op: 'not'; arg: Expression };

type Raw = readonly unknown[];

export function parseExpression(raw: Raw, resolve: (ref: string) => Reference): Expression {
  const [op, ...args] = raw as [Operator, ...unknown[]];
  const operand = (value: unknown): Operand =>
    typeof value === 'number' ? { kind: 'constant', value } : resolve(String(value));
  switch (op) {
    case 'and':
    case 'or':
      return { op, args: args.map((arg) => parseExpression(arg as Raw, resolve)) };
    case 'not':
      return { op, arg: parseExpression(args[0] as Raw, resolve) };
    case 'gt':
    case 'lt':
    case 'gte':
    case 'lte':
    case 'cross_above':
    case 'cross_below':
      return { op, left: operand(args[0]), right: operand(args[1]) };
    default:
      throw new Error(`unknown operator ${JSON.stringify(op)}`);
  }
}

export function visitComparisons(expr: Expression, visit: (c: Comparison) => void): void {
  if ('args' in expr) expr.args.forEach((arg) => visitComparisons(arg, visit));
  else if ('arg' in expr) visitComparisons(expr.arg, visit);
  else visit(expr);
}

export type Condition = () => boolean;

/** What building closures needs from the scorer: where each operand's value lives. */
export interface ConditionEnv {
  /** This candle's values: price fields, indicator outputs, constants. */
  readonly current: Float64Array;
  /** The same slots one candle ago; kept only for the slots `remember` was told about. */
  readonly previous: Float64Array;
  slot(operand: Operand): number;
  /** The scorer must carry this slot's value over to the next candle (a crossing reads it). */
  remember(slot: number): void;
}

/**
 * Closures over the scorer's value arrays. A comparison with NaN (an indicator not warmed up) is
 * false, so a crossing needs two candles of values. A crossing follows TradingView: above means
 * the left side was ≤ the right one candle ago and is > it now (below: ≥ then <); a constant is a
 * flat line.
 */
export function buildCondition(expr: Expression, env: ConditionEnv): Condition {
  switch (expr.op) {
    case 'and': {
      const parts = expr.args.map((arg) => buildCondition(arg, env));
      if (parts.length === 2) {
        const [a, b] = parts as [Condition, Condition];
        return () => a() && b();
      }
      return () => {
        for (let i = 0; i < parts.length; i++) if (!parts[i]!()) return false;
        return true;
      };
    }
    case 'or': {
      const parts = expr.args.map((arg) => buildCondition(arg, env));
      if (parts.length === 2) {
        const [a, b] = parts as [Condition, Condition];
        return () => a() || b();
      }
      return () => {
        for (let i = 0; i < parts.length; i++) if (parts[i]!()) return true;
        return false;
      };
    }
    case 'not': {
      const inner = buildCondition(expr.arg, env);
      return () => !inner();
    }
    default:
      return buildComparison(expr, env);
  }
}

function buildComparison({ op, left, right }: Comparison, env: ConditionEnv): Condition {
  const v = env.current;
  const a = env.slot(left);
  if (op === 'cross_above' || op === 'cross_below') {
    const b = env.slot(right);
    const p = env.previous;
    env.remember(a);
    env.remember(b);
    return op === 'cross_above' ? () => v[a]! > v[b]! && p[a]! <= p[b]! : () => v[a]! < v[b]! && p[a]! >= p[b]!;
  }
  // A constant on the right is the usual case (rsi < 30): compare against it directly.
  if (right.kind === 'constant') {
    const k = right.value;
    if (op === 'gt') return () => v[a]! > k;
    if (op === 'lt') return () => v[a]! < k;
    if (op === 'gte') return () => v[a]! >= k;
    return () => v[a]! <= k;
  }
  const b = env.slot(right);
  if (op === 'gt') return () => v[a]! > v[b]!;
  if (op === 'lt') return () => v[a]! < v[b]!;
  if (op === 'gte') return () => v[a]! >= v[b]!;
  return () => v[a]! <= v[b]!;
}
