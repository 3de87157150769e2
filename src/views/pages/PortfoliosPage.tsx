import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PortfolioDetail } from '../../../contract/portfolio/portfolios';
import { useQuery } from '../../actors/hooks';
import { portfolioApi, portfolioTags } from '../../actors/portfolioEndpoints';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Spinner } from '../components/Spinner';
import { errorMessage } from '../errorMessage';
import { PortfolioCard } from '../portfolios/PortfolioCard';
import { PortfolioForm } from '../portfolios/PortfolioForm';
import { usePortfolioT } from '../portfolios/usePortfolioT';
import { EmptyState, PageHeader, Toggle } from '../signals/controls';

const EMPTY: PortfolioDetail[] = [];

/** The user's portfolios as cards; create one, edit, archive or restore. */
export default function PortfoliosPage() {
  const { t } = usePortfolioT();
  const navigate = useNavigate();
  const list = useQuery(portfolioApi.list, { query: { limit: 200 } }, { tags: [portfolioTags.list] });
  const [editing, setEditing] = useState<PortfolioDetail | 'new' | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const all = list.data?.data ?? EMPTY;
  const shown = all.filter((p) => showArchived || p.status !== 30);
  return (
    <div className="space-y-5">
      <PageHeader
        title={t('portfolios.title')}
        subtitle={t('portfolios.subtitle')}
        actions={
          <>
            <Toggle label={t('portfolios.showArchived')} checked={showArchived} onChange={setShowArchived} />
            <Button onClick={() => setEditing('new')}>{t('portfolios.new')}</Button>
          </>
        }
      />
      {list.error ? <Alert tone="error">{errorMessage(list.error, t)}</Alert> : null}
      {editing ? (
        <Card title={editing === 'new' ? t('portfolios.new') : t('portfolios.edit')}>
          <PortfolioForm
            key={editing === 'new' ? 'new' : editing.id}
            portfolio={editing === 'new' ? undefined : editing}
            onDone={(p) => {
              setEditing(null);
              if (editing === 'new') navigate(`/portfolios/${p.id}`);
            }}
          />
        </Card>
      ) : null}
      {!list.data && !list.error ? (
        <Spinner />
      ) : shown.length === 0 ? (
        <EmptyState title={t('portfolios.empty')} body={t('portfolios.emptyHint')} action={<Button onClick={() => setEditing('new')}>{t('portfolios.new')}</Button>} />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((p) => (
            <PortfolioCard key={p.id} portfolio={p} onEdit={() => setEditing(p)} />
          ))}
        </div>
      )}
    </div>
  );
}
