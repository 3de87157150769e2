import { afterEach, describe, expect, it, vi } from 'vitest';
import { and, assign, createActor, createMachine, fromPromise, not, or, setup, stateIn, type AnyStateMachine } from 'xstate';
import { socketMachine } from '../../src/machines/socketMachine';
import {
  activeStateIds,
  buildMachineGraph,
  describeMachine,
  describeGuard,
  exportMachineJson,
  formatDuration,
  formatStateValue,
  type MachineGraph,
} from '../../src/views/statecharts/machineGraph';
import type { StateBox } from '../../src/views/statecharts/machineLayout';

/** Nested states, guards of every form, delays (numeric and named), an invoke, final states. */
const traffic = setup({
  types: { context: {} as { count: number } },
  guards: { isRush: () => false, hasPower: () => true, isBroken: () => false },
  delays: { slow: 5_000, jitter: () => 60_000 },
  actors: { probe: fromPromise(async () => 'ok') },
}).createMachine({
  id: 'traffic',
  initial: 'green',
  context: { count: 0 },
  on: { 'power.cut': '.off' },
  states: {
    green: {
      after: { 30_000: 'yellow' },
      on: {
        'light.tick': { target: 'yellow', guard: 'isRush' },
        'light.count': { actions: assign({ count: ({ context }) => context.count + 1 }) },
      },
    },
    yellow: { after: { slow: 'red', jitter: { target: 'off', guard: and(['hasPower', not('isBroken')]) } } },
    red: {
      initial: 'walk',
      states: {
        walk: { on: { 'ped.countdown': 'wait' } },
        wait: { on: { 'ped.stop': { target: 'stop', guard: ({ context }) => context.count >= 0 } } },
        stop: { type: 'final' },
      },
      onDone: 'green',
    },
    off: {
      tags: ['loading'],
      invoke: { src: 'probe', id: 'probe', onDone: 'green', onError: { target: 'broken', guard: { type: 'isBroken' } } },
    },
    broken: { type: 'final' },
  },
});

/** Parallel regions, a history state, multiple targets, an eventless transition, stateIn. */
const editor = createMachine({
  id: 'editor',
  type: 'parallel',
  on: { 'editor.reset': { target: ['.bold.off', '.list.none'] } },
  states: {
    bold: {
      initial: 'off',
      states: {
        off: { on: { 'bold.toggle': 'on' } },
        on: { on: { 'bold.toggle': 'off' } },
      },
    },
    list: {
      initial: 'none',
      states: {
        none: { on: { 'list.bullets': 'bullets', 'list.restore': 'last' } },
        bullets: { always: { target: 'none', guard: stateIn('#editor.bold.on') } },
        last: { type: 'history', history: 'deep' },
      },
    },
  },
});

/** States in a line, `next` from each to the following one, plus extra `jump` transitions. */
function chainOf(keys: string[], jumps: Record<string, string>) {
  const states = Object.fromEntries(
    keys.map((key, i) => [key, { on: { ...(keys[i + 1] ? { next: keys[i + 1]! } : {}), ...(jumps[key] ? { jump: jumps[key]! } : {}) } }]),
  );
  return createMachine({ id: 'long', initial: keys[0]!, states });
}

const byId = (graph: MachineGraph) => new Map(graph.states.map((state) => [state.id, state]));
const labelsFrom = (graph: MachineGraph, sourceId: string) => graph.transitions.filter((t) => t.sourceId === sourceId).map((t) => t.label);
const inside = (inner: StateBox, outer: StateBox) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
const overlap = (a: StateBox, b: StateBox) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
/** Whether a polyline passes through a box's inside. */
const crosses = (points: { x: number; y: number }[], box: StateBox) =>
  points.slice(1).some((q, i) => {
    const p = points[i]!;
    return Math.min(p.x, q.x) < box.x + box.width && Math.max(p.x, q.x) > box.x && Math.min(p.y, q.y) < box.y + box.height && Math.max(p.y, q.y) > box.y;
  });
const onBorder = (point: { x: number; y: number }, box: StateBox) => {
  const withinX = point.x >= box.x - 0.5 && point.x <= box.x + box.width + 0.5;
  const withinY = point.y >= box.y - 0.5 && point.y <= box.y + box.height + 0.5;
  const atX = Math.abs(point.x - box.x) < 0.6 || Math.abs(point.x - box.x - box.width) < 0.6;
  const atY = Math.abs(point.y - box.y) < 0.6 || Math.abs(point.y - box.y - box.height) < 0.6;
  return (atX && withinY) || (atY && withinX);
};

/** Holds for any machine: every node boxed inside its parent, siblings apart, arrows landing on their targets. */
function expectDrawable(machine: AnyStateMachine) {
  const graph = buildMachineGraph(machine);
  const { boxes, rows, edges, initials } = graph.layout;
  const states = byId(graph);
  for (const state of graph.states) {
    const box = boxes[state.id]!;
    expect(box, state.id).toBeDefined();
    expect(box.width).toBeGreaterThan(0);
    if (state.parentId) expect(inside(box, boxes[state.parentId]!), `${state.id} inside its parent`).toBe(true);
    for (const siblingId of states.get(state.parentId ?? '')?.childIds ?? []) {
      if (siblingId !== state.id) expect(overlap(box, boxes[siblingId]!), `${state.id} / ${siblingId}`).toBe(false);
    }
  }
  expect(rows.map((row) => row.transitionId)).toEqual(graph.transitions.map((t) => t.id));
  for (const row of rows) expect(row.y).toBeLessThan(boxes[row.stateId]!.y + boxes[row.stateId]!.height);
  const expectedEdges = graph.transitions.flatMap((t) => [...new Set(t.targetIds)].map((target) => `${t.id}->${target}`));
  expect(edges.map((edge) => edge.id)).toEqual(expectedEdges);
  for (const edge of edges) {
    const row = rows.find((r) => r.transitionId === edge.transitionId)!;
    expect(edge.points[0]).toEqual({ x: row.anchorX, y: row.y });
    const end = edge.points.at(-1)!;
    const target = boxes[edge.targetId]!;
    const intoAncestor = graph.transitions.find((t) => t.id === edge.transitionId)!.sourceId !== edge.targetId && inside(boxes[row.stateId]!, target);
    // An arrow into an enclosing state ends under its header; every other one on the target's border.
    if (!intoAncestor) expect(onBorder(end, target), `${edge.id} ends on its target`).toBe(true);
    for (const point of edge.points) {
      expect(point.x).toBeGreaterThanOrEqual(0);
      expect(point.x).toBeLessThanOrEqual(graph.layout.width);
      expect(point.y).toBeLessThanOrEqual(graph.layout.height);
    }
  }
  expect(initials.map((marker) => marker.stateId).sort()).toEqual(graph.states.filter((s) => s.isInitial).map((s) => s.id).sort());
  return graph;
}

describe('describeMachine', () => {
  it('lists every state node with its kind, nesting and initial flag', () => {
    const model = describeMachine(traffic);
    expect(model.machineId).toBe('traffic');
    expect(model.states.map((s) => [s.id, s.kind, s.parentId, s.depth, s.isInitial])).toEqual([
      ['traffic', 'compound', null, 0, false],
      ['traffic.green', 'atomic', 'traffic', 1, true],
      ['traffic.yellow', 'atomic', 'traffic', 1, false],
      ['traffic.red', 'compound', 'traffic', 1, false],
      ['traffic.red.walk', 'atomic', 'traffic.red', 2, true],
      ['traffic.red.wait', 'atomic', 'traffic.red', 2, false],
      ['traffic.red.stop', 'final', 'traffic.red', 2, false],
      ['traffic.off', 'atomic', 'traffic', 1, false],
      ['traffic.broken', 'final', 'traffic', 1, false],
    ]);
    const off = model.states.find((s) => s.id === 'traffic.off')!;
    expect(off.invokes).toEqual([{ id: 'probe', src: 'probe' }]);
    expect(off.tags).toEqual(['loading']);
  });

  it('labels every transition `event [guard]`, with delays, done/error events and targets', () => {
    const graph = buildMachineGraph(traffic);
    expect(labelsFrom(graph, 'traffic')).toEqual(['power.cut']);
    expect(labelsFrom(graph, 'traffic.green')).toEqual(['light.tick [isRush]', 'light.count', 'after 30s']);
    expect(labelsFrom(graph, 'traffic.yellow')).toEqual(['after 5s', 'after jitter [hasPower && !isBroken]']);
    expect(labelsFrom(graph, 'traffic.red')).toEqual(['done']);
    expect(labelsFrom(graph, 'traffic.red.wait')).toEqual(['ped.stop [inline]']);
    expect(labelsFrom(graph, 'traffic.off')).toEqual(['done: probe', 'error: probe [isBroken]']);
    const t = (label: string) => graph.transitions.find((tr) => tr.label === label)!;
    expect(t('after 30s')).toMatchObject({ kind: 'after', delay: 30_000, targetIds: ['traffic.yellow'], eventType: 'xstate.after.30000.traffic.green' });
    expect(t('after 5s')).toMatchObject({ delay: 'slow', targetIds: ['traffic.red'] });
    expect(t('light.count')).toMatchObject({ targetIds: [], guard: null });
    expect(t('power.cut').targetIds).toEqual(['traffic.off']);
    expect(t('done').targetIds).toEqual(['traffic.green']);
    expect(t('error: probe [isBroken]')).toMatchObject({ kind: 'error', guard: 'isBroken', targetIds: ['traffic.broken'] });
  });

  it('reads parallel regions, history, multiple targets and eventless transitions', () => {
    const graph = buildMachineGraph(editor);
    const states = byId(graph);
    expect(states.get('editor')!.kind).toBe('parallel');
    expect(states.get('editor')!.childIds).toEqual(['editor.bold', 'editor.list']);
    // Regions are entered together: none of them is "the" initial one.
    expect(states.get('editor.bold')!.isInitial).toBe(false);
    expect(states.get('editor.bold.off')!.isInitial).toBe(true);
    expect(states.get('editor.list.last')).toMatchObject({ kind: 'history', history: 'deep' });
    const reset = graph.transitions.find((t) => t.eventType === 'editor.reset')!;
    expect(reset.targetIds).toEqual(['editor.bold.off', 'editor.list.none']);
    expect(labelsFrom(graph, 'editor.list.bullets')).toEqual(['always [in(#editor.bold.on)]']);
    expect(graph.transitions.find((t) => t.kind === 'always')!.targetIds).toEqual(['editor.list.none']);
    expect(graph.layout.edges.filter((e) => e.transitionId === reset.id).map((e) => e.targetId)).toEqual(['editor.bold.off', 'editor.list.none']);
  });

  it("reads a real app machine: the socket's named delays and guarded closes", () => {
    const graph = buildMachineGraph(socketMachine);
    expect(graph.states.map((s) => s.key)).toEqual(['socket', 'idle', 'connecting', 'open', 'waiting', 'closed', 'gaveUp']);
    expect(labelsFrom(graph, 'socket.open')).toContain('after heartbeat');
    expect(labelsFrom(graph, 'socket.waiting')).toContain('after reconnect');
    expect(labelsFrom(graph, 'socket.connecting')).toEqual(expect.arrayContaining(['socket.opened', 'socket.closed [isUnauthorized]', 'socket.closed']));
    const heartbeat = graph.transitions.find((t) => t.label === 'after heartbeat')!;
    expect(heartbeat).toMatchObject({ kind: 'after', delay: 'heartbeat', reenter: true, targetIds: ['socket.open'] });
  });

  it('names guards of every form', () => {
    expect(describeGuard('isRush')).toBe('isRush');
    expect(describeGuard({ type: 'isBroken', params: { x: 1 } })).toBe('isBroken');
    expect(describeGuard(and(['a', not(and(['b', 'c']))]))).toBe('a && !(b && c)');
    expect(describeGuard(stateIn({ red: 'walk' }))).toBe('in({"red":"walk"})');
    expect(describeGuard(or([and(['a', 'b']), 'c']))).toBe('(a && b) || c');
    expect(describeGuard(function hasRoom() {})).toBe('hasRoom');
    expect(describeGuard(() => true)).toBe('inline');
  });

  it('formats delays', () => {
    expect([500, 1_000, 30_000, 90_000, 120_000, 86_400_000, 1_500].map(formatDuration)).toEqual(['500ms', '1s', '30s', '1m 30s', '2m', '24h', '1s 500ms']);
  });
});

describe('layout', () => {
  it.each([
    ['nested, guarded, delayed, final', traffic],
    ['parallel with history', editor],
    ['socket', socketMachine],
  ])('draws every state and transition of the %s machine', (_name, machine) => {
    expectDrawable(machine);
  });

  it('puts the initial state first and follows the transitions rightwards', () => {
    const chain = createMachine({
      id: 'chain',
      initial: 'a',
      states: {
        z: { on: { go: 'a' } },
        a: { on: { next: 'b', skip: 'd' } },
        b: { on: { next: 'c', back: 'a' } },
        c: { on: { next: 'd', restart: 'a' } },
        d: {},
      },
    });
    const { layout } = buildMachineGraph(chain);
    const x = (key: string) => layout.boxes[`chain.${key}`]!.x;
    // a first though z comes first in the file; d after c though a also skips to it.
    expect([x('a'), x('b'), x('c'), x('d')]).toEqual([...[x('a'), x('b'), x('c'), x('d')]].sort((p, q) => p - q));
    expect(new Set([x('a'), x('b'), x('c'), x('d')]).size).toBe(4);
    expect(x('z')).toBe(x('a'));
    // The back edge runs outside the row of states (over it: z sits under a) and misses every box.
    const back = layout.edges.find((e) => e.id === 'chain.c#1->chain.a')!;
    const a = layout.boxes['chain.a']!;
    expect(back.points.at(-1)).toMatchObject({ y: a.y });
    for (const key of ['b', 'd', 'z']) expect(crosses(back.points, layout.boxes[`chain.${key}`]!), key).toBe(false);
  });

  it('keeps a long forward arrow out of the boxes it skips', () => {
    const { layout } = buildMachineGraph(chainOf(['a', 'b', 'c'], { a: 'c' }));
    const skip = layout.edges.find((e) => e.id === 'long.a#1->long.c')!;
    expect(crosses(skip.points, layout.boxes['long.b']!)).toBe(false);
    expect(skip.points.at(-1)!.x).toBeGreaterThan(layout.boxes['long.c']!.x);
  });

  it('lays parallel regions side by side', () => {
    const { layout } = buildMachineGraph(editor);
    const bold = layout.boxes['editor.bold']!;
    const list = layout.boxes['editor.list']!;
    expect(bold.y).toBe(list.y);
    expect(bold.x + bold.width).toBeLessThan(list.x);
  });

  it('is deterministic', () => {
    expect(buildMachineGraph(traffic)).toEqual(buildMachineGraph(traffic));
    expect(JSON.stringify(buildMachineGraph(socketMachine).layout)).toBe(JSON.stringify(buildMachineGraph(socketMachine).layout));
  });

  // Whatever machines the app has: each one draws (a broken file fails only its own case).
  const machineModules = import.meta.glob('../../src/machines/*Machine.ts');
  it.each(Object.keys(machineModules))('draws %s', async (path) => {
    const module = (await machineModules[path]!()) as Record<string, unknown>;
    const machines = Object.values(module).filter((value): value is AnyStateMachine => Boolean(value && typeof value === 'object' && 'root' in value && 'getStateNodeById' in value));
    expect(machines.length).toBeGreaterThan(0);
    for (const machine of machines) {
      const graph = expectDrawable(machine);
      // Every node XState knows of, by id.
      expect(graph.states.length).toBe((machine as unknown as { idMap: Map<string, unknown> }).idMap.size);
    }
  });
});

describe('activeStateIds', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('follows an actor through events, delays and nested states', () => {
    vi.useFakeTimers();
    const actor = createActor(traffic).start();
    const ids = () => activeStateIds(actor.getSnapshot());
    expect(ids()).toEqual(['traffic', 'traffic.green']);
    vi.advanceTimersByTime(30_000);
    expect(ids()).toEqual(['traffic', 'traffic.yellow']);
    vi.advanceTimersByTime(5_000);
    expect(ids()).toEqual(['traffic', 'traffic.red', 'traffic.red.walk']);
    actor.send({ type: 'ped.countdown' });
    expect(ids()).toEqual(['traffic', 'traffic.red', 'traffic.red.wait']);
    actor.send({ type: 'ped.stop' });
    // red reached its final state, so its onDone took the light back to green.
    expect(ids()).toEqual(['traffic', 'traffic.green']);
    expect(formatStateValue(actor.getSnapshot().value)).toBe('green');
    actor.stop();
  });

  it('lists every active region of a parallel state', () => {
    const actor = createActor(editor).start();
    expect(activeStateIds(actor.getSnapshot())).toEqual(['editor', 'editor.bold', 'editor.bold.off', 'editor.list', 'editor.list.none']);
    actor.send({ type: 'bold.toggle' });
    actor.send({ type: 'list.bullets' });
    // bullets is left at once: its eventless transition sees bold on.
    expect(activeStateIds(actor.getSnapshot())).toEqual(['editor', 'editor.bold', 'editor.bold.on', 'editor.list', 'editor.list.none']);
    expect(formatStateValue(actor.getSnapshot().value)).toBe('bold.on, list.none');
    actor.stop();
  });

  it('works from a state value and a machine alone', () => {
    expect(activeStateIds({ value: { red: 'wait' } }, traffic)).toEqual(['traffic', 'traffic.red', 'traffic.red.wait']);
    expect(activeStateIds({ value: 'green' })).toEqual([]);
  });
});

describe('exportMachineJson', () => {
  it("is the machine's definition as JSON, and round-trips", () => {
    const text = exportMachineJson(traffic);
    const parsed = JSON.parse(text);
    expect(JSON.stringify(parsed, null, 2)).toBe(text);
    expect(parsed).toMatchObject({ id: 'traffic', type: 'compound', initial: { target: ['#traffic.green'] } });
    expect(Object.keys(parsed.states)).toEqual(['green', 'yellow', 'red', 'off', 'broken']);
    expect(parsed.states.red.states.stop.type).toBe('final');
    // Function guards are named rather than dropped.
    expect(parsed.states.red.states.wait.transitions[0]).toMatchObject({ guard: 'inline', target: ['#traffic.red.stop'], source: '#traffic.red.wait' });
    expect(parsed.states.yellow.transitions[1]).toMatchObject({ delay: 'jitter', guard: 'hasPower && !isBroken' });
    expect(parsed.states.off.invoke).toEqual([expect.objectContaining({ id: 'probe', src: 'probe', type: 'xstate.invoke' })]);
    // Everything else is XState's own definition.
    const own = JSON.parse(JSON.stringify(traffic.toJSON()));
    expect(parsed.states.green).toEqual(own.states.green);
  });

  it('keeps the eventless transitions XState leaves out of its definition', () => {
    const parsed = JSON.parse(exportMachineJson(editor));
    expect(parsed.type).toBe('parallel');
    expect(parsed.states.list.states.bullets.always).toEqual([
      expect.objectContaining({ target: ['#editor.list.none'], guard: 'in(#editor.bold.on)', eventType: '' }),
    ]);
    expect(parsed.states.list.states.last).toMatchObject({ type: 'history', history: 'deep' });
  });

  it('exports every state node of a real machine', () => {
    const parsed = JSON.parse(exportMachineJson(socketMachine));
    const ids: string[] = [];
    const walk = (node: { id: string; states: Record<string, unknown> }) => {
      ids.push(node.id);
      Object.values(node.states).forEach((child) => walk(child as typeof node));
    };
    walk(parsed);
    expect(ids).toEqual(describeMachine(socketMachine).states.map((s) => s.id));
  });
});
