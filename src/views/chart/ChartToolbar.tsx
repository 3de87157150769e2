import { useTranslation } from 'react-i18next';
import { COLOR_CONVENTIONS, INDICATORS, type ColorConvention, type IndicatorToggles } from './chartOptions';

/** Indicator toggles (overlays and panes) and the candle colour convention. */
export function ChartToolbar({
  indicators,
  onToggle,
  colors,
  onColors,
}: {
  indicators: IndicatorToggles;
  onToggle: (id: keyof IndicatorToggles) => void;
  colors: ColorConvention;
  onColors: (colors: ColorConvention) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div role="group" aria-label={t('chart.indicators')} className="flex flex-wrap items-center gap-1.5">
        {INDICATORS.map((id) => (
          <button
            key={id}
            type="button"
            aria-pressed={indicators[id]}
            onClick={() => onToggle(id)}
            className={`rounded-full px-3 py-1 text-xs font-medium ring-1 transition ${
              indicators[id]
                ? 'bg-emerald-600 text-white ring-emerald-600'
                : 'bg-white text-slate-600 ring-slate-300 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-600'
            }`}
          >
            {t(`chart.${id}`)}
          </button>
        ))}
      </div>
      <label className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
        {t('chart.colors')}
        <select
          value={colors}
          onChange={(event) => onColors(event.target.value as ColorConvention)}
          className="rounded-md border-0 bg-white py-1 pe-8 ps-2 text-xs ring-1 ring-slate-300 dark:bg-slate-800 dark:ring-slate-600"
        >
          {COLOR_CONVENTIONS.map((convention) => (
            <option key={convention} value={convention}>
              {t(`chart.colorConventions.${convention}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
