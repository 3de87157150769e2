import { useState, type FormEvent } from 'react';
import { Button } from '../components/Button';
import { inputClass, Toggle } from '../signals/controls';
import { CATEGORIES, PRIORITY_CODES, STATUS_CODES } from './labels';
import { isoToLocal, localToIso, toggleIn, type CentreFilters, type ListFilter, type TextFilter, type TimeFilter } from './filters';
import { useNotificationsT } from './useNotificationsT';

const TEXT_LABELS: Record<TextFilter, string> = {
  sub_category: 'subCategory',
  portfolio_id: 'portfolioId',
  market: 'market',
  broker_id: 'brokerId',
  symbol: 'symbol',
};
const TIME_LABELS: Record<TimeFilter, string> = { created_after: 'createdAfter', created_before: 'createdBefore' };

function Chips({ name, values, options, label, onChange }: { name: ListFilter; values: string[]; options: readonly (string | number)[]; label: (value: string) => string; onChange: (values: string[]) => void }) {
  const { t } = useNotificationsT();
  return (
    <fieldset className="space-y-1">
      <legend className="text-xs font-medium text-slate-500 dark:text-slate-400">{t(`notif.filters.${name}`)}</legend>
      <div className="flex flex-wrap gap-1">
        {options.map((option) => {
          const value = String(option);
          const on = values.includes(value);
          return (
            <button
              key={value}
              type="button"
              aria-pressed={on}
              onClick={() => onChange(toggleIn(values, value))}
              className={`rounded-full px-2.5 py-1 text-xs font-medium ring-1 ${on ? 'bg-emerald-600 text-white ring-emerald-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-600'}`}
            >
              {label(value)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * Every filter of the list endpoint. The code lists (status, priority, category) apply at once;
 * the typed ones apply on "Enter" or when the field is left, so a half-typed symbol is not sent.
 */
export function NotificationFilters({ filters, onChange }: { filters: CentreFilters; onChange: (next: CentreFilters) => void }) {
  const { t } = useNotificationsT();
  const [text, setText] = useState(filters.text);
  const [time, setTime] = useState(() => Object.fromEntries(Object.entries(filters.time).map(([k, v]) => [k, isoToLocal(v)])) as Partial<Record<TimeFilter, string>>);
  const apply = (patch: Partial<CentreFilters>) => onChange({ ...filters, ...patch, offset: 0 });
  const applyTyped = (event?: FormEvent) => {
    event?.preventDefault();
    const iso = Object.fromEntries(Object.entries(time).map(([k, v]) => [k, localToIso(v ?? '')]).filter(([, v]) => v));
    if (JSON.stringify(text) === JSON.stringify(filters.text) && JSON.stringify(iso) === JSON.stringify(filters.time)) return;
    apply({ text, time: iso });
  };
  const clear = () => {
    setText({});
    setTime({});
    onChange({ ...filters, status: [], priority: [], category: [], text: {}, time: {}, notExpired: false, offset: 0 });
  };
  return (
    <form aria-label={t('notif.filters.title')} onSubmit={applyTyped} className="space-y-3">
      <div className="grid gap-3 lg:grid-cols-3">
        <Chips name="status" values={filters.status} options={STATUS_CODES} label={(v) => t(`notif.statuses.${v}`)} onChange={(status) => apply({ status })} />
        <Chips name="priority" values={filters.priority} options={PRIORITY_CODES} label={(v) => t(`notif.priorities.${v}`)} onChange={(priority) => apply({ priority })} />
        <Chips name="category" values={filters.category} options={CATEGORIES} label={(v) => t(`notif.categories.${v}`)} onChange={(category) => apply({ category })} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-7">
        {(Object.keys(TEXT_LABELS) as TextFilter[]).map((key) => (
          <label key={key} className="block">
            <span className="mb-1 block text-xs font-medium text-slate-500 dark:text-slate-400">{t(`notif.filters.${TEXT_LABELS[key]}`)}</span>
            <input
              className={inputClass}
              dir="auto"
              inputMode={key === 'portfolio_id' ? 'numeric' : undefined}
              value={text[key] ?? ''}
              onChange={(e) => setText({ ...text, [key]: e.target.value })}
              onBlur={() => applyTyped()}
            />
          </label>
        ))}
        {(Object.keys(TIME_LABELS) as TimeFilter[]).map((key) => (
          <label key={key} className="block">
            <span className="mb-1 block text-xs font-medium text-slate-500 dark:text-slate-400">{t(`notif.filters.${TIME_LABELS[key]}`)}</span>
            <input type="datetime-local" dir="ltr" className={inputClass} value={time[key] ?? ''} onChange={(e) => setTime({ ...time, [key]: e.target.value })} onBlur={() => applyTyped()} />
          </label>
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="w-64">
          <Toggle label={t('notif.filters.notExpired')} checked={filters.notExpired} onChange={(notExpired) => apply({ notExpired })} />
        </div>
        <Button kind="secondary" onClick={clear}>
          {t('notif.filters.clear')}
        </Button>
        <button type="submit" className="sr-only">{t('notif.filters.title')}</button>
      </div>
    </form>
  );
}
