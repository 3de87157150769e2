import { PageHeader } from '../signals/controls';
import { useAdminDataT } from '../admin/data/useAdminDataT';

/** Admin: users (issue 8). SCAFFOLD: the admin screens work fills this in. */
export default function AdminUsersPage() {
  const { t } = useAdminDataT();
  return <PageHeader title={t('nav.adminUsers')} />;
}
