import { useEffect, useState, type FormEvent } from 'react';
import { useSignalsT } from '../signals/useSignalsT';
import type { Group } from '../../../contract/signals/relations';
import { useMutation } from '../../actors/hooks';
import { signalsApi, signalsTags } from '../../actors/signalsEndpoints';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Field } from '../components/Field';
import { errorMessage } from '../errorMessage';
import { GroupParentSelect } from './GroupParentSelect';
import type { TreeNode } from './tree';

/**
 * A new list or folder, beside the selected group by default. The page keys it by the selection,
 * so creating one (which selects it) starts the form afresh.
 */
export function NewGroupForm({ tree, parentId, onCreated }: { tree: readonly TreeNode[]; parentId: number | null; onCreated: (group: Group) => void }) {
  const { t } = useSignalsT();
  const create = useMutation(signalsApi.createGroup, { invalidates: [signalsTags.groups] });
  const [name, setName] = useState('');
  const [parent, setParent] = useState<number | null>(parentId);
  const { succeeded, result, reset } = create;
  useEffect(() => {
    if (!succeeded || !result) return;
    onCreated(result);
    reset();
  }, [succeeded, result, onCreated, reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) create.submit({ body: { name: name.trim(), node_id: parent } });
  };

  return (
    <form onSubmit={submit} className="space-y-3" aria-label={t('watchlists.newGroup')}>
      {create.error ? <Alert tone="error">{errorMessage(create.error, t)}</Alert> : null}
      <Field label={t('watchlists.groupName')} name="group-name" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} dir="auto" />
      <GroupParentSelect tree={tree} value={parent} onChange={setParent} label={t('watchlists.parent')} />
      <Button type="submit" disabled={create.submitting || !name.trim()}>
        {t('watchlists.create')}
      </Button>
    </form>
  );
}
