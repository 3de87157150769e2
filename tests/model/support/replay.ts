import { fromPromise, type AnyActorRef, type AnyMachineSnapshot, type EventObject, type SimulatedClock } from 'xstate';
import { describeEvent, stateText } from './describe';
import { AFTER, DONE, ERROR, type ModelPath } from './types';

interface PendingCall {
  id: string;
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
  settled: boolean;
}

/**
 * Fake promise actors whose results the test decides: `fakes.promise()` is a `fromPromise` logic
 * to `.provide()`; each invocation waits until `resolve(id, output)` / `reject(id, error)` settles
 * the latest pending call of the invoke `id`. `calls(id)` lists the inputs the invocations got.
 */
export function createFakeActors() {
  const pending: PendingCall[] = [];
  const take = (id: string) => {
    const call = [...pending].reverse().find((c) => c.id === id && !c.settled);
    if (!call) throw new Error(`No pending call of the actor "${id}" to settle (calls so far: ${pending.map((c) => c.id).join(', ') || 'none'})`);
    call.settled = true;
    return call;
  };
  return {
    /** A `fromPromise` logic that waits for the test; use one per actor name in `.provide()`. */
    promise<TOutput = any, TInput = any>() {
      return fromPromise<TOutput, TInput>(({ input, self }) => new Promise<TOutput>((resolve, reject) => {
        pending.push({ id: self.id, input, resolve: resolve as (output: unknown) => void, reject, settled: false });
      }));
    },
    resolve(id: string, output: unknown) {
      take(id).resolve(output);
    },
    reject(id: string, error: unknown) {
      take(id).reject(error);
    },
    /** Inputs of every invocation of the invoke `id`, oldest first. */
    calls(id: string): unknown[] {
      return pending.filter((c) => c.id === id).map((c) => c.input);
    },
  };
}
export type FakeActors = ReturnType<typeof createFakeActors>;

/** What a step check receives: the real actor's snapshot next to the model's. */
export interface StepCheck {
  index: number;
  event: EventObject;
  /** The real actor's snapshot after the step. */
  snapshot: AnyMachineSnapshot;
  /** The real actor's snapshot before the step (undefined for `xstate.init`). */
  previous: AnyMachineSnapshot | undefined;
  /** The model's snapshot after the step. */
  model: AnyMachineSnapshot;
}

export interface ReplayOptions {
  /** A not yet started actor of `machine.provide(fakes)`, created with `{ clock, input }`. */
  actor: AnyActorRef;
  /** The SimulatedClock the actor was created with. */
  clock: SimulatedClock;
  /** The fakes the machine was provided with, settled by `done`/`error` steps. */
  fakes?: FakeActors;
  /** Event types the machine schedules itself (delayed raise/sendTo): replayed by moving the clock. */
  timedEvents?: readonly string[];
  /** Compared between the real snapshot and the model's at every step (besides the state value). */
  context?: (context: any) => unknown;
  /** The spec's rules, asserted after every step; throw (or `expect`) to fail. */
  check?: (step: StepCheck) => void;
  /** The event texts of the trace; defaults to `describeEvent`. */
  describeEvent?: (event: EventObject) => string;
}

/** Lets promise callbacks and the events they send run before the next step. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** A readable trace: every step with its event and state, the failing one marked, and the actor's real state. */
export function formatTrace(path: ModelPath, failedAt: number, actual: AnyMachineSnapshot | undefined, describe = describeEvent): string {
  const lines = path.steps.map((step, i) => {
    const mark = i < failedAt ? '  ✓' : i === failedAt ? '  ✗' : '   ';
    return `${mark} ${String(i).padStart(2)} ${describe(step.event).padEnd(40)} → ${stateText(step.state)}`;
  });
  const real = actual ? `\n  actor is in ${stateText(actual)} (status ${actual.status}) with context ${safeJson(actual.context)}` : '';
  return `\nPath: ${path.description}\n${lines.join('\n')}${real}`;
}

function safeJson(value: unknown): string {
  try {
    const json = JSON.stringify(value, (_k, v) => (v && typeof v === 'object' && 'sessionId' in v ? `<actor ${String(v.id)}>` : v));
    return json.length > 400 ? `${json.slice(0, 400)}…` : json;
  } catch {
    return String(value);
  }
}

/** Due times of the actor system's scheduled events, by the clock time they were first seen. */
function createTimerBook(actor: AnyActorRef, clock: SimulatedClock) {
  const startedAt = new WeakMap<object, number>();
  const scheduled = () => Object.values((actor.system as any).getSnapshot()._scheduledEvents as Record<string, { event: EventObject; delay: number }>);
  return {
    /** Notes the clock time of timers scheduled since the last call (they all started now). */
    note() {
      for (const entry of scheduled()) if (!startedAt.has(entry)) startedAt.set(entry, clock.now());
    },
    /** Moves the clock to when the earliest timer sending `event` is due. */
    fire(event: EventObject) {
      const wanted = JSON.stringify(event);
      const due = scheduled()
        .filter((entry) => (event.type.startsWith(AFTER) ? entry.event.type === event.type : JSON.stringify(entry.event) === wanted))
        .map((entry) => (startedAt.get(entry) ?? clock.now()) + entry.delay)
        .sort((a, b) => a - b)[0];
      if (due === undefined) throw new Error(`No timer is scheduled for ${event.type}`);
      clock.set(Math.max(due, clock.now()));
    },
  };
}

/**
 * Replays a path on a real actor: starts it (the `xstate.init` step), then performs each step
 * (send, settle a fake, or move the clock), and after each one compares the actor's state value
 * (and the `context` projection) with the model's and runs `check`. Fails with a trace.
 */
export async function replayPath(path: ModelPath, options: ReplayOptions): Promise<void> {
  const { actor, clock, fakes } = options;
  const describe = options.describeEvent ?? describeEvent;
  const timers = createTimerBook(actor, clock);
  let actorError: unknown;
  const subscription = actor.subscribe({ error: (error: unknown) => (actorError = error) });
  let index = 0;
  let previous: AnyMachineSnapshot | undefined;
  try {
    for (const [i, step] of path.steps.entries()) {
      index = i;
      const { event } = step;
      if (i === 0) actor.start();
      else if (event.type.startsWith(DONE)) requireFakes(fakes).resolve(event.type.slice(DONE.length), (event as any).output);
      else if (event.type.startsWith(ERROR)) requireFakes(fakes).reject(event.type.slice(ERROR.length), (event as any).error);
      else if (event.type.startsWith(AFTER) || options.timedEvents?.includes(event.type)) timers.fire(event);
      else actor.send(event);
      await settle();
      timers.note();
      if (actorError) throw actorError;
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      expectEqual('state', snapshot.value, step.state.value);
      if (options.context) expectEqual('context', options.context(snapshot.context), options.context(step.state.context));
      options.check?.({ index: i, event, snapshot, previous, model: step.state });
      previous = snapshot;
    }
  } catch (error) {
    const trace = formatTrace(path, index, actor.getSnapshot() as AnyMachineSnapshot, describe);
    if (error instanceof Error) {
      error.message += trace;
      throw error;
    }
    throw new Error(`${String(error)}${trace}`);
  } finally {
    subscription.unsubscribe();
    actor.stop();
  }
}

function requireFakes(fakes: FakeActors | undefined): FakeActors {
  if (!fakes) throw new Error('The path settles an invoked actor: pass `fakes` to replayPath');
  return fakes;
}

function expectEqual(what: string, actual: unknown, expected: unknown) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`The real actor's ${what} ${a} differs from the model's ${e}`);
}
