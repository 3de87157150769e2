import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { User } from '../../../contract/accounts/schemas';
import { useAppSystem, useQuery, useShellSelector } from '../../actors/hooks';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Spinner } from '../components/Spinner';
import { adminDataApi, adminDataTags } from '../admin/data/adminDataApi';
import { adminMessage } from '../admin/data/adminMessage';
import { Pager } from '../admin/data/Pager';
import { SidePanel } from '../admin/data/ui';
import { useAdminDataT } from '../admin/data/useAdminDataT';
import { useDebounced } from '../admin/data/useDebounced';
import { UserCreateForm } from '../admin/data/users/UserCreateForm';
import { UserEditor } from '../admin/data/users/UserEditor';
import { readUserListView, toUserListQuery, toUserListSearch } from '../admin/data/users/userListAddress';
import { UsersTable } from '../admin/data/users/UsersTable';
import { EmptyState, inputClass, PageHeader } from '../signals/controls';

/** Waiting this long after the last key before searching keeps one request per pause in typing. */
const SEARCH_DEBOUNCE_MS = 300;

/** Admin: every user, searched and paged on the server; create one, or edit one in a side panel. */
export default function AdminUsersPage() {
  const { t } = useAdminDataT();
  const system = useAppSystem();
  const language = useShellSelector((s) => s.context.language);
  const [search, setSearch] = useSearchParams();
  const view = readUserListView(search);
  const [typed, setTyped] = useState(view.q);
  const settled = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const page = useQuery(adminDataApi.users, { query: toUserListQuery(view) }, { tags: [adminDataTags.users] });
  const [panel, setPanel] = useState<{ kind: 'create' } | { kind: 'edit'; user: User } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // A settled search starts again from the first page; the address keeps it.
  useEffect(() => {
    if (settled !== view.q) setSearch(toUserListSearch({ ...view, q: settled, skip: 0 }), { replace: true });
    // Only a new settled search moves the address; `view` is read from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const refresh = () => system.queries.send({ type: 'query.invalidate', tags: [adminDataTags.users] });
  const created = (user: User) => {
    setPanel(null);
    setNotice(t('adminData.users.createdNotice', { email: user.email }));
    refresh();
  };
  const users = page.data?.data;

  return (
    <div className="space-y-5">
      <PageHeader
        title={t('nav.adminUsers')}
        subtitle={t('adminData.users.subtitle')}
        actions={<Button onClick={() => setPanel({ kind: 'create' })}>{t('adminData.users.newUser')}</Button>}
      />
      {notice ? <Alert tone="success" onDismiss={() => setNotice(null)}>{notice}</Alert> : null}
      {page.error ? <Alert tone="error">{adminMessage(page.error, t)}</Alert> : null}
      <Card>
        <div className="space-y-4">
          <label className="block max-w-md">
            <span className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{t('adminData.users.search')}</span>
            <input type="search" className={inputClass} dir="auto" placeholder={t('adminData.users.searchHint')} value={typed} onChange={(e) => setTyped(e.target.value)} />
          </label>
          {!page.data && !page.error ? (
            <Spinner />
          ) : !users?.length ? (
            <EmptyState title={view.q ? t('adminData.users.noMatch', { q: view.q }) : t('adminData.users.empty')} />
          ) : (
            <>
              <UsersTable users={users} language={language} onEdit={(user) => setPanel({ kind: 'edit', user })} />
              <Pager skip={view.skip} limit={view.limit} count={page.data?.count ?? 0} language={language} onPage={(skip, limit) => setSearch(toUserListSearch({ ...view, skip, limit }))} />
            </>
          )}
        </div>
      </Card>
      {panel?.kind === 'create' ? (
        <SidePanel title={t('adminData.users.createTitle')} onClose={() => setPanel(null)}>
          <UserCreateForm onCreated={created} />
        </SidePanel>
      ) : null}
      {panel?.kind === 'edit' ? (
        <SidePanel title={t('adminData.users.editTitle')} onClose={() => setPanel(null)}>
          <UserEditor key={panel.user.id} user={panel.user} onSaved={refresh} />
        </SidePanel>
      ) : null}
    </div>
  );
}
