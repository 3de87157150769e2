import { useSignalsT } from './useSignalsT';
import type { BoardFilter, BoardSubscription } from './board';
import { inputClass, SelectField } from './controls';

/** The board's controls: which subscription, which side, what level, and a search over symbols. */
export function BoardFilters({ filter, onChange, subscriptions, language }: { filter: BoardFilter; onChange: (filter: BoardFilter) => void; subscriptions: readonly BoardSubscription[]; language: string }) {
  const { t } = useSignalsT();
  const level = filter.levelOverride;
  return (
    <div className="grid gap-3 md:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,0.8fr)_minmax(0,1.4fr)]">
      <label className="block">
        <span className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{t('signals.board.search')}</span>
        <input type="search" className={inputClass} value={filter.search} placeholder={t('signals.board.searchPlaceholder')} onChange={(e) => onChange({ ...filter, search: e.target.value })} />
      </label>
      <SelectField
        label={t('signals.board.subscription')}
        value={filter.subscriptionId ?? ''}
        onChange={(e) => onChange({ ...filter, subscriptionId: e.target.value ? Number(e.target.value) : null })}
      >
        <option value="">{t('signals.board.allSubscriptions')}</option>
        {subscriptions.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('signals.board.side')} value={filter.side} onChange={(e) => onChange({ ...filter, side: e.target.value as BoardFilter['side'] })}>
        <option value="all">{t('signals.board.sides.all')}</option>
        <option value="buy">{t('signals.board.sides.buy')}</option>
        <option value="sell">{t('signals.board.sides.sell')}</option>
      </SelectField>
      <fieldset className="block">
        <legend className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{t('signals.board.level')}</legend>
        <div className="flex items-center gap-3">
          <label className="flex shrink-0 items-center gap-2 text-sm">
            <input type="checkbox" checked={level === null} onChange={(e) => onChange({ ...filter, levelOverride: e.target.checked ? null : 50 })} />
            {t('signals.board.ownLevels')}
          </label>
          <input
            type="range"
            min={0}
            max={100}
            step={5}
            disabled={level === null}
            aria-label={t('signals.board.levelOverride')}
            value={level ?? 50}
            onChange={(e) => onChange({ ...filter, levelOverride: Number(e.target.value) })}
            className="min-w-0 flex-1 accent-emerald-600 disabled:opacity-40"
          />
          <output className="w-8 text-end text-sm tabular-nums">{level === null ? '—' : new Intl.NumberFormat(language).format(level)}</output>
        </div>
      </fieldset>
    </div>
  );
}
