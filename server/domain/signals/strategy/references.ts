import { PRICE_FIELDS, type IndicatorSpec, type PriceField } from '../../../../contract/signals/strategy-body';
import type { IndicatorPlan } from '../indicators/fromSpec';

/** Where an operand's value comes from. */
export type Reference = { kind: 'price'; field: PriceField } | { kind: 'indicator'; name: string; output: string };

/**
 * Resolves `close`, `fast`, `macd.signal` against the declared indicators. A bare multi-output name
 * means its first output. The contract's StrategyBody already refuses bad references; this throws
 * for a body that skipped it.
 */
export function resolveReference(
  ref: string,
  indicators: Readonly<Record<string, IndicatorSpec>>,
  plans: ReadonlyMap<string, IndicatorPlan>,
): Reference {
  const [name = '', output] = ref.split('.');
  if ((PRICE_FIELDS as readonly string[]).includes(name) && output === undefined) {
    return { kind: 'price', field: name as PriceField };
  }
  const plan = plans.get(name);
  if (!plan || !Object.hasOwn(indicators, name)) throw new Error(`unknown indicator "${name}"`);
  const chosen = output ?? plan.outputs[0]!;
  if (!plan.outputs.includes(chosen)) throw new Error(`unknown output "${chosen}" of indicator "${name}"`);
  return { kind: 'indicator', name, output: chosen };
}
