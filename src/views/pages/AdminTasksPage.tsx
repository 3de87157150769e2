import { PageHeader } from '../signals/controls';
import { useAdminOpsT } from '../admin/ops/useAdminOpsT';

/** Admin: the tasks panel (issue 8). SCAFFOLD: the admin screens work fills this in. */
export default function AdminTasksPage() {
  const { t } = useAdminOpsT();
  return <PageHeader title={t('nav.adminTasks')} />;
}
