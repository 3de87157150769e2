import { useState, type FormEvent } from 'react';
import type { PortfolioDetail } from '../../../contract/portfolio/portfolios';
import { useMutation, useQuery } from '../../actors/hooks';
import { portfolioApi, portfolioTags } from '../../actors/portfolioEndpoints';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { errorMessage } from '../errorMessage';
import { FieldMessages, inputClass } from '../signals/controls';
import { serverFieldErrors } from '../signals/fieldErrors';
import { usePortfolioT } from './usePortfolioT';

/** Setting values are any JSON (the contract's `JsonValue` is `unknown` to TypeScript). */
type JsonValue = unknown;

/** The portfolio's own settings and its symbols' settings (free key → JSON pairs), with a form for either. */
export function SettingsPanel({ portfolio }: { portfolio: PortfolioDetail }) {
  const { t } = usePortfolioT();
  const tags = [portfolioTags.extras(portfolio.id)];
  const own = useQuery(portfolioApi.settings, { query: { portfolio_id: portfolio.id } }, { tags });
  const perSymbol = useQuery(portfolioApi.symbolSettings, { query: { portfolio_id: portfolio.id } }, { tags });
  const removeOwn = useMutation(portfolioApi.removeSetting, { invalidates: tags });
  const removeSymbol = useMutation(portfolioApi.removeSymbolSetting, { invalidates: tags });
  const error = own.error ?? perSymbol.error ?? removeOwn.error ?? removeSymbol.error;
  return (
    <div className="space-y-5">
      <SettingForm portfolio={portfolio} />
      {error ? <Alert tone="error">{errorMessage(error, t)}</Alert> : null}
      <section>
        <h3 className="mb-2 font-semibold">{t('portfolios.settings.portfolio')}</h3>
        <SettingList
          settings={own.data?.settings}
          loading={!own.data}
          onRemove={(field) => removeOwn.submit({ query: { portfolio_id: portfolio.id, field } })}
          testId="settings-portfolio"
        />
      </section>
      <section>
        <h3 className="mb-2 font-semibold">{t('portfolios.settings.symbols')}</h3>
        {perSymbol.data && perSymbol.data.data.length === 0 ? <p className="text-sm text-slate-500">{t('portfolios.settings.none')}</p> : null}
        <div className="space-y-3">
          {(perSymbol.data?.data ?? []).map((entry) => (
            <div key={entry.symbol}>
              <h4 className="mb-1 text-sm font-medium"><bdi dir="ltr">{entry.symbol}</bdi></h4>
              <SettingList
                settings={entry.settings}
                loading={false}
                onRemove={(field) => removeSymbol.submit({ query: { portfolio_id: portfolio.id, symbol: entry.symbol, field } })}
                testId={`settings-${entry.symbol}`}
              />
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}

function SettingList({ settings, loading, onRemove, testId }: { settings: Record<string, JsonValue> | undefined; loading: boolean; onRemove: (field: string) => void; testId: string }) {
  const { t } = usePortfolioT();
  const entries = Object.entries(settings ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
  if (loading) return <p className="text-sm text-slate-500">{t('common.loading')}</p>;
  if (!entries.length) return <p className="text-sm text-slate-500">{t('portfolios.settings.none')}</p>;
  return (
    <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm dark:divide-slate-700 dark:border-slate-700" data-testid={testId}>
      {entries.map(([key, value]) => (
        <div key={key} className="flex items-center gap-3 px-3 py-1.5">
          <dt className="w-56 shrink-0 font-mono text-xs" dir="ltr">{key}</dt>
          <dd className="min-w-0 flex-1 truncate font-mono text-xs text-slate-600 dark:text-slate-300" dir="ltr">{JSON.stringify(value)}</dd>
          <button type="button" className="text-xs text-rose-700 hover:underline dark:text-rose-300" aria-label={t('portfolios.settings.remove', { key })} onClick={() => onRemove(key)}>
            {t('portfolios.markers.remove')}
          </button>
        </div>
      ))}
    </dl>
  );
}

/** JSON text → a value; a bare word the user meant as text is not guessed at, it is refused with a hint. */
function parseJson(text: string): { ok: true; value: JsonValue } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as JsonValue };
  } catch {
    return { ok: false };
  }
}

function SettingForm({ portfolio }: { portfolio: PortfolioDetail }) {
  const { t } = usePortfolioT();
  const invalidates = [portfolioTags.extras(portfolio.id)];
  const setOwn = useMutation(portfolioApi.setSettings, { invalidates });
  const setSymbol = useMutation(portfolioApi.setSymbolSettings, { invalidates });
  const [symbol, setSymbolName] = useState('');
  const [key, setKey] = useState('');
  const [text, setText] = useState('');
  const [badJson, setBadJson] = useState(false);
  const [used, setUsed] = useState<'own' | 'symbol'>('own');
  const save = used === 'own' ? setOwn : setSymbol;
  const fields = serverFieldErrors(save.error, ['body']);
  const keyErrors = Object.entries(fields).filter(([k]) => k.startsWith('settings')).flatMap(([, m]) => m);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseJson(text);
    setBadJson(!parsed.ok);
    if (!parsed.ok) return;
    const settings = { [key.trim()]: parsed.value };
    const name = symbol.trim().toUpperCase();
    setUsed(name ? 'symbol' : 'own');
    if (name) setSymbol.submit({ body: { portfolio_id: portfolio.id, symbol: name, settings } });
    else setOwn.submit({ body: { portfolio_id: portfolio.id, settings } });
  };
  const shownInFields = keyErrors.length > 0 || !!fields.symbol;
  return (
    <form onSubmit={submit} aria-label={t('portfolios.settings.add')} className="flex flex-wrap items-start gap-3 rounded-xl bg-slate-50 p-3 dark:bg-slate-900">
      <div className="text-sm">
        <label className="block">
          {t('portfolios.symbol')}
          <input className={inputClass} dir="ltr" value={symbol} onChange={(e) => setSymbolName(e.target.value)} placeholder="BTCUSDT" aria-describedby="setting-symbol-hint" />
        </label>
        <span id="setting-symbol-hint" className="mt-1 block text-xs text-slate-500">{t('portfolios.settings.symbolHint')}</span>
        <FieldMessages messages={fields.symbol} />
      </div>
      <label className="block text-sm">
        {t('portfolios.settings.key')}
        <input className={inputClass} dir="ltr" value={key} onChange={(e) => setKey(e.target.value)} required maxLength={64} placeholder="chart.default_timeframe" />
        <FieldMessages messages={keyErrors} />
      </label>
      <div className="text-sm">
        <label className="block">
          {t('portfolios.settings.value')}
          <input className={`${inputClass} font-mono`} dir="ltr" value={text} onChange={(e) => setText(e.target.value)} required placeholder='"1h"' aria-invalid={badJson} />
        </label>
        {badJson ? <span className="mt-1 block text-xs text-rose-700 dark:text-rose-300" role="alert">{t('portfolios.settings.badJson')}</span> : null}
      </div>
      <Button type="submit" className="mt-5" disabled={save.submitting}>
        {t('portfolios.settings.add')}
      </Button>
      {save.error && !shownInFields ? (
        <div className="basis-full">
          <Alert tone="error">{errorMessage(save.error, t)}</Alert>
        </div>
      ) : save.succeeded ? (
        <div className="basis-full">
          <Alert tone="success">{t('portfolios.settings.saved')}</Alert>
        </div>
      ) : null}
    </form>
  );
}
