import { useShellSelector } from '../../actors/hooks';
import { Alert } from '../components/Alert';
import { Spinner } from '../components/Spinner';
import { errorMessage } from '../errorMessage';
import { EmptyState, PageHeader } from '../signals/controls';
import { ServiceCard } from '../admin/ops/services/ServiceCard';
import { useLiveServices } from '../admin/ops/services/useLiveServices';
import { useNow } from '../admin/ops/services/useNow';
import { useAdminOpsT } from '../admin/ops/useAdminOpsT';

/** Admin: the services panel — one live card per service with its commands. */
export default function AdminServicesPage() {
  const { t } = useAdminOpsT();
  const language = useShellSelector((s) => s.context.language);
  const { list, services, upsert } = useLiveServices();
  const now = useNow();
  return (
    <div className="space-y-5">
      <PageHeader title={t('adminOps.services.title')} subtitle={t('adminOps.services.subtitle')} />
      {list.error ? <Alert tone="error">{errorMessage(list.error, t)}</Alert> : null}
      {!services ? (
        list.error ? null : <Spinner />
      ) : !services.length ? (
        <EmptyState title={t('adminOps.services.empty')} />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {services.map((service) => <ServiceCard key={service.name} service={service} now={now} language={language} onUpdated={upsert} />)}
        </div>
      )}
    </div>
  );
}
