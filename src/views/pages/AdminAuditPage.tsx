import { useSearchParams } from 'react-router-dom';
import { useQuery, useShellSelector } from '../../actors/hooks';
import { Alert } from '../components/Alert';
import { Card } from '../components/Card';
import { Spinner } from '../components/Spinner';
import { adminDataApi } from '../admin/data/adminDataApi';
import { adminMessage } from '../admin/data/adminMessage';
import { readAuditView, toAuditQuery, toAuditSearch } from '../admin/data/audit/auditAddress';
import { AuditFilters } from '../admin/data/audit/AuditFilters';
import { AuditTable } from '../admin/data/audit/AuditTable';
import { Pager } from '../admin/data/Pager';
import { useAdminDataT } from '../admin/data/useAdminDataT';
import { EmptyState, PageHeader } from '../signals/controls';

/** Admin: who changed market data or settings, when, and whether it was done or refused. */
export default function AdminAuditPage() {
  const { t } = useAdminDataT();
  const language = useShellSelector((s) => s.context.language);
  const [search, setSearch] = useSearchParams();
  const view = readAuditView(search);
  const page = useQuery(adminDataApi.audit, { query: toAuditQuery(view) });
  const entries = page.data?.data;
  return (
    <div className="space-y-5">
      <PageHeader title={t('nav.adminAudit')} subtitle={t('adminData.audit.subtitle')} />
      <Card>
        <AuditFilters view={view} onChange={(next) => setSearch(toAuditSearch(next))} />
      </Card>
      {page.error ? <Alert tone="error">{adminMessage(page.error, t)}</Alert> : null}
      <Card>
        {!page.data && !page.error ? (
          <Spinner />
        ) : !entries?.length ? (
          <EmptyState title={t('adminData.audit.empty')} />
        ) : (
          <div className="space-y-3">
            <AuditTable entries={entries} language={language} />
            <Pager skip={view.offset} limit={view.limit} count={page.data?.count ?? 0} language={language} onPage={(offset, limit) => setSearch(toAuditSearch({ ...view, offset, limit }))} />
          </div>
        )}
      </Card>
    </div>
  );
}
