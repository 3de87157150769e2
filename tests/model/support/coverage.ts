import { getStateNodes } from '@xstate/graph';
import { createEmptyActor, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition, type EventObject } from 'xstate';
import type { ModelPath } from './types';

/** Every state node and every transition of a machine, or those a set of paths visited. */
export interface Coverage {
  stateNodes: string[];
  transitions: string[];
}

/** What `missingCoverage` returns when nothing is missing. */
export const NO_GAPS: Coverage = { stateNodes: [], transitions: [] };

/** A transition as text: `(machine.a.b) on event#index → (machine.c)`; `index` tells guarded alternatives apart. */
export function transitionKey(transition: AnyTransitionDefinition, index: number): string {
  const targets = transition.target?.map((node: AnyStateNode) => node.id).join(',') ?? '(self)';
  return `${transition.source.id} on ${transition.eventType || '(always)'}#${index} → ${targets}`;
}

/** Every transition definition of the machine, including eventless and delayed ones, keyed. */
function allTransitionKeys(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const keys = new Map<AnyTransitionDefinition, string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const list of node.transitions.values()) list.forEach((t, i) => keys.set(t, transitionKey(t, i)));
    node.always?.forEach((t, i) => keys.set(t, transitionKey(t, i)));
  }
  return keys;
}

const transitionKeyCache = new WeakMap<AnyStateMachine, Map<AnyTransitionDefinition, string>>();
function keysOf(machine: AnyStateMachine) {
  let keys = transitionKeyCache.get(machine);
  if (!keys) transitionKeyCache.set(machine, (keys = allTransitionKeys(machine)));
  return keys;
}

/**
 * An actor scope like @xstate/graph's (actions are resolved but never executed, nothing is
 * started) whose inspection hook records the transitions each microstep takes.
 */
function recordingScope(record: (transitions: AnyTransitionDefinition[]) => void) {
  const empty = createEmptyActor();
  const system = Object.create(empty.system, {
    _sendInspectionEvent: {
      value: (event: { type: string; _transitions?: AnyTransitionDefinition[] }) => {
        if (event.type === '@xstate.microstep' && event._transitions) record(event._transitions);
      },
    },
  });
  return {
    self: empty,
    logger: () => {},
    id: '',
    sessionId: 'model',
    defer: () => {},
    system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as any;
}

function takenDefinitions(machine: AnyStateMachine, from: AnyMachineSnapshot | undefined, event: EventObject, input?: unknown) {
  const taken: AnyTransitionDefinition[] = [];
  const scope = recordingScope((transitions) => taken.push(...transitions));
  if (from) machine.transition(from, event, scope);
  else machine.getInitialSnapshot(scope, input);
  return taken;
}

/** The keys of the transitions `event` takes from `from` (or of the initial macrostep when `from` is undefined). */
export function transitionsTaken(machine: AnyStateMachine, from: AnyMachineSnapshot | undefined, event: EventObject, input?: unknown): string[] {
  const keys = keysOf(machine);
  return takenDefinitions(machine, from, event, input).map((t) => keys.get(t) ?? `(unknown transition from ${t.source.id} on ${t.eventType})`);
}

/** The ids of the sources and targets of the transitions `event` takes from `from`. */
export function nodesPassed(machine: AnyStateMachine, from: AnyMachineSnapshot | undefined, event: EventObject, input?: unknown): string[] {
  return takenDefinitions(machine, from, event, input).flatMap((t) => [t.source.id, ...(t.target ?? []).map((node: AnyStateNode) => node.id)]);
}

/** Every state node id (the root excluded) and every transition key of the machine. */
export function machineCoverage(machine: AnyStateMachine): Coverage {
  return {
    stateNodes: getStateNodes(machine.root).map((node) => node.id).sort(),
    transitions: [...keysOf(machine).values()].sort(),
  };
}

/** The state nodes and transitions the paths visited. */
export function pathsCoverage(paths: readonly ModelPath[]): Coverage {
  const nodes = new Set<string>();
  const transitions = new Set<string>();
  for (const path of paths) {
    for (const step of path.steps) {
      step.state._nodes.forEach((node: AnyStateNode) => nodes.add(node.id));
      step.passedNodes.forEach((id) => nodes.add(id));
      step.transitions.forEach((key) => transitions.add(key));
    }
  }
  return { stateNodes: [...nodes].sort(), transitions: [...transitions].sort() };
}

/** What the paths leave unvisited; `NO_GAPS` when they cover the whole machine. */
export function missingCoverage(machine: AnyStateMachine, paths: readonly ModelPath[]): Coverage {
  const all = machineCoverage(machine);
  const visited = pathsCoverage(paths);
  return {
    stateNodes: all.stateNodes.filter((id) => !visited.stateNodes.includes(id)),
    transitions: all.transitions.filter((key) => !visited.transitions.includes(key)),
  };
}
