import { useSelector } from '@xstate/react';
import { memo, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyActorRef, AnyStateMachine } from 'xstate';
import { activeStateIds, buildMachineGraph, type ChartState, type ChartTransition } from './machineGraph';
import type { StateBox, TransitionRow } from './machineLayout';

const NONE: readonly string[] = [];
const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * One machine drawn from its own definition as SVG: nested state boxes (parallel regions
 * dashed, final states doubled, history as H / H*), a row `event [guard]` per transition with its
 * arrow, and initial markers. With `actor`, the active states are highlighted (`aria-current`,
 * `data-active`) and follow the actor live, as do the arrows that can fire from them. The drawing
 * is LTR in both languages; the page around it mirrors.
 */
export const StatechartView = memo(function StatechartView({ machine, actor }: { machine: AnyStateMachine; actor?: AnyActorRef }) {
  const { t } = useTranslation();
  const graph = useMemo(() => buildMachineGraph(machine), [machine]);
  const active = useSelector(actor, (snapshot) => (snapshot ? activeStateIds(snapshot, machine) : NONE), sameIds);
  const activeSet = new Set(active);
  const markerId = useId();
  const { layout } = graph;
  const transitions = new Map(graph.transitions.map((tr) => [tr.id, tr]));
  const rowsByState = new Map<string, TransitionRow[]>();
  for (const row of layout.rows) rowsByState.set(row.stateId, [...(rowsByState.get(row.stateId) ?? []), row]);
  const stateById = new Map(graph.states.map((state) => [state.id, state]));

  return (
    <div dir="ltr" className="overflow-auto">
      <svg
        role="group"
        aria-label={t('statecharts.diagramLabel', { id: graph.machineId })}
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        className="font-mono text-[11px]"
      >
        <defs>
          {(['idle', 'live'] as const).map((tone) => (
            <marker key={tone} id={`${markerId}-${tone}`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" className={tone === 'live' ? 'fill-emerald-600' : 'fill-slate-400'} />
            </marker>
          ))}
        </defs>
        {graph.states.map((state) => (
          <StateShape
            key={state.id}
            state={state}
            box={layout.boxes[state.id]!}
            title={state.parentId ? state.key : graph.machineId}
            dashed={stateById.get(state.parentId ?? '')?.kind === 'parallel'}
            active={activeSet.has(state.id)}
            rows={(rowsByState.get(state.id) ?? []).map((row) => ({ row, transition: transitions.get(row.transitionId)! }))}
          />
        ))}
        {layout.initials.map((marker) => (
          <g key={`init:${marker.stateId}`} data-initial={marker.stateId} className="stroke-slate-500">
            <circle cx={marker.from.x} cy={marker.from.y} r={4} className="fill-slate-500" />
            <line x1={marker.from.x} y1={marker.from.y} x2={marker.to.x} y2={marker.to.y} markerEnd={`url(#${markerId}-idle)`} />
          </g>
        ))}
        {layout.edges.map((edge) => {
          const transition = transitions.get(edge.transitionId)!;
          const live = activeSet.has(transition.sourceId);
          return (
            <polyline
              key={edge.id}
              data-edge={edge.id}
              points={edge.points.map((p) => `${p.x},${p.y}`).join(' ')}
              fill="none"
              strokeWidth={live ? 1.6 : 1.1}
              className={live ? 'stroke-emerald-600' : 'stroke-slate-400 dark:stroke-slate-500'}
              markerEnd={`url(#${markerId}-${live ? 'live' : 'idle'})`}
            >
              <title>{`${transition.label}: ${transition.sourceId} → ${edge.targetId}`}</title>
            </polyline>
          );
        })}
      </svg>
    </div>
  );
});

interface ShapeProps {
  state: ChartState;
  box: StateBox;
  title: string;
  dashed: boolean;
  active: boolean;
  rows: { row: TransitionRow; transition: ChartTransition }[];
}

function StateShape({ state, box, title, dashed, active, rows }: ShapeProps) {
  const leaf = state.childIds.length === 0;
  const frame = active
    ? `stroke-emerald-600 ${leaf ? 'fill-emerald-100 dark:fill-emerald-900' : 'fill-emerald-50/60 dark:fill-emerald-950/40'}`
    : `stroke-slate-300 dark:stroke-slate-600 ${state.depth % 2 ? 'fill-white dark:fill-slate-800' : 'fill-slate-50 dark:fill-slate-900'}`;
  const strokeWidth = active ? 2 : 1;
  const common = { 'data-state-id': state.id, 'data-kind': state.kind, 'data-active': active ? 'true' : 'false', 'aria-current': active ? ('true' as const) : undefined };

  if (state.kind === 'history') {
    const r = box.width / 2;
    return (
      <g {...common} aria-label={state.id}>
        <title>{state.id}</title>
        <circle cx={box.x + r} cy={box.y + r} r={r} strokeWidth={strokeWidth} className={frame} />
        <text x={box.x + r} y={box.y + r} textAnchor="middle" dominantBaseline="central" className="fill-slate-700 font-bold dark:fill-slate-200">
          {state.history === 'deep' ? 'H*' : 'H'}
        </text>
      </g>
    );
  }

  return (
    <g {...common} aria-label={state.id}>
      <title>{state.id}</title>
      <rect x={box.x} y={box.y} width={box.width} height={box.height} rx={8} strokeWidth={strokeWidth} strokeDasharray={dashed ? '6 4' : undefined} className={frame} />
      {state.kind === 'final' ? (
        <rect x={box.x + 3} y={box.y + 3} width={box.width - 6} height={box.height - 6} rx={6} fill="none" strokeWidth={strokeWidth} className={active ? 'stroke-emerald-600' : 'stroke-slate-300 dark:stroke-slate-600'} />
      ) : null}
      <text x={box.x + 12} y={box.y + 17} className="fill-slate-800 text-[12px] font-bold dark:fill-slate-100">
        {title}
        {state.kind === 'parallel' ? <tspan className="fill-slate-400"> ∥</tspan> : null}
      </text>
      {box.notes.map((note, i) => (
        <text key={note} x={box.x + 12} y={box.y + 26 + i * 16 + 11} className="fill-slate-500 dark:fill-slate-400">
          {note}
        </text>
      ))}
      {rows.map(({ row, transition }) => (
        <g key={row.transitionId} data-transition={transition.id}>
          <text x={row.x} y={row.y} dominantBaseline="central" className={active ? 'fill-emerald-800 dark:fill-emerald-300' : 'fill-slate-600 dark:fill-slate-300'}>
            <tspan className={transition.targetIds.length ? undefined : 'italic'}>{transition.event}</tspan>
            {transition.guard ? <tspan className="fill-amber-700 dark:fill-amber-400">{` [${transition.guard}]`}</tspan> : null}
          </text>
          {transition.targetIds.length ? <circle cx={row.anchorX} cy={row.y} r={2.5} className={active ? 'fill-emerald-600' : 'fill-slate-400'} /> : null}
        </g>
      ))}
    </g>
  );
}
