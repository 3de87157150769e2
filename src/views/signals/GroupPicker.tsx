import { useSignalsT } from './useSignalsT';
import type { Group } from '../../../contract/signals/relations';
import { buildTree, flattenTree } from '../watchlists/tree';

/** The groups a subscription scores, as checkboxes in tree order. */
export function GroupPicker({ groups, value, onChange, language }: { groups: readonly Group[]; value: readonly number[]; onChange: (ids: number[]) => void; language: string }) {
  const { t } = useSignalsT();
  const rows = flattenTree(buildTree(groups));
  const chosen = new Set(value);
  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{t('subscriptions.groups')}</legend>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">{t('subscriptions.noGroups')}</p>
      ) : (
        <ul className="max-h-56 space-y-1 overflow-auto rounded-lg border border-slate-200 p-2 dark:border-slate-700">
          {rows.map(({ group, depth }) => (
            <li key={group.id} style={{ paddingInlineStart: `${depth * 1.25}rem` }}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={chosen.has(group.id)}
                  onChange={(e) => onChange(e.target.checked ? [...value, group.id] : value.filter((id) => id !== group.id))}
                />
                <span dir="auto">{group.name}</span>
                <span className="text-xs text-slate-500">({new Intl.NumberFormat(language).format(group.symbol_count)})</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
