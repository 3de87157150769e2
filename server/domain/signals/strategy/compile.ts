import type { StrategyBody } from '../../../../contract/signals/strategy-body';
import { planIndicator, type IndicatorPlan } from '../indicators/fromSpec';
import { parseExpression, visitComparisons, type Expression } from './expression';
import { resolveReference } from './references';
import { createScorer, type ScorerPlan } from './scorer';
import type { CompiledStrategy } from './types';

/**
 * Turns a body already parsed by the contract's `StrategyBody` (defaults filled in) into a
 * strategy whose scorers run closures over preallocated state. Only indicators some rule refers
 * to are computed. Throws on a reference the contract would have refused.
 */
export function compileStrategy(body: StrategyBody): CompiledStrategy {
  const declared = new Map<string, IndicatorPlan>();
  for (const [name, spec] of Object.entries(body.indicators)) declared.set(name, planIndicator(spec));

  const used = new Map<string, IndicatorPlan>();
  const resolve = (ref: string) => {
    const reference = resolveReference(ref, body.indicators, declared);
    if (reference.kind === 'indicator') used.set(reference.name, declared.get(reference.name)!);
    return reference;
  };
  const expressions: Expression[] = body.rules.map((rule) => parseExpression(rule.when, resolve));

  let crosses = false;
  for (const expr of expressions) visitComparisons(expr, (c) => void (crosses ||= c.op.startsWith('cross')));
  const plans = [...used.values()];
  const lookback = Math.max(1, ...plans.map((p) => p.lookback));
  const warmup = Math.max(1, ...plans.map((p) => p.lookback + p.settling)) + (crosses ? 1 : 0);

  const plan: ScorerPlan = { indicators: used, expressions, scores: body.rules.map((rule) => rule.score) };
  return {
    ruleNames: body.rules.map((rule) => rule.name),
    entry: body.entry,
    exit: body.exit,
    lookback,
    warmup,
    dailySession: plans.some((p) => p.daily),
    createScorer: (options) => createScorer(plan, options),
  };
}
