import { useSignalsT } from '../signals/useSignalsT';
import { SelectField } from '../signals/controls';
import { flattenTree, type TreeNode } from './tree';

/** Where a group sits: the top level or inside another group (shown indented), minus the excluded ones. */
export function GroupParentSelect({ tree, value, onChange, exclude, label }: { tree: readonly TreeNode[]; value: number | null; onChange: (id: number | null) => void; exclude?: ReadonlySet<number>; label: string }) {
  const { t } = useSignalsT();
  return (
    <SelectField label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
      <option value="">{t('watchlists.topLevel')}</option>
      {flattenTree(tree)
        .filter(({ group }) => !exclude?.has(group.id))
        .map(({ group, depth }) => (
          <option key={group.id} value={group.id}>
            {`${'\u00a0\u00a0'.repeat(depth)}${group.name}`}
          </option>
        ))}
    </SelectField>
  );
}
