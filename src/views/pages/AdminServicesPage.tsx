import { PageHeader } from '../signals/controls';
import { useAdminOpsT } from '../admin/ops/useAdminOpsT';

/** Admin: the services panel (issue 8). SCAFFOLD: the admin screens work fills this in. */
export default function AdminServicesPage() {
  const { t } = useAdminOpsT();
  return <PageHeader title={t('nav.adminServices')} />;
}
