import { useSearchParams } from 'react-router-dom';
import { useQuery, useShellSelector } from '../../actors/hooks';
import { Alert } from '../components/Alert';
import { Spinner } from '../components/Spinner';
import { adminDataApi } from '../admin/data/adminDataApi';
import { adminMessage } from '../admin/data/adminMessage';
import { AddSymbolCard } from '../admin/data/markets/AddSymbolCard';
import { DataUpdateCard } from '../admin/data/markets/DataUpdateCard';
import { MarketSettingsCard } from '../admin/data/markets/MarketSettingsCard';
import { SubListCard } from '../admin/data/markets/SubListsCard';
import { SymbolsCard } from '../admin/data/markets/SymbolsCard';
import { useAdminDataT } from '../admin/data/useAdminDataT';
import { PageHeader, SelectField } from '../signals/controls';

/** Admin: one market at a time (in the address, `?market=crypto`): settings, lists, new symbols and data updates. */
export default function AdminMarketsPage() {
  const { t } = useAdminDataT();
  const language = useShellSelector((s) => s.context.language);
  const [search, setSearch] = useSearchParams();
  const markets = useQuery(adminDataApi.markets, {});
  const all = markets.data?.data ?? [];
  const market = all.find((m) => m.name === search.get('market')) ?? all[0];
  const titleOf = (m: (typeof all)[number]) => (language === 'fa-IR' ? m.title.fa : m.title.en);

  return (
    <div className="space-y-5">
      <PageHeader
        title={t('nav.adminMarkets')}
        subtitle={t('adminData.markets.subtitle')}
        actions={
          market ? (
            <div className="min-w-[12rem]">
              <SelectField label={t('adminData.markets.market')} value={market.name} onChange={(e) => setSearch({ market: e.target.value })}>
                {all.map((m) => <option key={m.name} value={m.name}>{titleOf(m)}</option>)}
              </SelectField>
            </div>
          ) : null
        }
      />
      {markets.error ? <Alert tone="error">{adminMessage(markets.error, t)}</Alert> : null}
      {!market ? (
        markets.data ? <p className="text-sm text-slate-500">{t('adminData.markets.noMarkets')}</p> : <Spinner />
      ) : (
        // Keyed by market: every card's drafts and pages belong to the market they were made in.
        <div key={market.name} className="space-y-5">
          <MarketSettingsCard market={market.name} />
          <SymbolsCard market={market.name} language={language} />
          <div className="grid gap-5 lg:grid-cols-2">
            <AddSymbolCard market={market} />
            <DataUpdateCard market={market} />
          </div>
          <div className="grid gap-5 lg:grid-cols-2">
            <SubListCard market={market.name} list="sub_markets" language={language} />
            <SubListCard market={market.name} list="categories" language={language} />
          </div>
        </div>
      )}
    </div>
  );
}
