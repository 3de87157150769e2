import { useCallback, useEffect, useMemo } from 'react';
import { useSignalsT } from '../signals/useSignalsT';
import { useSearchParams } from 'react-router-dom';
import type { Group } from '../../../contract/signals/relations';
import { useQuery, useShellSelector } from '../../actors/hooks';
import { signalsApi, signalsTags } from '../../actors/signalsEndpoints';
import { Alert } from '../components/Alert';
import { Card } from '../components/Card';
import { Spinner } from '../components/Spinner';
import { errorMessage } from '../errorMessage';
import { EmptyState, PageHeader } from '../signals/controls';
import { GroupSettings } from '../watchlists/GroupSettings';
import { GroupSymbols } from '../watchlists/GroupSymbols';
import { GroupTree } from '../watchlists/GroupTree';
import { NewGroupForm } from '../watchlists/NewGroupForm';
import { buildTree } from '../watchlists/tree';

const EMPTY: Group[] = [];

/** Watchlists: the tree of groups (folders by node_id) and the chosen group's symbols with live prices; `?group=<id>` keeps the choice. */
export default function WatchlistsPage() {
  const { t } = useSignalsT();
  const language = useShellSelector((s) => s.context.language);
  const [params, setParams] = useSearchParams();
  const list = useQuery(signalsApi.listGroups, { query: { include_symbols: true } }, { tags: [signalsTags.groups] });
  const groups = list.data?.data ?? EMPTY;
  const tree = useMemo(() => buildTree(groups), [groups]);
  const selectedId = Number(params.get('group')) || null;
  const selected = groups.find((g) => g.id === selectedId) ?? null;
  const select = useCallback((group: Group | null) => setParams(group ? { group: String(group.id) } : {}, { replace: true }), [setParams]);
  // A group that went away (deleted here or elsewhere) stops being the chosen one; not while the
  // list refetches, since a group just created is chosen before the new list arrives.
  const gone = !!list.data && !list.isLoading && selectedId !== null && !selected;
  useEffect(() => {
    if (gone) select(null);
  }, [gone, select]);

  return (
    <div className="space-y-5">
      <PageHeader title={t('watchlists.title')} subtitle={t('watchlists.subtitle')} />
      {list.error ? <Alert tone="error">{errorMessage(list.error, t)}</Alert> : null}
      {!list.data && !list.error ? (
        <Spinner />
      ) : (
        <div className="grid items-start gap-4 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <div className="space-y-4">
            <Card title={t('watchlists.groups')}>
              {groups.length === 0 ? <p className="text-sm text-slate-500">{t('watchlists.noGroups')}</p> : <GroupTree tree={tree} selectedId={selectedId} onSelect={select} language={language} />}
            </Card>
            <Card title={t('watchlists.newGroup')}>
              <NewGroupForm key={selectedId ?? 'none'} tree={tree} parentId={selected?.node_id ?? null} onCreated={select} />
            </Card>
          </div>
          {selected ? (
            <div className="space-y-4">
              <Card title={<span dir="auto">{selected.name}</span>}>
                <GroupSettings key={`${selected.id}:${selected.name}:${selected.node_id}`} group={selected} groups={groups} tree={tree} />
              </Card>
              <Card title={t('watchlists.symbols')}>
                <GroupSymbols key={selected.id} group={selected} />
              </Card>
            </div>
          ) : (
            <EmptyState title={groups.length ? t('watchlists.pick') : t('watchlists.startTitle')} body={groups.length ? t('watchlists.pickHint') : t('watchlists.startHint')} />
          )}
        </div>
      )}
    </div>
  );
}
