import { useMemo, useState, type FormEvent } from 'react';
import { useSignalsT } from '../signals/useSignalsT';
import type { Group } from '../../../contract/signals/relations';
import { useMutation } from '../../actors/hooks';
import { signalsApi, signalsTags } from '../../actors/signalsEndpoints';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Field } from '../components/Field';
import { errorMessage } from '../errorMessage';
import { ConfirmButton } from '../signals/controls';
import { GroupParentSelect } from './GroupParentSelect';
import { shiftedPosition, subtreeIds, type TreeNode } from './tree';

const INVALIDATES = [signalsTags.groups, signalsTags.subscriptions];

/**
 * A group's name, place in the tree and order among its siblings, and its deletion. The
 * page keys it by the group's name and parent, so a saved change starts it afresh.
 */
export function GroupSettings({ group, groups, tree }: { group: Group; groups: readonly Group[]; tree: readonly TreeNode[] }) {
  const { t } = useSignalsT();
  const update = useMutation(signalsApi.updateGroup, { invalidates: INVALIDATES });
  const remove = useMutation(signalsApi.deleteGroup, { invalidates: INVALIDATES });
  const [name, setName] = useState(group.name);
  const [parent, setParent] = useState<number | null>(group.node_id);
  const [recursive, setRecursive] = useState(false);

  const exclude = useMemo(() => subtreeIds(groups, group.id), [groups, group.id]);
  const hasChildren = groups.some((g) => g.node_id === group.id);
  const up = shiftedPosition(groups, group, -1);
  const down = shiftedPosition(groups, group, 1);
  const changed = name.trim() !== group.name || parent !== group.node_id;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const body: { id: number; name?: string; node_id?: number | null } = { id: group.id };
    if (name.trim() !== group.name) body.name = name.trim();
    if (parent !== group.node_id) body.node_id = parent;
    update.submit({ body });
  };

  return (
    <form onSubmit={save} className="space-y-3" aria-label={t('watchlists.settings')}>
      {update.error ?? remove.error ? <Alert tone="error">{errorMessage(update.error ?? remove.error, t)}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('watchlists.groupName')} name="rename" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} dir="auto" />
        <GroupParentSelect tree={tree} value={parent} onChange={setParent} exclude={exclude} label={t('watchlists.parent')} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={!changed || !name.trim() || update.submitting}>
          {t('common.save')}
        </Button>
        <Button kind="secondary" disabled={up === null || update.submitting} onClick={() => up !== null && update.submit({ body: { id: group.id, position: up } })}>
          {t('watchlists.orderUp')}
        </Button>
        <Button kind="secondary" disabled={down === null || update.submitting} onClick={() => down !== null && update.submit({ body: { id: group.id, position: down } })}>
          {t('watchlists.orderDown')}
        </Button>
        <span className="ms-auto flex flex-wrap items-center gap-3">
          {hasChildren ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={recursive} onChange={(e) => setRecursive(e.target.checked)} />
              {t('watchlists.deleteRecursive')}
            </label>
          ) : null}
          <ConfirmButton label={t('watchlists.delete')} confirmLabel={t('watchlists.confirmDelete')} disabled={remove.submitting} onConfirm={() => remove.submit({ query: { group_id: group.id, recursive } })} />
        </span>
      </div>
    </form>
  );
}
