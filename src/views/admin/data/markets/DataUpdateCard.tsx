import { useState, type FormEvent } from 'react';
import { TIMEFRAMES } from '../../../../../contract/constants';
import { DataUpdateBody, type DataUpdateType, type Market, type TaskStarted } from '../../../../../contract/market/markets';
import { useAppSystem } from '../../../../actors/hooks';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { FieldMessages, inputClass, SelectField } from '../../../signals/controls';
import { issuesByPath, serverFieldErrors, type FieldErrors } from '../../../signals/fieldErrors';
import { adminDataApi } from '../adminDataApi';
import { adminMessage } from '../adminMessage';
import { TaskStartedLink } from '../TaskStartedLink';
import { useAdminDataT } from '../useAdminDataT';

const DATA_TYPES: DataUpdateType[] = ['klines', 'gaps', 'symbols'];

/** `BTCUSDT, ETHUSDT` or one a line → the list; empty → every active symbol (the field is left out). */
export const splitSymbols = (text: string) => [...new Set(text.split(/[\s,،]+/).map((s) => s.trim()).filter(Boolean))];

/** The body of a data update: only what the admin chose, so the server's defaults apply to the rest. */
export function dataUpdateBody(form: { dataType: DataUpdateType; timeframes: string[]; symbols: string; source: string }) {
  const symbols = splitSymbols(form.symbols);
  return {
    data_type: form.dataType,
    ...(form.source ? { source: form.source } : {}),
    // In the canonical order whatever order they were clicked in.
    ...(form.timeframes.length ? { timeframes: TIMEFRAMES.filter((tf) => form.timeframes.includes(tf)) } : {}),
    ...(symbols.length ? { symbols } : {}),
  };
}

/** Starts a market data update (new candles, gap repair or symbols refresh) as a task, linked to the tasks panel. */
export function DataUpdateCard({ market }: { market: Market }) {
  const { t } = useAdminDataT();
  const system = useAppSystem();
  const [dataType, setDataType] = useState<DataUpdateType>('klines');
  const [timeframes, setTimeframes] = useState<string[]>([]);
  const [symbols, setSymbols] = useState('');
  const [source, setSource] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [task, setTask] = useState<TaskStarted | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = (tf: string) => setTimeframes(timeframes.includes(tf) ? timeframes.filter((x) => x !== tf) : [...timeframes, tf]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setTask(null);
    const body = dataUpdateBody({ dataType, timeframes, symbols, source });
    const checked = DataUpdateBody.safeParse(body);
    if (!checked.success) return setErrors(issuesByPath(checked.error.issues));
    setErrors({});
    setBusy(true);
    try {
      setTask(await system.api.call(adminDataApi.dataUpdate, { params: { market: market.name }, body }));
    } catch (error) {
      const fields = serverFieldErrors(error, ['body']);
      setErrors(fields);
      if (!Object.keys(fields).length) setFailure(adminMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  const symbolErrors = Object.entries(errors).filter(([path]) => path.startsWith('symbols')).flatMap(([, m]) => m);
  return (
    <Card title={t('adminData.markets.dataUpdate')}>
      <form aria-label={t('adminData.markets.dataUpdate')} onSubmit={(e) => void submit(e)} noValidate className="space-y-3">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        {task ? <TaskStartedLink task={task} onDismiss={() => setTask(null)} /> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label={t('adminData.markets.dataType')} value={dataType} onChange={(e) => setDataType(e.target.value as DataUpdateType)}>
            {DATA_TYPES.map((type) => <option key={type} value={type}>{t(`adminData.markets.dataTypes.${type}`)}</option>)}
          </SelectField>
          <SelectField label={t('adminData.markets.source')} value={source} onChange={(e) => setSource(e.target.value)}>
            <option value="">{t('adminData.markets.defaultSource', { source: market.default_source ?? '—' })}</option>
            {market.sources.map((s) => <option key={s} value={s}>{s}</option>)}
          </SelectField>
        </div>
        <fieldset>
          <legend className="mb-1 text-sm font-medium">{t('adminData.markets.timeframes')}</legend>
          <p className="mb-2 text-xs text-slate-500">{t('adminData.markets.timeframesHint')}</p>
          <div className="flex flex-wrap gap-1.5" dir="ltr">
            {TIMEFRAMES.map((tf) => (
              <button
                key={tf}
                type="button"
                aria-pressed={timeframes.includes(tf)}
                onClick={() => toggle(tf)}
                className={`rounded-full px-3 py-1 text-xs font-medium ring-1 ${timeframes.includes(tf) ? 'bg-emerald-600 text-white ring-emerald-600' : 'bg-white text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600'}`}
              >
                {tf}
              </button>
            ))}
          </div>
          <FieldMessages messages={errors.timeframes} />
        </fieldset>
        <div>
          <label className="block">
            <span className="mb-1 block text-sm font-medium">{t('adminData.markets.symbolsOptional')}</span>
            <input className={inputClass} dir="auto" placeholder={t('adminData.markets.symbolsHint')} value={symbols} onChange={(e) => setSymbols(e.target.value)} />
          </label>
          <FieldMessages messages={symbolErrors} />
        </div>
        <Button type="submit" disabled={busy}>{busy ? t('adminData.saving') : t('adminData.markets.startUpdate')}</Button>
      </form>
    </Card>
  );
}
