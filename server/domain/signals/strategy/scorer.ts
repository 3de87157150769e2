import { PRICE_FIELDS } from '../../../../contract/signals/strategy-body';
import type { IndicatorNode, IndicatorPlan } from '../indicators/fromSpec';
import { buildCondition, visitComparisons, type Condition, type Expression, type Operand } from './expression';
import type { Candle, Scorer, ScorerOptions } from './types';

/** The part of a compiled strategy a scorer is built from. */
export interface ScorerPlan {
  readonly indicators: ReadonlyMap<string, IndicatorPlan>;
  readonly expressions: readonly Expression[];
  readonly scores: readonly number[];
}

/** Slots 0…4 of the value array hold the candle's fields in PRICE_FIELDS order. */
const CLOSE = PRICE_FIELDS.indexOf('close');
const OPEN = PRICE_FIELDS.indexOf('open');
const HIGH = PRICE_FIELDS.indexOf('high');
const LOW = PRICE_FIELDS.indexOf('low');
const VOLUME = PRICE_FIELDS.indexOf('volume');

/**
 * Per candle: write the candle's fields, let every indicator write its outputs next to them, run
 * each rule's closure over those numbers, then carry the slots crossings read over to `previous`.
 * Nothing is allocated and no JSON is looked at.
 */
class StrategyScorer implements Scorer {
  ready = false;
  private readonly ruleScores: Float64Array;

  constructor(
    private readonly current: Float64Array,
    private readonly previous: Float64Array,
    private readonly carried: Int32Array,
    private readonly updaters: readonly ((candle: Candle) => void)[],
    private readonly readiness: readonly (() => boolean)[],
    private readonly conditions: readonly Condition[],
    private readonly scores: Float64Array,
  ) {
    this.ruleScores = new Float64Array(conditions.length);
  }

  update(candle: Candle): number {
    const v = this.current;
    v[CLOSE] = candle.close;
    v[OPEN] = candle.open;
    v[HIGH] = candle.high;
    v[LOW] = candle.low;
    v[VOLUME] = candle.volume;
    const updaters = this.updaters;
    for (let i = 0; i < updaters.length; i++) updaters[i]!(candle);
    if (!this.ready && !(this.ready = this.allReady())) {
      this.carry();
      return 0;
    }
    const conditions = this.conditions;
    const scores = this.scores;
    const ruleScores = this.ruleScores;
    let total = 0;
    for (let i = 0; i < conditions.length; i++) {
      const score = conditions[i]!() ? scores[i]! : 0;
      ruleScores[i] = score;
      total += score;
    }
    this.carry();
    return total > 100 ? 100 : total < -100 ? -100 : total;
  }

  ruleScore(index: number): number {
    return this.ruleScores[index] ?? 0;
  }

  private allReady(): boolean {
    for (let i = 0; i < this.readiness.length; i++) if (!this.readiness[i]!()) return false;
    return true;
  }

  private carry(): void {
    const carried = this.carried;
    for (let i = 0; i < carried.length; i++) {
      const slot = carried[i]!;
      this.previous[slot] = this.current[slot]!;
    }
  }
}

export function createScorer(plan: ScorerPlan, options: ScorerOptions = {}): Scorer {
  let comparisons = 0;
  for (const expr of plan.expressions) visitComparisons(expr, () => void comparisons++);
  let size = PRICE_FIELDS.length;
  const offsets = new Map<string, number>();
  for (const [name, indicator] of plan.indicators) {
    offsets.set(name, size);
    size += indicator.outputs.length;
  }
  const constantsFrom = size;
  size += 2 * comparisons; // room for every constant operand
  const current = new Float64Array(size).fill(NaN);
  const previous = new Float64Array(size).fill(NaN);

  const nodes: IndicatorNode[] = [];
  for (const [name, indicator] of plan.indicators) {
    nodes.push(indicator.create(options, { values: current, offset: offsets.get(name)! }));
  }

  let nextConstant = constantsFrom;
  const carried = new Set<number>();
  const slot = (operand: Operand): number => {
    if (operand.kind === 'constant') {
      const at = nextConstant++;
      current[at] = operand.value;
      previous[at] = operand.value;
      return at;
    }
    if (operand.kind === 'price') return PRICE_FIELDS.indexOf(operand.field);
    const indicator = plan.indicators.get(operand.name);
    const index = indicator?.outputs.indexOf(operand.output) ?? -1;
    if (index < 0) throw new Error(`no output "${operand.output}" of "${operand.name}"`);
    return offsets.get(operand.name)! + index;
  };
  const env = { current, previous, slot, remember: (at: number) => void carried.add(at) };
  const conditions = plan.expressions.map((expr) => buildCondition(expr, env));

  return new StrategyScorer(
    current,
    previous,
    Int32Array.from(carried),
    nodes.map((node) => node.update),
    nodes.map((node) => node.isReady),
    conditions,
    Float64Array.from(plan.scores),
  );
}
