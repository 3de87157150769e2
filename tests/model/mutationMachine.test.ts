import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { mutationMachine } from '../../src/machines/mutationMachine';
import { createFakeActors, generatePaths, missingCoverage, NO_GAPS, replayPath, type StepCheck } from './support/modelPaths';

const payload = { body: { display_name: 'معامله‌گر' } };
const saved = { user_id: 1, display_name: 'معامله‌گر' };
const refused = { kind: 'HTTP_ERROR', status: 422, data: { detail: [] } };
const context = (c: { result: unknown; error: unknown }) => ({ result: c.result !== null, error: c.error !== null });

const paths = generatePaths(mutationMachine, {
  algorithm: 'simple',
  context,
  events: [
    { type: 'mutation.submit', payload },
    { type: 'mutation.reset' },
    { type: 'xstate.done.actor.submit', output: saved },
    { type: 'xstate.error.actor.submit', error: refused },
  ],
});

/** A form's rules: one submission at a time, errors cleared on a new attempt, results kept. */
function checkRules({ snapshot }: StepCheck) {
  if (snapshot.matches('submitting')) {
    expect(snapshot.hasTag('loading')).toBe(true);
    expect(snapshot.context.error).toBeNull();
    expect(snapshot.can({ type: 'mutation.submit', payload })).toBe(false);
  } else {
    expect(snapshot.hasTag('loading')).toBe(false);
  }
  if (snapshot.matches('succeeded')) expect(snapshot.context.result).toEqual(saved);
  if (snapshot.matches('failed')) expect(snapshot.context.error).toEqual(refused);
}

describe('mutationMachine (model)', () => {
  it('has the planned number of paths', () => {
    expect(paths.map((p) => p.description)).toHaveLength(4);
  });

  it('visits every state and transition', () => {
    expect(missingCoverage(mutationMachine, paths)).toEqual(NO_GAPS);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const fakes = createFakeActors();
      const clock = new SimulatedClock();
      const actor = createActor(mutationMachine.provide({ actors: { submit: fakes.promise() } }), { clock });
      await replayPath(path, { actor, clock, fakes, context, check: checkRules });
      expect(fakes.calls('submit').every((call) => JSON.stringify(call) === JSON.stringify(payload))).toBe(true);
    });
  }
});
