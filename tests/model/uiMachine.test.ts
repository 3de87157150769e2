import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { uiMachine, type UiContext, type UiInput } from '../../src/machines/uiMachine';
import { generatePaths, missingCoverage, NO_GAPS, replayPath, type ModelEvent, type ModelPath, type StepCheck } from './support/modelPaths';

const events: ModelEvent[] = [
  { type: 'ui.set', id: 'density', value: 'compact' },
  { type: 'ui.set', id: 'density', value: 'comfortable', persist: true },
  { type: 'ui.set', id: 'density', value: 'compact', persist: false },
  { type: 'ui.set', id: 'panel', value: 'markets' },
  { type: 'ui.remove', id: 'density' },
  { type: 'ui.remove', id: 'panel' },
];
const context = (c: UiContext) => ({ items: c.items, persisted: [...c.persistedIds].sort() });

const inputs: Record<string, UiInput> = {
  'nothing stored': { persisted: {} },
  'a panel remembered under ui.panel': { persisted: { panel: 'portfolio' } },
};
const groups = Object.entries(inputs).map(([name, input]) => ({ name, input, paths: generatePaths(uiMachine, { input, events, context }) }));
const allPaths: ModelPath[] = groups.flatMap((group) => group.paths);

/** The spec's UI-state rules: items keyed by id, persisted ones mirrored under `ui.<id>`. */
function uiRules(storage: Map<string, unknown>, input: UiInput) {
  return ({ snapshot, event, index }: StepCheck) => {
    const ctx = snapshot.context as UiContext;
    if (index === 0) expect(ctx.items).toEqual(input.persisted);
    // Storage holds exactly the persisted items, each under `ui.<id>` with its current value.
    expect([...storage.keys()].sort()).toEqual(ctx.persistedIds.map((id) => `ui.${id}`).sort());
    for (const id of ctx.persistedIds) expect(storage.get(`ui.${id}`)).toEqual(ctx.items[id]);
    if (event.type === 'ui.set') {
      const set = event as ModelEvent & { id: string; value: unknown; persist?: boolean };
      expect(ctx.items[set.id]).toEqual(set.value);
      if (set.persist === true) expect(ctx.persistedIds).toContain(set.id);
      if (set.persist === false) expect(ctx.persistedIds).not.toContain(set.id);
    }
    if (event.type === 'ui.remove') {
      const id = (event as ModelEvent & { id: string }).id;
      expect(id in ctx.items).toBe(false);
      expect(ctx.persistedIds).not.toContain(id);
    }
  };
}

describe('uiMachine (model)', () => {
  it('has the planned number of paths', () => {
    expect(groups.map((group) => [group.name, group.paths.length])).toEqual([
      ['nothing stored', 8],
      ['a panel remembered under ui.panel', 11],
    ]);
  });

  it('visits every state and transition', () => {
    expect(missingCoverage(uiMachine, allPaths)).toEqual(NO_GAPS);
  });

  for (const { name, input, paths } of groups) {
    describe(name, () => {
      for (const path of paths) {
        it(path.description, async () => {
          const storage = new Map<string, unknown>(Object.entries(input.persisted).map(([id, value]) => [`ui.${id}`, value]));
          const machine = uiMachine.provide({
            actions: {
              persistItem: (_, { id, value }) => void storage.set(`ui.${id}`, value),
              removePersistedItem: (_, { id }) => void storage.delete(`ui.${id}`),
            },
          });
          const clock = new SimulatedClock();
          const actor = createActor(machine, { input, clock });
          await replayPath(path, { actor, clock, context, check: uiRules(storage, input) });
        });
      }
    });
  }
});
