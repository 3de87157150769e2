import { and, not, or, stateIn, type AnyStateMachine, type StateValue } from 'xstate';
import { layoutChart, type ChartLayout } from './machineLayout';

/**
 * A drawable model of any XState machine, read from the machine's own definition (its state
 * nodes and their formatted transitions), so the visualizer keeps no second copy of a machine.
 * Pure: no React, no DOM.
 */

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartInvoke {
  id: string;
  /** The actor's name in `setup({ actors })`, or `xstate.invoke.…` for inline logic. */
  src: string;
}

export interface ChartState {
  /** The state node's id: `socket.open`, `auth.loggedOut.pending`. */
  id: string;
  key: string;
  parentId: string | null;
  depth: number;
  kind: StateKind;
  /** `shallow` / `deep` for history states. */
  history: 'shallow' | 'deep' | null;
  /** Entered by default when its parent (a compound state) is entered. */
  isInitial: boolean;
  childIds: string[];
  tags: string[];
  invokes: ChartInvoke[];
}

export type TransitionKind = 'event' | 'after' | 'always' | 'done' | 'error' | 'snapshot' | 'doneState' | 'route';

export interface ChartTransition {
  /** `<source id>#<index>`, in the order XState tries them. */
  id: string;
  sourceId: string;
  /** Empty for a targetless transition (actions only). */
  targetIds: string[];
  /** The raw event descriptor: `socket.closed`, `xstate.after.30000.socket.open`, `` for always. */
  eventType: string;
  kind: TransitionKind;
  /** What the arrow says: `socket.closed`, `after 30s`, `done: login`, `always`. */
  event: string;
  guard: string | null;
  /** The delay of an `after` transition: milliseconds, or the name of a delay in `setup`. */
  delay: number | string | null;
  actions: string[];
  reenter: boolean;
  /** `event [guard]`. */
  label: string;
}

export interface MachineModel {
  machineId: string;
  rootId: string;
  /** Document order: a parent before its children. */
  states: ChartState[];
  transitions: ChartTransition[];
}

export interface MachineGraph extends MachineModel {
  layout: ChartLayout;
}

/** The state-node API this module reads (the subset of XState's `StateNode` it needs). */
interface NodeLike {
  id: string;
  key: string;
  type: string;
  history: false | 'shallow' | 'deep';
  parent?: NodeLike;
  states: Record<string, NodeLike>;
  tags: string[];
  initial?: { target: NodeLike[] };
  invoke: { id: string; src: unknown }[];
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
}

interface TransitionLike {
  eventType: string;
  target?: NodeLike[];
  guard?: unknown;
  actions: unknown[];
  reenter?: boolean;
  delay?: number | string;
}

/** Every state node and transition of `machine`, with a layout to draw. */
export function buildMachineGraph(machine: AnyStateMachine): MachineGraph {
  const model = describeMachine(machine);
  return { ...model, layout: layoutChart(model) };
}

export function describeMachine(machine: AnyStateMachine): MachineModel {
  const root = machine.root as unknown as NodeLike;
  const states: ChartState[] = [];
  const transitions: ChartTransition[] = [];
  const delays = (machine.implementations?.delays ?? {}) as Record<string, unknown>;

  const visit = (node: NodeLike, depth: number, isInitial: boolean) => {
    const children = Object.values(node.states);
    const initialIds = new Set((node.type === 'compound' && node.initial?.target.map((t) => t.id)) || []);
    states.push({
      id: node.id,
      key: node.key,
      parentId: node.parent?.id ?? null,
      depth,
      kind: node.type as StateKind,
      history: node.type === 'history' && node.history ? node.history : null,
      isInitial,
      childIds: children.map((child) => child.id),
      tags: [...node.tags],
      invokes: node.invoke.map((def) => ({ id: def.id, src: String(def.src) })),
    });
    const own = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    own.forEach((t, index) => transitions.push(describeTransition(node, t, index, delays)));
    for (const child of children) visit(child, depth + 1, initialIds.has(child.id));
  };
  visit(root, 0, false);
  return { machineId: machine.id, rootId: root.id, states, transitions };
}

function describeTransition(node: NodeLike, t: TransitionLike, index: number, delays: Record<string, unknown>): ChartTransition {
  const { kind, event } = describeEvent(t, delays);
  const guard = t.guard === undefined ? null : describeGuard(t.guard);
  return {
    id: `${node.id}#${index}`,
    sourceId: node.id,
    targetIds: (t.target ?? []).map((target) => target.id),
    eventType: t.eventType,
    kind,
    event,
    guard,
    delay: t.delay ?? null,
    actions: t.actions.map(describeAction),
    reenter: Boolean(t.reenter),
    label: guard ? `${event} [${guard}]` : event,
  };
}

const AFTER = 'xstate.after.';
const EVENT_PREFIXES: [string, TransitionKind, string][] = [
  ['xstate.done.actor.', 'done', 'done: '],
  ['xstate.error.actor.', 'error', 'error: '],
  ['xstate.snapshot.', 'snapshot', 'snapshot: '],
];

function describeEvent(t: TransitionLike, delays: Record<string, unknown>): { kind: TransitionKind; event: string } {
  const type = t.eventType;
  if (type === '') return { kind: 'always', event: 'always' };
  if (type === 'xstate.route') return { kind: 'route', event: 'route' };
  if (type.startsWith(AFTER)) return { kind: 'after', event: `after ${describeDelay(t.delay ?? type.slice(AFTER.length), delays)}` };
  if (type.startsWith('xstate.done.state.')) return { kind: 'doneState', event: 'done' };
  for (const [prefix, kind, label] of EVENT_PREFIXES) {
    if (type.startsWith(prefix)) return { kind, event: label + type.slice(prefix.length) };
  }
  return { kind: 'event', event: type };
}

/** A named delay shows its value when `setup` gives it as a number, else its name. */
function describeDelay(delay: number | string, delays: Record<string, unknown>): string {
  if (typeof delay === 'number') return formatDuration(delay);
  const implementation = delays[delay];
  return typeof implementation === 'number' ? formatDuration(implementation) : delay;
}

/** 500 → `500ms`, 30000 → `30s`, 90000 → `1m 30s`, 86400000 → `24h`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  const parts: string[] = [];
  let rest = ms;
  for (const [unit, size] of [['h', 3_600_000], ['m', 60_000], ['s', 1000]] as const) {
    const count = Math.floor(rest / size);
    if (count) parts.push(`${count}${unit}`);
    rest -= count * size;
  }
  if (rest) parts.push(`${rest}ms`);
  return parts.join(' ');
}

// XState's higher-order guards are functions told apart by their shared `check`.
type GuardFunction = ((...args: never[]) => unknown) & { check?: unknown; guards?: unknown[]; stateValue?: StateValue };
const checkOf = (guard: unknown) => (guard as GuardFunction).check;
const HIGHER_ORDER = { and: checkOf(and([])), or: checkOf(or([])), not: checkOf(not(() => true)), in: checkOf(stateIn('x')) };

/** `isUnauthorized`, `a && !b`, `in(#auth.loggedIn)`, `inline` for an anonymous function. */
export function describeGuard(guard: unknown): string {
  return guardText(guard).text;
}

/** `joined`: an `&&` / `||` expression, which needs brackets inside another one. */
function guardText(guard: unknown): { text: string; joined: boolean } {
  if (typeof guard === 'string') return { text: guard, joined: false };
  if (typeof guard === 'function') {
    const fn = guard as GuardFunction;
    const inner = (fn.guards ?? []).map((g) => {
      const part = guardText(g);
      return part.joined ? `(${part.text})` : part.text;
    });
    if (fn.check === HIGHER_ORDER.and) return { text: inner.join(' && '), joined: inner.length > 1 };
    if (fn.check === HIGHER_ORDER.or) return { text: inner.join(' || '), joined: inner.length > 1 };
    if (fn.check === HIGHER_ORDER.not) return { text: `!${inner[0] ?? ''}`, joined: false };
    if (fn.check === HIGHER_ORDER.in) {
      return { text: `in(${typeof fn.stateValue === 'string' ? fn.stateValue : JSON.stringify(fn.stateValue)})`, joined: false };
    }
    // An arrow written in the config is named after its property: `guard`.
    return { text: fn.name && fn.name !== 'guard' ? fn.name : 'inline', joined: false };
  }
  if (guard && typeof guard === 'object' && 'type' in guard) return { text: String((guard as { type: unknown }).type), joined: false };
  return { text: 'inline', joined: false };
}

function describeAction(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') return action.name || 'inline';
  if (action && typeof action === 'object' && 'type' in action) return String((action as { type: unknown }).type);
  return 'inline';
}

/** The snapshot shape `activeStateIds` reads: a state value and the machine it belongs to. */
export interface SnapshotLike {
  value: StateValue;
  machine?: AnyStateMachine;
}

/**
 * The ids of the active state nodes (the root, every active compound and region, the active
 * leaves), in document order; for highlighting. Read from the state value, which every machine
 * snapshot carries, and the machine's own nodes.
 */
export function activeStateIds(snapshot: SnapshotLike, machine: AnyStateMachine | undefined = snapshot.machine): string[] {
  if (!machine) return [];
  const ids: string[] = [];
  const walk = (node: NodeLike, value: StateValue | undefined) => {
    ids.push(node.id);
    if (typeof value === 'string') {
      const child = node.states[value];
      if (child) walk(child, undefined);
    } else if (value) {
      for (const [key, sub] of Object.entries(value)) {
        const child = node.states[key];
        if (child) walk(child, sub);
      }
    }
  };
  walk(machine.root as unknown as NodeLike, snapshot.value);
  return ids;
}

/** `loggedIn.ready`; parallel regions joined: `a.x, b.q`. */
export function formatStateValue(value: StateValue): string {
  if (typeof value === 'string') return value;
  const leaves = Object.entries(value).flatMap(([key, sub]) => {
    if (!sub || (typeof sub === 'object' && Object.keys(sub).length === 0)) return [key];
    return formatStateValue(sub)
      .split(', ')
      .map((rest) => `${key}.${rest}`);
  });
  return leaves.join(', ');
}

/**
 * The machine's JSON definition (XState's `machine.toJSON()`), as text to download. XState's
 * definition leaves out eventless (`always`) transitions, so they are added to each state; guards
 * written as functions are named by `describeGuard` instead of silently vanishing.
 */
export function exportMachineJson(machine: AnyStateMachine, space = 2): string {
  const definition = JSON.parse(JSON.stringify(machine.toJSON(), guardReplacer)) as DefinitionJson;
  addAlways(definition, machine.root as unknown as NodeLike);
  return JSON.stringify(definition, null, space);
}

interface DefinitionJson {
  states?: Record<string, DefinitionJson>;
  always?: unknown[];
}

function addAlways(definition: DefinitionJson, node: NodeLike) {
  if (node.always?.length) definition.always = JSON.parse(JSON.stringify(node.always, guardReplacer)) as unknown[];
  for (const [key, child] of Object.entries(node.states)) {
    const childDefinition = definition.states?.[key];
    if (childDefinition) addAlways(childDefinition, child);
  }
}

function guardReplacer(key: string, value: unknown) {
  return key === 'guard' && typeof value === 'function' ? describeGuard(value) : value;
}
