import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { queryMachine, type QueryContext, type QueryInput } from '../../src/machines/queryMachine';
import { createFakeActors, generatePaths, missingCoverage, NO_GAPS, replayPath, type ModelEvent, type ModelPath, type StepCheck } from './support/modelPaths';

/** The services' errors (ApiError's fields) and the form the spec wants each normalised to. */
const failures = [
  { error: { kind: 'HTTP_ERROR', status: 401, data: { detail: 'Not authenticated' }, message: 'Not authenticated' }, expected: { status: 401, data: { detail: 'Not authenticated' } } },
  { error: { kind: 'HTTP_ERROR', status: 503, data: { detail: 'Try later' }, message: 'Try later' }, expected: { status: 503, data: { detail: 'Try later' } } },
  { error: { kind: 'FETCH_ERROR', message: 'Failed to fetch' }, expected: { code: 'FETCH_ERROR' } },
  { error: { kind: 'TIMEOUT_ERROR', message: 'The request timed out' }, expected: { code: 'TIMEOUT_ERROR' } },
  { error: { kind: 'PARSING_ERROR', status: 200, data: { odd: true }, message: 'Unexpected answer' }, expected: { code: 'PARSING_ERROR' } },
];
const answer = { id: 3, text: { fa: 'صبر', en: 'Patience' }, author: null };

const events: ModelEvent[] = [
  { type: 'xstate.done.actor.fetchQuery', output: answer },
  ...failures.map(({ error }) => ({ type: 'xstate.error.actor.fetchQuery', error })),
];

const context = (c: QueryContext) => ({ data: c.data !== undefined, error: c.error });

const inputs: Record<string, QueryInput> = {
  'the strategy list (defaults: 60 s, no refetch on focus)': { key: 'strategies', endpointId: 'strategies.list', args: {}, tags: ['strategy:list'] },
  'the random quote (1 s, refetch on focus)': { key: 'quote', endpointId: 'general.quote', args: { lang: 'fa' }, retentionMs: 1_000, refetchOnFocus: true },
};
const groups = Object.entries(inputs).map(([name, input]) => ({ name, input, paths: generatePaths(queryMachine, { input, events, context }) }));
const allPaths: ModelPath[] = groups.flatMap((group) => group.paths);

interface Observed {
  unauthorized: number;
  fetches: () => number;
}

/** The spec's query rules, asserted after every step. */
function queryRules(input: QueryInput, clock: SimulatedClock, observed: Observed) {
  const retentionMs = input.retentionMs ?? 60_000;
  let before = { unauthorized: 0, fetches: 0 };
  let fulfilledAt = 0;
  return ({ snapshot, previous, event }: StepCheck) => {
    const ctx = snapshot.context as QueryContext;
    const was = previous?.context as QueryContext | undefined;
    const emittedNow = observed.unauthorized - before.unauthorized;
    const fetchedNow = observed.fetches() - before.fetches;
    before = { unauthorized: observed.unauthorized, fetches: observed.fetches() };

    // Defaults and per-query settings reach the context.
    expect(ctx.retentionMs).toBe(retentionMs);
    expect(ctx.refetchOnFocus).toBe(input.refetchOnFocus ?? false);
    expect(ctx.tags).toEqual(input.tags ?? []);

    // Entering pending starts exactly one fetch; nothing else does.
    const startedPending = snapshot.matches('pending') && !previous?.matches('pending');
    expect(fetchedNow).toBe(startedPending ? 1 : 0);
    if (snapshot.matches('pending')) {
      expect(snapshot.hasTag('loading')).toBe(true);
      // A refetch keeps the old data (and error) on screen until the answer arrives.
      if (was) expect(ctx.data).toEqual(was.data);
    } else {
      expect(snapshot.hasTag('loading')).toBe(false);
    }
    if (event.type === 'xstate.done.actor.fetchQuery') {
      expect(snapshot.matches({ fulfilled: 'fresh' })).toBe(true);
      expect(ctx.data).toEqual(answer);
      expect(ctx.error).toBeNull();
      fulfilledAt = clock.now();
    }
    // Data counts as stale exactly `retentionMs` after it arrived.
    if (event.type.startsWith('xstate.after.')) {
      expect(snapshot.matches({ fulfilled: 'stale' })).toBe(true);
      expect(clock.now() - fulfilledAt).toBe(retentionMs);
    }
    if (event.type === 'xstate.error.actor.fetchQuery') {
      const failure = failures.find((f) => f.error === (event as { error?: unknown }).error)!;
      expect(snapshot.matches('rejected')).toBe(true);
      expect(ctx.error).toEqual(failure.expected);
      expect(ctx.data).toEqual(was?.data);
      // A 401 ends the session: the actor says so, once.
      expect(emittedNow).toBe(failure.error.status === 401 ? 1 : 0);
    } else {
      expect(emittedNow).toBe(0);
    }
    // Window focus refetches only a query that asks for it, and only stale or failed data.
    if (event.type === 'query.windowFocused') {
      const refetches = ctx.refetchOnFocus && (previous!.matches({ fulfilled: 'stale' }) || previous!.matches('rejected'));
      expect(snapshot.matches('pending')).toBe(refetches);
    }
    const focusRefetches = ctx.refetchOnFocus && (snapshot.matches({ fulfilled: 'stale' }) || snapshot.matches('rejected'));
    expect(snapshot.can({ type: 'query.windowFocused' })).toBe(focusRefetches);
    if (event.type === 'query.refetch') expect(snapshot.matches('pending')).toBe(true);
  };
}

describe('queryMachine (model)', () => {
  it('has the planned number of paths', () => {
    expect(groups.map((group) => [group.name, group.paths.length])).toEqual([
      ['the strategy list (defaults: 60 s, no refetch on focus)', 11],
      ['the random quote (1 s, refetch on focus)', 12],
    ]);
  });

  it('visits every state and transition', () => {
    expect(missingCoverage(queryMachine, allPaths)).toEqual(NO_GAPS);
  });

  for (const { name, input, paths } of groups) {
    describe(name, () => {
      for (const path of paths) {
        it(path.description, async () => {
          const fakes = createFakeActors();
          const clock = new SimulatedClock();
          const actor = createActor(queryMachine.provide({ actors: { fetchQuery: fakes.promise() } }), { input, clock });
          const observed: Observed = { unauthorized: 0, fetches: () => fakes.calls('fetchQuery').length };
          actor.on('auth.unauthorized', () => void observed.unauthorized++);
          await replayPath(path, { actor, clock, fakes, context, check: queryRules(input, clock, observed) });
          for (const call of fakes.calls('fetchQuery')) expect(call).toEqual({ endpointId: input.endpointId, args: input.args });
        });
      }
    });
  }
});
