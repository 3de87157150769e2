import { useState, type FormEvent } from 'react';
import { SymbolCreate } from '../../../../../contract/market/lists';
import type { Market, TaskStarted } from '../../../../../contract/market/markets';
import { useAppSystem } from '../../../../actors/hooks';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { FieldMessages, inputClass, SelectField, Toggle } from '../../../signals/controls';
import { issuesByPath, serverFieldErrors, type FieldErrors } from '../../../signals/fieldErrors';
import { adminDataApi, adminDataTags } from '../adminDataApi';
import { adminMessage } from '../adminMessage';
import { TaskStartedLink } from '../TaskStartedLink';
import { useAdminDataT } from '../useAdminDataT';

interface Draft {
  name: string;
  fa: string;
  en: string;
  main_symbol: string;
  quote_symbol: string;
  backfill: boolean;
  source: string;
  backfill_days: string;
}
const EMPTY: Draft = { name: '', fa: '', en: '', main_symbol: '', quote_symbol: '', backfill: true, source: '', backfill_days: '30' };

const createBody = (market: string, d: Draft) => ({
  market,
  name: d.name.trim(),
  title: { fa: d.fa.trim(), en: d.en.trim() },
  main_symbol: d.main_symbol.trim(),
  quote_symbol: d.quote_symbol.trim(),
});

/**
 * Lists a new symbol in the market, then (unless told not to) starts back-filling its history
 * with init_new_symbol; the back-fill is a task, linked to the tasks panel.
 */
export function AddSymbolCard({ market }: { market: Market }) {
  const { t } = useAdminDataT();
  const system = useAppSystem();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [task, setTask] = useState<TaskStarted | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    setTask(null);
    const body = createBody(market.name, draft);
    const checked = SymbolCreate.safeParse(body);
    const days = Number(draft.backfill_days);
    const found = checked.success ? {} : issuesByPath(checked.error.issues);
    if (draft.backfill && !(Number.isInteger(days) && days >= 1 && days <= 3650)) found.backfill_days = [t('adminData.markets.daysInvalid')];
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    let listed = false;
    try {
      await system.api.call(adminDataApi.createListItem, { params: { name: 'symbols' }, body });
      listed = true;
      system.queries.send({ type: 'query.invalidate', tags: [adminDataTags.lists] });
      if (draft.backfill) {
        const started = await system.api.call(adminDataApi.initNewSymbol, {
          params: { market: market.name },
          body: { symbol: body.name, backfill_days: days, ...(draft.source ? { source: draft.source } : {}) },
        });
        setTask(started);
      }
      setNotice({ tone: 'success', text: t('adminData.markets.symbolAdded', { name: body.name }) });
      setDraft(EMPTY);
    } catch (error) {
      setErrors(serverFieldErrors(error, ['body']));
      const text = adminMessage(error, t);
      // Listed but not back-filled: say so, so the admin retries the back-fill, not the listing.
      setNotice({ tone: 'error', text: listed ? t('adminData.markets.backfillFailed', { name: body.name, reason: text }) : text });
    } finally {
      setBusy(false);
    }
  };

  const text = (key: 'name' | 'fa' | 'en' | 'main_symbol' | 'quote_symbol', errorPath: string, dir: 'ltr' | 'rtl' | 'auto') => (
    <div>
      <label className="block">
        <span className="mb-1 block text-sm font-medium">{t(`adminData.markets.new.${key}`)}</span>
        <input className={inputClass} dir={dir} value={draft[key]} onChange={(e) => set({ [key]: e.target.value })} />
      </label>
      <FieldMessages messages={errors[errorPath]} />
    </div>
  );

  return (
    <Card title={t('adminData.markets.addSymbol')}>
      <form aria-label={t('adminData.markets.addSymbol')} onSubmit={(e) => void submit(e)} noValidate className="space-y-3">
        {notice ? <Alert tone={notice.tone} onDismiss={() => setNotice(null)}>{notice.text}</Alert> : null}
        {task ? <TaskStartedLink task={task} onDismiss={() => setTask(null)} /> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          {text('name', 'name', 'auto')}
          {text('main_symbol', 'main_symbol', 'ltr')}
          {text('fa', 'title.fa', 'rtl')}
          {text('en', 'title.en', 'ltr')}
          {text('quote_symbol', 'quote_symbol', 'ltr')}
        </div>
        <Toggle label={t('adminData.markets.backfillNow')} checked={draft.backfill} onChange={(backfill) => set({ backfill })} />
        {draft.backfill ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField label={t('adminData.markets.source')} value={draft.source} onChange={(e) => set({ source: e.target.value })}>
              <option value="">{t('adminData.markets.defaultSource', { source: market.default_source ?? '—' })}</option>
              {market.sources.map((s) => <option key={s} value={s}>{s}</option>)}
            </SelectField>
            <div>
              <label className="block">
                <span className="mb-1 block text-sm font-medium">{t('adminData.markets.backfillDays')}</span>
                <input className={inputClass} type="number" min={1} max={3650} dir="ltr" value={draft.backfill_days} onChange={(e) => set({ backfill_days: e.target.value })} />
              </label>
              <FieldMessages messages={errors.backfill_days} />
            </div>
          </div>
        ) : null}
        <Button type="submit" disabled={busy}>{busy ? t('adminData.saving') : t('adminData.markets.addSymbolSubmit')}</Button>
      </form>
    </Card>
  );
}
