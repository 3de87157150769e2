import { useSignalsT } from '../signals/useSignalsT';
import type { Group } from '../../../contract/signals/relations';
import { flattenTree, type TreeNode } from './tree';

/** The folders and lists as an indented tree; the selected one is marked for assistive technology too. */
export function GroupTree({ tree, selectedId, onSelect, language }: { tree: readonly TreeNode[]; selectedId: number | null; onSelect: (group: Group) => void; language: string }) {
  const { t } = useSignalsT();
  const rows = flattenTree(tree);
  return (
    <ul role="tree" aria-label={t('watchlists.treeLabel')} className="space-y-0.5" data-testid="group-tree">
      {rows.map(({ group, depth, children }) => {
        const selected = group.id === selectedId;
        return (
          <li key={group.id} role="treeitem" aria-selected={selected} aria-level={depth + 1} data-group={group.name}>
            <button
              type="button"
              onClick={() => onSelect(group)}
              style={{ paddingInlineStart: `${0.75 + depth * 1.25}rem` }}
              className={`flex w-full items-center gap-2 rounded-lg py-2 pe-3 text-start text-sm ${
                selected ? 'bg-emerald-50 font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-700/50'
              }`}
            >
              <svg viewBox="0 0 24 24" className="h-4 w-4 shrink-0 text-slate-400" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true">
                <path d={children.length ? 'M3 6h6l2 2h10v11H3z' : 'M5 4h14v16H5zM9 9h6M9 13h6'} />
              </svg>
              <span className="min-w-0 flex-1 truncate" dir="auto">
                {group.name}
              </span>
              <span className="shrink-0 rounded-full bg-slate-100 px-2 text-xs tabular-nums text-slate-500 dark:bg-slate-700 dark:text-slate-300">
                {new Intl.NumberFormat(language).format(group.symbol_count)}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
