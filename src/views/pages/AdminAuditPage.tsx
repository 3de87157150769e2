import { PageHeader } from '../signals/controls';
import { useAdminDataT } from '../admin/data/useAdminDataT';

/** Admin: the audit log (issue 8). SCAFFOLD: the admin screens work fills this in. */
export default function AdminAuditPage() {
  const { t } = useAdminDataT();
  return <PageHeader title={t('nav.adminAudit')} />;
}
