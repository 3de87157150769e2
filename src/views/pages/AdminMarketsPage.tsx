import { PageHeader } from '../signals/controls';
import { useAdminDataT } from '../admin/data/useAdminDataT';

/** Admin: market administration (issue 8). SCAFFOLD: the admin screens work fills this in. */
export default function AdminMarketsPage() {
  const { t } = useAdminDataT();
  return <PageHeader title={t('nav.adminMarkets')} />;
}
