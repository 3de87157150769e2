import type { ChartState, ChartTransition, MachineModel } from './machineGraph';

/**
 * A deterministic layered layout for statecharts, in the spirit of the Sugiyama method but sized
 * for app machines (a few dozen states): inside each compound state its children go in columns
 * by longest path from the initial state along the transitions between them (back edges broken
 * by a depth-first search from the initial state); parallel regions sit side by side. Each
 * transition is a row `event [guard]` at the bottom of its source box and its arrow starts at
 * that row, so labels never need placing. Arrows are orthogonal polylines: forward arrows turn
 * in the gap after the source's column and enter the target's header from the left; backward
 * ones, and forward ones with a box in the way, run in a corridor below (or above) the siblings
 * and enter the target from below (or above).
 */

export interface Point {
  x: number;
  y: number;
}

export interface StateBox {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Lines under the title: invoked actors, tags. */
  notes: string[];
}

/** A transition's label inside its source box; its arrow starts at `anchorX`, `y`. */
export interface TransitionRow {
  transitionId: string;
  stateId: string;
  x: number;
  y: number;
  anchorX: number;
}

export interface EdgeRoute {
  id: string;
  transitionId: string;
  targetId: string;
  points: Point[];
}

export interface InitialMarker {
  stateId: string;
  from: Point;
  to: Point;
}

export interface ChartLayout {
  width: number;
  height: number;
  boxes: Record<string, StateBox>;
  rows: TransitionRow[];
  edges: EdgeRoute[];
  initials: InitialMarker[];
}

/** Sizes in SVG units; text widths assume the 11–12 px monospace font the view draws with. */
export const METRICS = {
  char: 6.8,
  titleChar: 7.6,
  header: 26,
  line: 16,
  row: 18,
  pad: 12,
  bodyGap: 12,
  gapX: 84,
  gapY: 22,
  initialSpace: 28,
  regionGap: 14,
  historySize: 34,
  minWidth: 84,
  margin: 16,
  lane: 6,
} as const;

const M = METRICS;

/** The lines a state shows under its title. */
export function notesOf(state: ChartState): string[] {
  const invokes = state.invokes.map((def) => `invoke ${def.src.startsWith('xstate.invoke.') ? def.id : def.src}`);
  return state.tags.length ? [...invokes, `tags: ${state.tags.join(', ')}`] : invokes;
}

interface Placement {
  /** Relative to the parent box. */
  dx: number;
  dy: number;
  /** x (relative to the parent box) of the gap after this state's column, where its arrows turn. */
  laneRight: number;
  /** Index of the state's column (or region) in its parent. */
  column: number;
}

export function layoutChart(model: MachineModel): ChartLayout {
  const byId = new Map(model.states.map((state) => [state.id, state]));
  const outgoing = new Map<string, ChartTransition[]>();
  for (const t of model.transitions) outgoing.set(t.sourceId, [...(outgoing.get(t.sourceId) ?? []), t]);

  const parentOf = (id: string) => byId.get(id)?.parentId ?? null;
  /** The child of `containerId` that holds `id` (or is it). */
  const childUnder = (containerId: string, id: string): string | undefined => {
    for (let current: string | null = id; current; current = parentOf(current)) {
      if (parentOf(current) === containerId) return current;
    }
    return undefined;
  };
  /** Transitions between distinct children of a container, lifted to those children. */
  const siblingEdges = (container: ChartState): [string, string][] =>
    model.transitions.flatMap((t) =>
      t.targetIds.flatMap((target): [string, string][] => {
        const from = childUnder(container.id, t.sourceId);
        const to = childUnder(container.id, target);
        return from && to && from !== to ? [[from, to]] : [];
      }),
    );

  const sizes = new Map<string, { width: number; height: number }>();
  const placements = new Map<string, Placement>();

  const measure = (state: ChartState): { width: number; height: number } => {
    if (state.kind === 'history') {
      const size = { width: M.historySize, height: M.historySize };
      sizes.set(state.id, size);
      return size;
    }
    const notes = notesOf(state);
    const rows = outgoing.get(state.id) ?? [];
    const children = state.childIds.map((id) => byId.get(id)!);
    const childSizes = new Map(children.map((child) => [child.id, measure(child)]));
    const bodyTop = M.header + notes.length * M.line + (children.length ? M.bodyGap : 0);
    let bodyWidth = 0;
    let bodyHeight = 0;
    if (children.length && state.kind === 'parallel') {
      let x = 0;
      children.forEach((child, column) => {
        const size = childSizes.get(child.id)!;
        placements.set(child.id, { dx: M.pad + x, dy: bodyTop, laneRight: M.pad + x + size.width, column });
        x += size.width + M.regionGap;
        bodyHeight = Math.max(bodyHeight, size.height);
      });
      bodyWidth = x - M.regionGap;
    } else if (children.length) {
      const columns = rankChildren(children, siblingEdges(state));
      let x = M.initialSpace;
      columns.forEach((ids, column) => {
        const columnWidth = Math.max(...ids.map((id) => childSizes.get(id)!.width));
        let y = 0;
        for (const id of ids) {
          placements.set(id, { dx: M.pad + x, dy: bodyTop + y, laneRight: M.pad + x + columnWidth, column });
          y += childSizes.get(id)!.height + M.gapY;
        }
        bodyHeight = Math.max(bodyHeight, y - M.gapY);
        x += columnWidth + M.gapX;
      });
      bodyWidth = x - M.gapX;
    }
    if (children.length) bodyHeight += backEdgeSpace(state);
    const textWidth = Math.max(
      (state.key.length + 3) * M.titleChar,
      ...notes.map((note) => note.length * M.char),
      ...rows.map((t) => t.label.length * M.char + M.pad),
    );
    const size = {
      width: Math.ceil(Math.max(M.minWidth, textWidth + 2 * M.pad, bodyWidth + 2 * M.pad)),
      height: Math.ceil(bodyTop + (children.length ? bodyHeight + M.pad : 0) + rows.length * M.row + (rows.length ? 6 : 8)),
    };
    sizes.set(state.id, size);
    return size;
  };

  /** Room below a container's children for the arrows that run back under them. */
  const backEdgeSpace = (container: ChartState): number => {
    const count = siblingEdges(container).filter(([from, to]) => placements.get(to)!.column <= placements.get(from)!.column).length;
    return count ? 8 + Math.min(count, 6) * M.lane : 0;
  };

  const root = byId.get(model.rootId)!;
  measure(root);

  const boxes: Record<string, StateBox> = {};
  const laneRight = new Map<string, number>();
  const place = (state: ChartState, x: number, y: number) => {
    const size = sizes.get(state.id)!;
    boxes[state.id] = { id: state.id, x, y, width: size.width, height: size.height, notes: state.kind === 'history' ? [] : notesOf(state) };
    for (const childId of state.childIds) {
      const placement = placements.get(childId)!;
      laneRight.set(childId, x + placement.laneRight);
      place(byId.get(childId)!, x + placement.dx, y + placement.dy);
    }
  };
  place(root, M.margin, M.margin);
  laneRight.set(root.id, M.margin + sizes.get(root.id)!.width);

  const rows: TransitionRow[] = [];
  for (const state of model.states) {
    const own = outgoing.get(state.id) ?? [];
    const box = boxes[state.id]!;
    own.forEach((t, index) => {
      const y = box.y + box.height - 6 - (own.length - index) * M.row + M.row / 2;
      rows.push({ transitionId: t.id, stateId: state.id, x: box.x + M.pad, y, anchorX: box.x + box.width });
    });
  }

  const edges = routeEdges(model, boxes, rows, laneRight, byId);
  const initials: InitialMarker[] = model.states
    .filter((state) => state.isInitial)
    .map((state) => {
      const box = boxes[state.id]!;
      const y = box.y + (state.kind === 'history' ? box.height / 2 : M.header / 2);
      return { stateId: state.id, from: { x: box.x - 18, y }, to: { x: box.x - 1, y } };
    });

  return normalise({ width: 0, height: 0, boxes, rows, edges, initials });
}

/**
 * Columns of sibling states: the initial state first, then by longest path along forward edges.
 * Edges into the initial state and edges closing a cycle (found depth-first from the initial
 * state, then the rest in document order) do not push a state right.
 */
function rankChildren(children: ChartState[], edges: [string, string][]): string[][] {
  const ids = children.map((child) => child.id);
  const initial = children.find((child) => child.isInitial)?.id ?? ids[0]!;
  const next = new Map(ids.map((id) => [id, [] as string[]]));
  for (const [from, to] of edges) if (to !== initial && !next.get(from)!.includes(to)) next.get(from)!.push(to);

  const order: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const forward: [string, string][] = [];
  const visit = (id: string) => {
    state.set(id, 'open');
    order.push(id);
    for (const to of next.get(id)!) {
      if (state.get(to) === 'open') continue; // back edge
      forward.push([id, to]);
      if (!state.has(to)) visit(to);
    }
    state.set(id, 'done');
  };
  for (const id of [initial, ...ids]) if (!state.has(id)) visit(id);

  const rank = new Map(ids.map((id) => [id, 0]));
  // Longest path: relax in depth-first order until nothing moves (the forward edges form a DAG).
  for (let changed = true; changed; ) {
    changed = false;
    for (const [from, to] of forward) {
      if (rank.get(to)! < rank.get(from)! + 1) {
        rank.set(to, rank.get(from)! + 1);
        changed = true;
      }
    }
  }
  const columns: string[][] = [];
  for (const id of order) (columns[rank.get(id)!] ??= []).push(id);
  return columns.filter((column) => column.length);
}

function routeEdges(
  model: MachineModel,
  boxes: Record<string, StateBox>,
  rows: TransitionRow[],
  laneRight: Map<string, number>,
  byId: Map<string, ChartState>,
): EdgeRoute[] {
  const rowOf = new Map(rows.map((row) => [row.transitionId, row]));
  const ancestors = (id: string): string[] => {
    const chain: string[] = [];
    for (let current = byId.get(id)?.parentId ?? null; current; current = byId.get(current)?.parentId ?? null) chain.push(current);
    return chain;
  };
  const lanes = new Map<string, number>();
  const takeLane = (key: string) => {
    const lane = lanes.get(key) ?? 0;
    lanes.set(key, lane + 1);
    return lane % 6;
  };
  /** Whether a segment crosses a box other than the given ones (the endpoints and their ancestors). */
  const crosses = (a: Point, b: Point, except: Set<string>) =>
    Object.values(boxes).some((box) => {
      if (except.has(box.id)) return false;
      const [x1, x2] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
      const [y1, y2] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
      return x1 < box.x + box.width && x2 > box.x && y1 < box.y + box.height && y2 > box.y;
    });

  const edges: EdgeRoute[] = [];
  for (const t of model.transitions) {
    const row = rowOf.get(t.id)!;
    const source = boxes[t.sourceId]!;
    const start = { x: row.anchorX, y: row.y };
    for (const targetId of new Set(t.targetIds)) {
      const target = boxes[targetId]!;
      const sourceAncestors = ancestors(t.sourceId);
      const targetAncestors = ancestors(targetId);
      const except = new Set([t.sourceId, targetId, ...sourceAncestors, ...targetAncestors]);
      let points: Point[];
      if (targetId === t.sourceId) {
        const y = target.y + Math.min(M.header / 2, target.height / 2);
        const loopX = start.x + 14;
        points = [start, { x: loopX, y: start.y }, { x: loopX, y }, { x: source.x + source.width, y }];
      } else if (sourceAncestors.includes(targetId)) {
        // Into an enclosing state: up to the bottom of its header.
        const x = Math.min(start.x + 10 + takeLane(targetId) * M.lane, target.x + target.width - 4);
        points = [start, { x, y: start.y }, { x, y: target.y + M.header }];
      } else if (targetAncestors.includes(t.sourceId)) {
        // From a state to one of its own descendants: out to the right, over, and down into it.
        const lane = takeLane(t.sourceId);
        const x = start.x + 10 + lane * M.lane;
        const y = target.y - 6 - lane * 3;
        const tx = target.x + target.width / 2;
        points = [start, { x, y: start.y }, { x, y }, { x: tx, y }, { x: tx, y: target.y }];
      } else {
        // Turn in the gap after the source's column; straight into the target's header when
        // nothing is in the way, else along a corridor under (or over) the siblings of the two.
        const base = laneRight.get(t.sourceId) ?? start.x;
        const x = Math.max(start.x, base) + 10 + takeLane(`${byId.get(t.sourceId)?.parentId}:${base}`) * M.lane;
        const entryY = target.y + Math.min(7 + takeLane(`in:${targetId}`) * 6, target.height / 2);
        const direct = [start, { x, y: start.y }, { x, y: entryY }, { x: target.x, y: entryY }];
        if (target.x > x + 4 && !crosses(direct[2]!, direct[3]!, except)) {
          points = direct;
        } else {
          const common = sourceAncestors.find((id) => targetAncestors.includes(id)) ?? model.rootId;
          const siblings = (byId.get(common)?.childIds ?? []).map((id) => boxes[id]!);
          const lane = takeLane(`corridor:${common}`);
          const tx = target.x + target.width / 2 + ((lane % 3) - 1) * 8;
          const floor = Math.max(source.y + source.height, target.y + target.height, ...siblings.map((b) => b.y + b.height)) + 8 + lane * M.lane;
          const ceiling = Math.min(source.y, target.y, ...siblings.map((b) => b.y)) - 4 - lane * 3;
          const under = [start, { x, y: start.y }, { x, y: floor }, { x: tx, y: floor }, { x: tx, y: target.y + target.height }];
          const over = [start, { x, y: start.y }, { x, y: ceiling }, { x: tx, y: ceiling }, { x: tx, y: target.y }];
          points = crosses(under[3]!, under[4]!, except) && !crosses(over[3]!, over[4]!, except) ? over : under;
        }
      }
      edges.push({ id: `${t.id}->${targetId}`, transitionId: t.id, targetId, points: dedupe(points) });
    }
  }
  return edges;
}

function dedupe(points: Point[]): Point[] {
  return points.filter((point, index) => index === 0 || point.x !== points[index - 1]!.x || point.y !== points[index - 1]!.y);
}

/** Moves everything so the drawing starts at the margin, and sizes the canvas to fit. */
function normalise(layout: ChartLayout): ChartLayout {
  const xs: number[] = [];
  const ys: number[] = [];
  const add = (x: number, y: number) => {
    xs.push(x);
    ys.push(y);
  };
  for (const box of Object.values(layout.boxes)) {
    add(box.x, box.y);
    add(box.x + box.width, box.y + box.height);
  }
  for (const edge of layout.edges) for (const point of edge.points) add(point.x, point.y);
  for (const marker of layout.initials) add(marker.from.x - 5, marker.from.y);
  const dx = M.margin - Math.min(...xs);
  const dy = M.margin - Math.min(...ys);
  const move = (point: Point): Point => ({ x: round(point.x + dx), y: round(point.y + dy) });
  return {
    width: Math.ceil(Math.max(...xs) + dx + M.margin),
    height: Math.ceil(Math.max(...ys) + dy + M.margin),
    boxes: Object.fromEntries(
      Object.entries(layout.boxes).map(([id, box]) => [id, { ...box, x: round(box.x + dx), y: round(box.y + dy) }]),
    ),
    rows: layout.rows.map((row) => ({ ...row, x: round(row.x + dx), y: round(row.y + dy), anchorX: round(row.anchorX + dx) })),
    edges: layout.edges.map((edge) => ({ ...edge, points: edge.points.map(move) })),
    initials: layout.initials.map((marker) => ({ ...marker, from: move(marker.from), to: move(marker.to) })),
  };
}

const round = (value: number) => Math.round(value * 10) / 10;
