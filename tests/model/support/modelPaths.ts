/**
 * Model-based test support: paths come from a machine's own graph (@xstate/graph) and are replayed
 * on a real actor of that machine, so the test model can never drift from the machine.
 *
 *   const paths = generatePaths(machine, { input, events, context: (c) => ({ n: c.items.length }) });
 *   it('has 12 paths', () => expect(paths).toHaveLength(12));
 *   it('covers the machine', () => expect(missingCoverage(machine, paths)).toEqual(NO_GAPS));
 *   for (const path of paths) it(path.description, () => replayPath(path, { actor, clock, fakes, check }));
 *
 * Conventions the replay relies on:
 * - every `invoke` has an explicit `id` and its fake comes from `createFakeActors()`: a step
 *   `xstate.done.actor.<id>` resolves that fake's pending promise with the step's `output`, a
 *   step `xstate.error.actor.<id>` rejects it with the step's `error`;
 * - a step `xstate.after.<delay>.<state>` (or any event type listed in `timedEvents`, for events
 *   the machine schedules itself with a delayed `raise`/`sendTo`) moves the actor's
 *   SimulatedClock to the moment that timer is due, instead of sending the event;
 * - every other step is sent to the actor as is.
 *
 * Import everything from this module; it generates the paths and re-exports the rest:
 * `describe.ts` (test names), `coverage.ts` (state nodes and transitions, all and visited),
 * `replay.ts` (fake promise actors, the replay and its failure trace), `types.ts`.
 */
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type StatePath } from '@xstate/graph';
import { __unsafe_getAllOwnEventDescriptors, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { nodesPassed, transitionsTaken } from './coverage';
import { describeEvent, describePath, errorOf } from './describe';
import { DONE, ERROR, type ModelEvent, type ModelPath } from './types';

// The whole API from one module: tests import everything from './support/modelPaths'.
export type { ModelEvent, ModelPath, ModelStep } from './types';
export { describeEvent, describePath, formatValue } from './describe';
export { machineCoverage, missingCoverage, NO_GAPS, pathsCoverage, transitionKey, transitionsTaken, type Coverage } from './coverage';
export { createFakeActors, formatTrace, replayPath, settle, type FakeActors, type ReplayOptions, type StepCheck } from './replay';

export interface PathOptions {
  /** The machine's input, the same one the replay gives the real actor. */
  input?: unknown;
  /**
   * Payload variants of events. A type listed here is explored once per listed object; a type the
   * machine handles but that is not listed is explored as `{ type }`. Invoke results
   * (`xstate.done.actor.<id>` with `output`, `xstate.error.actor.<id>` with `error`) must be listed.
   */
  events?: readonly ModelEvent[];
  /**
   * Whether to explore `event` from `snapshot` (default: always). Use it to keep the graph
   * bounded (a counter) or to leave out orders of timers the real clock never produces.
   */
  offer?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
  /**
   * The context fields that make two snapshots different states, besides the state value. Keep it
   * small and bounded: the traversal never ends when it includes a growing field.
   */
  context?: (context: any) => unknown;
  /** `shortest` (default): one path to every state; `simple`: every simple path (small graphs). */
  algorithm?: 'shortest' | 'simple';
  /**
   * Drop paths whose event sequence is a prefix of another path (default true): the longer
   * path asserts the same steps.
   */
  dropPrefixes?: boolean;
  /**
   * Add, for each transition no path took yet, the shortest path to its source extended by that
   * transition (default true), so the paths cover every transition and not only every state.
   */
  coverTransitions?: boolean;
  /**
   * Also cover every graph edge (state × event variant that takes a transition) this returns true
   * for, not only every transition definition: for rules that depend on the state an event
   * arrives in (which key's retention runs out, with what else cached…).
   */
  coverEdge?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
  /** Traversal limit (states explored) so a mistake in `context` fails fast instead of hanging. */
  limit?: number;
  /**
   * How an event reads in descriptions; by default `describeEvent`, with payloads shown only for
   * event types listed more than once in `events`.
   */
  describeEvent?: (event: EventObject) => string;
}

/** The events explored from `snapshot`: every type it handles, with the listed payload variants. */
function eventsFor(listed: readonly ModelEvent[], offer: PathOptions['offer']) {
  return (snapshot: AnyMachineSnapshot): EventObject[] =>
    __unsafe_getAllOwnEventDescriptors(snapshot)
      .filter((type) => !type.includes('*'))
      .flatMap((type): EventObject[] => {
        const variants = listed.filter((event) => event.type === type);
        if (variants.length) return variants;
        if (type.startsWith(DONE) || type.startsWith(ERROR)) {
          throw new Error(`List a payload for "${type}" in the events option (an invoke result needs its output or error).`);
        }
        return [{ type }];
      })
      .filter((event) => !offer || offer(snapshot, event));
}

/** The key a snapshot is told apart by in the traversal: its value plus the chosen context fields. */
function serializerFor(context: PathOptions['context']) {
  return (snapshot: AnyMachineSnapshot) => JSON.stringify({ value: snapshot.value, context: context ? context(snapshot.context) : undefined });
}

function eventSequence(path: StatePath<AnyMachineSnapshot, EventObject>): string[] {
  return path.steps.map((step) => JSON.stringify(step.event));
}

function isPrefix(shorter: string[], longer: string[]): boolean {
  return shorter.length < longer.length && shorter.every((event, i) => event === longer[i]);
}

/**
 * Paths generated from the machine's graph (shortest paths to every state, or every simple path),
 * completed so that together they take every transition the traversal can reach. Sorted by
 * description, so the test names and their order are stable.
 */
export function generatePaths(machineLogic: AnyStateMachine, options: PathOptions = {}): ModelPath[] {
  const machine = machineLogic;
  const serializeState = serializerFor(options.context);
  const traversal = {
    input: options.input,
    events: eventsFor(options.events ?? [], options.offer),
    serializeState,
    limit: options.limit ?? 20_000,
  } as any;
  const generate = options.algorithm === 'simple' ? getSimplePaths : getShortestPaths;
  let raw = generate(machine, traversal) as unknown as StatePath<AnyMachineSnapshot, EventObject>[];

  if (options.coverTransitions ?? true) raw = completeTransitions(machine, raw, traversal, options.input, options.coverEdge);
  if (options.dropPrefixes ?? true) {
    const sequences = raw.map(eventSequence);
    raw = raw.filter((_, i) => !sequences.some((other, j) => j !== i && isPrefix(sequences[i]!, other)));
  }
  // Two shortest paths can end in states told apart only by context yet carry the same events.
  const seen = new Set<string>();
  raw = raw.filter((path) => {
    const key = eventSequence(path).join('|');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });

  // A payload is worth reading in a test name only where it tells variants of one type apart.
  const listed = options.events ?? [];
  const varies = (type: string) => listed.filter((event) => event.type === type).length > 1;
  const describe = options.describeEvent ?? ((event: EventObject) => (varies(event.type) ? describeEvent(event) : describeEvent({ type: event.type, ...errorOf(event) })));
  return raw
    .map((path) => toModelPath(machine, path, options.input, describe))
    .sort((a, b) => a.description.localeCompare(b.description));
}

/**
 * Adds `shortest path to s` + `s --e--> t` for every adjacency edge that takes a transition no
 * path took yet, and for every edge `coverEdge` asks for.
 */
function completeTransitions(
  machine: AnyStateMachine,
  paths: StatePath<AnyMachineSnapshot, EventObject>[],
  traversal: any,
  input: unknown,
  coverEdge: PathOptions['coverEdge'],
): StatePath<AnyMachineSnapshot, EventObject>[] {
  const covered = new Set<string>();
  for (const path of paths) for (const key of pathTransitions(machine, path, input)) covered.add(key);
  const shortest = (getShortestPaths(machine, traversal) as unknown as StatePath<AnyMachineSnapshot, EventObject>[]);
  const toState = new Map(shortest.map((path) => [traversal.serializeState(path.state), path]));
  const adjacency = getAdjacencyMap(machine, traversal) as Record<string, { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }>;
  const extra: StatePath<AnyMachineSnapshot, EventObject>[] = [];
  for (const [source, { transitions }] of Object.entries(adjacency)) {
    const head = toState.get(source);
    if (!head) continue;
    for (const { event, state } of Object.values(transitions)) {
      const keys = transitionsTaken(machine, head.state, event);
      const wanted = keys.length > 0 && !!coverEdge?.(head.state, event);
      if (!wanted && keys.every((key) => covered.has(key))) continue;
      keys.forEach((key) => covered.add(key));
      extra.push({ state, weight: head.weight + 1, steps: [...head.steps, { event, state }] });
    }
  }
  return [...paths, ...extra];
}

/** Transition keys of a raw @xstate/graph path (whose `steps[i].state` is the state after `steps[i].event`). */
function pathTransitions(machine: AnyStateMachine, path: StatePath<AnyMachineSnapshot, EventObject>, input: unknown): string[] {
  return path.steps.flatMap((step, i) =>
    i === 0 ? transitionsTaken(machine, undefined, step.event, input) : transitionsTaken(machine, path.steps[i - 1]!.state, step.event),
  );
}

function toModelPath(
  machine: AnyStateMachine,
  path: StatePath<AnyMachineSnapshot, EventObject>,
  input: unknown,
  describe: (event: EventObject) => string,
): ModelPath {
  const steps = path.steps.map((step, i) => {
    const from = i === 0 ? undefined : path.steps[i - 1]!.state;
    return {
      event: step.event,
      state: step.state,
      transitions: transitionsTaken(machine, from, step.event, input),
      passedNodes: nodesPassed(machine, from, step.event, input),
    };
  });
  return { description: describePath(steps, describe), steps, state: path.state };
}
