import { useTranslation } from 'react-i18next';
import { TIMEFRAMES, type Timeframe } from '../../../contract/codes';

/** The ten timeframes as one segmented control (a radio group: arrow keys move between them). */
export function TimeframeControl({ value, onChange }: { value: Timeframe; onChange: (timeframe: Timeframe) => void }) {
  const { t } = useTranslation();
  const move = (step: number) => {
    const next = TIMEFRAMES[(TIMEFRAMES.indexOf(value) + step + TIMEFRAMES.length) % TIMEFRAMES.length]!;
    onChange(next);
  };
  return (
    <div
      role="radiogroup"
      aria-label={t('chart.timeframe')}
      className="inline-flex flex-wrap rounded-lg bg-slate-100 p-0.5 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
      onKeyDown={(event) => {
        // Time runs left to right on the chart, so the arrows do too, in either language.
        if (event.key === 'ArrowRight') move(1);
        else if (event.key === 'ArrowLeft') move(-1);
        else return;
        event.preventDefault();
      }}
    >
      {TIMEFRAMES.map((timeframe) => {
        const checked = timeframe === value;
        return (
          <button
            key={timeframe}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={t(`chart.timeframes.${timeframe}`)}
            tabIndex={checked ? 0 : -1}
            onClick={() => onChange(timeframe)}
            className={`rounded-md px-2.5 py-1 text-xs font-medium tabular-nums transition ${
              checked
                ? 'bg-white text-emerald-700 shadow-sm dark:bg-slate-700 dark:text-emerald-300'
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100'
            }`}
          >
            {t(`chart.timeframesShort.${timeframe}`)}
          </button>
        );
      })}
    </div>
  );
}
