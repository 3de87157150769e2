import type { AnyMachineSnapshot, EventObject } from 'xstate';

/** The prefixes of the event types the replay performs instead of sending. */
export const DONE = 'xstate.done.actor.';
export const ERROR = 'xstate.error.actor.';
export const AFTER = 'xstate.after.';

/** An event as listed in `events`: its type and any payload (done/error events carry `output`/`error`). */
export type ModelEvent = { type: string } & Record<string, unknown>;

/** One step of a path: the event taken and the machine snapshot it led to (in the model). */
export interface ModelStep {
  event: EventObject;
  state: AnyMachineSnapshot;
  /** Keys (see `transitionKey`) of the transitions this step took, eventless ones included. */
  transitions: string[];
  /**
   * Ids of the state nodes this step passed through: the sources and targets of its transitions,
   * so a transient state (left at once by an eventless transition) counts as visited.
   */
  passedNodes: string[];
}

/** A path from the initial state; `steps[0]` is always `xstate.init`. */
export interface ModelPath {
  /** `state → event → state …`, used as the test's name. */
  description: string;
  steps: ModelStep[];
  /** The final snapshot of the path. */
  state: AnyMachineSnapshot;
}
