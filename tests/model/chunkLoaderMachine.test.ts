import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { CHUNK_TIMEOUT_MS, chunkLoaderMachine } from '../../src/machines/chunkLoaderMachine';
import { createFakeActors, generatePaths, missingCoverage, NO_GAPS, replayPath, type StepCheck } from './support/modelPaths';

const input = { chunk: './views/DashboardPage.tsx' };
const loadedModule = { default: 'DashboardPage' };
const context = (c: { error: { type: string } | null }) => ({ error: c.error?.type ?? null });

const paths = generatePaths(chunkLoaderMachine, {
  input,
  algorithm: 'simple',
  context,
  events: [
    { type: 'xstate.done.actor.loadChunk', output: loadedModule },
    { type: 'xstate.error.actor.loadChunk', error: new Error('Failed to fetch dynamically imported module') },
  ],
});

/** The spec's rules for a lazy screen, asserted after every step. */
function checkRules(clock: SimulatedClock, loadingSince: { at: number }) {
  return ({ snapshot, event }: StepCheck) => {
    if (snapshot.matches('loading')) {
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(snapshot.context.error).toBeNull();
      loadingSince.at = clock.now();
    }
    if (snapshot.matches('loaded')) {
      expect(snapshot.context.module).toEqual(loadedModule);
      expect(snapshot.hasTag('loading')).toBe(false);
    }
    if (snapshot.matches('failed')) {
      const timedOut = event.type.startsWith('xstate.after.');
      expect(snapshot.context.error).toEqual({ message: 'Loading chunk failed', type: timedOut ? 'timeout' : 'error', request: input.chunk });
      expect(snapshot.can({ type: 'chunk.retry' })).toBe(true);
      // A stalled chunk gives up exactly 120 s after it started loading, not before.
      if (timedOut) expect(clock.now() - loadingSince.at).toBe(CHUNK_TIMEOUT_MS);
    }
  };
}

describe('chunkLoaderMachine (model)', () => {
  it('has the planned number of paths', () => {
    expect(paths.map((p) => p.description)).toHaveLength(3);
  });

  it('visits every state and transition', () => {
    expect(missingCoverage(chunkLoaderMachine, paths)).toEqual(NO_GAPS);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const fakes = createFakeActors();
      const clock = new SimulatedClock();
      const actor = createActor(chunkLoaderMachine.provide({ actors: { loadChunk: fakes.promise() } }), { input, clock });
      await replayPath(path, { actor, clock, fakes, context, check: checkRules(clock, { at: 0 }) });
      expect(fakes.calls('loadChunk').every((call) => JSON.stringify(call) === JSON.stringify({ chunk: input.chunk }))).toBe(true);
    });
  }
});
