import { useState } from 'react';
import { useQuery } from '../../../../actors/hooks';
import { Alert } from '../../../components/Alert';
import { Card } from '../../../components/Card';
import { inputClass } from '../../../signals/controls';
import { adminDataApi, adminDataTags } from '../adminDataApi';
import { adminMessage } from '../adminMessage';
import { DEFAULT_PAGE_SIZE, Pager } from '../Pager';
import { ScrollTable, thClass } from '../ui';
import { useAdminDataT } from '../useAdminDataT';
import { useDebounced } from '../useDebounced';
import { SymbolRow } from './SymbolRow';

const SEARCH_DEBOUNCE_MS = 300;

/** The market's symbols, searched and paged on the server, each editable in its row. */
export function SymbolsCard({ market, language }: { market: string; language: string }) {
  const { t } = useAdminDataT();
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState({ skip: 0, limit: DEFAULT_PAGE_SIZE, search: '' });
  // A new search starts at the first page.
  const at = page.search === search ? page : { skip: 0, limit: page.limit, search };
  const query = { market, skip: at.skip, limit: at.limit, ...(search ? { search } : {}) };
  const list = useQuery(adminDataApi.list, { params: { name: 'symbols' }, query }, { tags: [adminDataTags.lists] });
  const symbols = list.data?.list === 'symbols' ? list.data.data : [];
  return (
    <Card title={t('adminData.markets.symbols')}>
      <div className="space-y-3">
        <label className="block max-w-md">
          <span className="mb-1 block text-sm font-medium">{t('adminData.markets.symbolSearch')}</span>
          <input type="search" className={inputClass} dir="auto" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </label>
        {list.error ? <Alert tone="error">{adminMessage(list.error, t)}</Alert> : null}
        {list.data && !symbols.length ? <p className="text-sm text-slate-500">{t('adminData.markets.noSymbols')}</p> : null}
        {symbols.length ? (
          <>
            <ScrollTable label={t('adminData.markets.symbols')}>
              <thead>
                <tr>
                  <th className={thClass}>{t('adminData.markets.symbol')}</th>
                  <th className={thClass}>{t('adminData.markets.titleFa')}</th>
                  <th className={thClass}>{t('adminData.markets.titleEn')}</th>
                  <th className={thClass}>{t('adminData.markets.active')}</th>
                  <th className={thClass}><span className="sr-only">{t('adminData.save')}</span></th>
                </tr>
              </thead>
              <tbody>
                {/* Keyed by the saved values too, so a row's drafts restart from what the server now holds. */}
                {symbols.map((s) => <SymbolRow key={`${s.id}:${s.updated_at}`} symbol={s} />)}
              </tbody>
            </ScrollTable>
            <Pager skip={at.skip} limit={at.limit} count={list.data?.count ?? 0} language={language} onPage={(skip, limit) => setPage({ skip, limit, search })} />
          </>
        ) : null}
      </div>
    </Card>
  );
}
