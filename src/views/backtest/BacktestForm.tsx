import { useMemo, type FormEvent } from 'react';
import { useSignalsT } from '../signals/useSignalsT';
import { TIMEFRAMES } from '../../../contract/constants';
import type { Timeframe } from '../../../contract/codes';
import type { Group } from '../../../contract/signals/relations';
import type { StrategySummary } from '../../../contract/signals/strategies';
import { useShellSelector } from '../../actors/hooks';
import { useMarkets } from '../../actors/useMarketLive';
import { formatDateTime } from '../../i18n/format';
import { Button } from '../components/Button';
import { Field } from '../components/Field';
import { FieldMessages, inputClass, SelectField } from '../signals/controls';
import type { FieldErrors } from '../signals/fieldErrors';
import { SymbolLabel } from '../signals/SymbolLabel';
import { sortStrategies } from '../signals/subscriptionForm';
import { SymbolCombobox } from '../watchlists/SymbolCombobox';
import { MAX_BACKTEST_SYMBOLS } from '../../../contract/signals/backtest';
import { requestOf, type BacktestDraft } from './draft';

interface Props {
  draft: BacktestDraft;
  onChange: (draft: BacktestDraft) => void;
  onSubmit: () => void;
  strategies: readonly StrategySummary[];
  groups: readonly Group[];
  /** Messages by draft field: the form's own checks after a try, and the server's 422. */
  errors: FieldErrors;
  busy: boolean;
}

/** What to test: strategy, symbols, timeframe, dates, balance, fee and position size. */
export function BacktestForm({ draft, onChange, onSubmit, strategies, groups, errors, busy }: Props) {
  const { t } = useSignalsT();
  const language = useShellSelector((s) => s.context.language);
  const iso = useShellSelector((s) => s.context.languageIso) as 'fa' | 'en';
  const { markets } = useMarkets();
  const set = <K extends keyof BacktestDraft>(key: K, value: BacktestDraft[K]) => onChange({ ...draft, [key]: value });
  const chosen = useMemo(() => new Set(draft.symbols), [draft.symbols]);
  const range = useMemo(() => {
    const request = requestOf(draft);
    if (!Number.isFinite(request.from) || !Number.isFinite(request.to) || request.to <= request.from) return null;
    const format = { dateStyle: 'medium' } as const;
    return `${formatDateTime(request.from, language, format)} – ${formatDateTime(request.to - 1, language, format)}`;
  }, [draft, language]);
  const fromGroups = groups.filter((g) => g.symbols?.some((s) => s.market === draft.market));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('backtest.formTitle')}>
      <div className="grid gap-4 md:grid-cols-3">
        <div className="md:col-span-2">
          <SelectField label={t('backtest.strategy')} name="strategy" value={draft.strategyId ?? ''} onChange={(e) => {
              const id = e.target.value ? Number(e.target.value) : null;
              // The strategy's own timeframe is the likely one to test it on.
              const hint = strategies.find((s) => s.id === id)?.timeframe;
              onChange({ ...draft, strategyId: id, timeframe: hint ?? draft.timeframe });
            }}
          >
            <option value="">{t('backtest.chooseStrategy')}</option>
            {sortStrategies(strategies).map((s) => (
              <option key={s.id} value={s.id}>
                {s.is_builtin ? `${s.name} · ${t('strategies.builtin')}` : s.name}
              </option>
            ))}
          </SelectField>
          <FieldMessages messages={errors.strategyId} />
        </div>
        <div>
          <SelectField label={t('backtest.timeframe')} name="timeframe" value={draft.timeframe} onChange={(e) => set('timeframe', e.target.value as Timeframe)}>
            {TIMEFRAMES.map((tf) => (
              <option key={tf} value={tf}>
                {t(`chart.timeframes.${tf}`)}
              </option>
            ))}
          </SelectField>
          <FieldMessages messages={errors.timeframe} />
        </div>
      </div>

      <fieldset className="space-y-2">
        <legend className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{t('backtest.symbols', { max: new Intl.NumberFormat(language).format(MAX_BACKTEST_SYMBOLS) })}</legend>
        <div className="grid gap-2 md:grid-cols-[10rem_minmax(0,1fr)_minmax(0,14rem)]">
          <select aria-label={t('backtest.market')} className={inputClass} value={draft.market} onChange={(e) => onChange({ ...draft, market: e.target.value, symbols: [] })}>
            {markets.map((m) => (
              <option key={m.name} value={m.name}>
                {m.title[iso] || m.name}
              </option>
            ))}
          </select>
          <SymbolCombobox key={draft.market} market={draft.market} exclude={chosen} iso={iso} disabled={draft.symbols.length >= MAX_BACKTEST_SYMBOLS} onPick={(symbol) => set('symbols', [...draft.symbols, symbol.name])} />
          <select
            aria-label={t('backtest.fromWatchlist')}
            className={inputClass}
            value=""
            onChange={(e) => {
              const group = groups.find((g) => g.id === Number(e.target.value));
              if (!group) return;
              const names = (group.symbols ?? []).filter((s) => s.market === draft.market).map((s) => s.symbol);
              set('symbols', [...new Set([...draft.symbols, ...names])].slice(0, MAX_BACKTEST_SYMBOLS));
            }}
          >
            <option value="">{fromGroups.length ? t('backtest.fromWatchlist') : t('backtest.noWatchlist')}</option>
            {fromGroups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </div>
        {draft.symbols.length ? (
          <ul className="flex flex-wrap gap-2" data-testid="backtest-symbols">
            {draft.symbols.map((symbol) => (
              <li key={symbol} className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pe-1 ps-3 text-sm dark:bg-slate-700">
                <SymbolLabel market={draft.market} symbol={symbol} compact />
                <button type="button" className="rounded-full px-1.5 text-slate-500 hover:bg-slate-200 hover:text-rose-600 dark:hover:bg-slate-600" aria-label={t('watchlists.remove', { symbol })} onClick={() => set('symbols', draft.symbols.filter((s) => s !== symbol))}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <FieldMessages messages={errors.symbols} />
      </fieldset>

      <div className="grid gap-4 md:grid-cols-4">
        <div>
          <Field label={t('backtest.from')} type="date" name="from" dir="ltr" value={draft.from} onChange={(e) => set('from', e.target.value)} />
          <FieldMessages messages={errors.from} />
        </div>
        <div>
          <Field label={t('backtest.to')} type="date" name="to" dir="ltr" value={draft.to} onChange={(e) => set('to', e.target.value)} />
          <FieldMessages messages={errors.to} />
        </div>
        <div>
          <Field label={t('backtest.initialBalance')} name="initial_balance" inputMode="decimal" dir="ltr" value={draft.initialBalance} onChange={(e) => set('initialBalance', e.target.value)} />
          <FieldMessages messages={errors.initialBalance} />
        </div>
        <div>
          <Field label={t('backtest.fee')} hint={t('backtest.feeHint')} name="fee" inputMode="decimal" dir="ltr" value={draft.feePercent} placeholder={t('backtest.feeDefault')} onChange={(e) => set('feePercent', e.target.value)} />
          <FieldMessages messages={errors.feePercent} />
        </div>
      </div>
      {range ? <p className="-mt-2 text-xs text-slate-500">{t('backtest.rangeIs', { range })}</p> : null}
      <label className="block max-w-md">
        <span className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{t('backtest.positionSize')}</span>
        <span className="flex items-center gap-3">
          <input type="range" min={1} max={100} value={draft.positionPercent} onChange={(e) => set('positionPercent', Number(e.target.value))} className="min-w-0 flex-1 accent-emerald-600" aria-label={t('backtest.positionSize')} />
          <output className="w-14 text-end text-sm tabular-nums">{new Intl.NumberFormat(language, { style: 'percent' }).format(draft.positionPercent / 100)}</output>
        </span>
        <span className="mt-1 block text-xs text-slate-500">{t('backtest.positionHint')}</span>
        <FieldMessages messages={errors.positionPercent} />
      </label>
      <Button type="submit" disabled={busy}>
        {busy ? t('backtest.running') : t('backtest.run')}
      </Button>
    </form>
  );
}
