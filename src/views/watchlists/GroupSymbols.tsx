import { useMemo, useState } from 'react';
import { useSignalsT } from '../signals/useSignalsT';
import type { Group } from '../../../contract/signals/relations';
import { useMutation, useShellSelector } from '../../actors/hooks';
import { signalsApi, signalsTags } from '../../actors/signalsEndpoints';
import { useMarketLive, useMarkets } from '../../actors/useMarketLive';
import { useMarketSymbols } from '../../actors/useMarketSymbols';
import { Alert } from '../components/Alert';
import { errorMessage } from '../errorMessage';
import { LiveStatus } from '../markets/LiveStatus';
import { EmptyState, SelectField } from '../signals/controls';
import { GroupSymbolRow } from './GroupSymbolRow';
import { SymbolCombobox } from './SymbolCombobox';
import { mainMarket, moveSymbol, orderedSymbols } from './tree';

const INVALIDATES = [signalsTags.groups, signalsTags.subscriptions];

/** Follows one market's live prices while mounted (the monitoring actor holds one market at a time). */
function LiveMarket({ market }: { market: string }) {
  useMarketLive(market);
  return <LiveStatus />;
}

/** A list's symbols: add by search, reorder, remove, with live prices of the market chosen to follow. */
export function GroupSymbols({ group }: { group: Group }) {
  const { t } = useSignalsT();
  const language = useShellSelector((s) => s.context.language);
  const iso = useShellSelector((s) => s.context.languageIso) as 'fa' | 'en';
  const { markets } = useMarkets();
  const symbols = useMemo(() => orderedSymbols(group), [group]);
  const groupMarkets = useMemo(() => [...new Set(symbols.map((s) => s.market))], [symbols]);
  const [addMarket, setAddMarket] = useState<string>(() => mainMarket(symbols) ?? 'crypto');
  const [followed, setFollowed] = useState<string | null>(null);
  const liveMarket = followed && groupMarkets.includes(followed) ? followed : mainMarket(symbols);
  const { byName } = useMarketSymbols(liveMarket ?? addMarket);

  const add = useMutation(signalsApi.addGroupSymbols, { invalidates: INVALIDATES });
  const replace = useMutation(signalsApi.updateGroupSymbols, { invalidates: INVALIDATES });
  const remove = useMutation(signalsApi.deleteGroupSymbols, { invalidates: INVALIDATES });
  const busy = add.submitting || replace.submitting || remove.submitting;
  const error = add.error ?? replace.error ?? remove.error;
  const inGroup = useMemo(() => new Set(symbols.filter((s) => s.market === addMarket).map((s) => s.symbol)), [symbols, addMarket]);

  return (
    <section className="space-y-4" aria-label={t('watchlists.symbols')}>
      <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <SelectField label={t('watchlists.market')} value={addMarket} onChange={(e) => setAddMarket(e.target.value)}>
          {markets.map((m) => (
            <option key={m.name} value={m.name}>
              {m.title[iso] || m.name}
            </option>
          ))}
        </SelectField>
        <div>
          <span className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{t('watchlists.addSymbol')}</span>
          <SymbolCombobox
            key={addMarket}
            market={addMarket}
            exclude={inGroup}
            iso={iso}
            disabled={busy}
            onPick={(symbol) => add.submit({ query: { group_id: group.id }, body: { symbols: [{ market: symbol.market, symbol: symbol.name }] } })}
          />
        </div>
      </div>
      {error ? <Alert tone="error">{errorMessage(error, t)}</Alert> : null}
      {symbols.length === 0 ? (
        <EmptyState title={t('watchlists.emptyGroup')} body={t('watchlists.emptyGroupHint')} />
      ) : (
        <div>
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            {groupMarkets.length > 1 ? (
              <div role="group" aria-label={t('watchlists.followLive')} className="flex flex-wrap gap-1">
                {groupMarkets.map((market) => (
                  <button
                    key={market}
                    type="button"
                    aria-pressed={market === liveMarket}
                    onClick={() => setFollowed(market)}
                    className={`rounded-full px-3 py-1 text-xs font-medium ${market === liveMarket ? 'bg-emerald-600 text-white' : 'bg-slate-100 text-slate-600 hover:bg-slate-200 dark:bg-slate-700 dark:text-slate-200'}`}
                  >
                    {markets.find((m) => m.name === market)?.title[iso] ?? market}
                  </button>
                ))}
              </div>
            ) : (
              <span />
            )}
            {liveMarket ? <LiveMarket key={liveMarket} market={liveMarket} /> : null}
          </div>
          <ul className="divide-y divide-slate-100 dark:divide-slate-700" data-testid="group-symbols">
            {symbols.map((item, index) => (
              <GroupSymbolRow
                key={`${item.market}|${item.symbol}`}
                item={item}
                precision={(item.market === liveMarket ? byName.get(item.symbol)?.price_precision : undefined) ?? 2}
                language={language}
                first={index === 0}
                last={index === symbols.length - 1}
                busy={busy}
                onMove={(step) => {
                  const next = moveSymbol(symbols, index, step);
                  if (next) replace.submit({ query: { group_id: group.id }, body: { symbols: next } });
                }}
                onRemove={() => remove.submit({ query: { group_id: group.id, market: item.market, symbols: item.symbol } })}
              />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
