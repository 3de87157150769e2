import { useState } from 'react';
import type { MarketSymbol } from '../../../../../contract/market/lists';
import { useAppSystem } from '../../../../actors/hooks';
import { Button } from '../../../components/Button';
import { FieldMessages, Toggle } from '../../../signals/controls';
import { serverFieldErrors, type FieldErrors } from '../../../signals/fieldErrors';
import { adminDataApi, adminDataTags } from '../adminDataApi';
import { adminMessage } from '../adminMessage';
import { tdClass } from '../ui';
import { useAdminDataT } from '../useAdminDataT';

const cellInput = 'w-full min-w-[8rem] rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900';

/** One symbol, edited in place: the active switch saves at once, the two titles with their save button. */
export function SymbolRow({ symbol }: { symbol: MarketSymbol }) {
  const { t } = useAdminDataT();
  const system = useAppSystem();
  const [fa, setFa] = useState(symbol.title.fa);
  const [en, setEn] = useState(symbol.title.en);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titlesChanged = fa !== symbol.title.fa || en !== symbol.title.en;

  const update = async (body: { is_active?: boolean; title?: { fa: string; en: string } }) => {
    setBusy(true);
    setFailure(null);
    setErrors({});
    try {
      await system.api.call(adminDataApi.updateListItem, { params: { name: 'symbols', id: symbol.id }, body });
      system.queries.send({ type: 'query.invalidate', tags: [adminDataTags.lists] });
    } catch (error) {
      const fields = serverFieldErrors(error, ['body']);
      setErrors(fields);
      if (!Object.keys(fields).length) setFailure(adminMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <tr data-testid={`symbol-row-${symbol.name}`}>
      <td className={`${tdClass} font-mono`} dir="auto">{symbol.name}</td>
      <td className={tdClass}>
        <input className={cellInput} dir="rtl" aria-label={t('adminData.markets.titleFaOf', { name: symbol.name })} value={fa} onChange={(e) => setFa(e.target.value)} />
        <FieldMessages messages={errors['title.fa']} />
      </td>
      <td className={tdClass}>
        <input className={cellInput} dir="ltr" aria-label={t('adminData.markets.titleEnOf', { name: symbol.name })} value={en} onChange={(e) => setEn(e.target.value)} />
        <FieldMessages messages={errors['title.en']} />
      </td>
      <td className={tdClass}>
        <Toggle label={t('adminData.markets.activeOf', { name: symbol.name })} checked={symbol.is_active} disabled={busy} onChange={(is_active) => void update({ is_active })} />
      </td>
      <td className={`${tdClass} text-end`}>
        <Button kind="secondary" className="!px-3 !py-1" disabled={!titlesChanged || busy} aria-label={t('adminData.markets.saveTitlesOf', { name: symbol.name })} onClick={() => void update({ title: { fa, en } })}>
          {t('adminData.save')}
        </Button>
        {failure ? <p role="alert" className="mt-1 text-xs text-rose-700 dark:text-rose-300">{failure}</p> : null}
      </td>
    </tr>
  );
}
