import { useSignalsT } from '../signals/useSignalsT';
import type { MonthlyReturnsRow } from '../../../contract/signals/backtest';
import type { backtestFormat } from './format';

/** A month's return as a colour: green up, red down, deeper past 2 %, 5 % and 10 %. */
export function monthClass(value: number | null): string {
  if (value === null) return 'text-slate-300 dark:text-slate-600';
  const size = Math.abs(value);
  const step = size >= 0.1 ? 3 : size >= 0.05 ? 2 : size >= 0.02 ? 1 : 0;
  if (value === 0) return 'bg-slate-50 dark:bg-slate-800';
  const up = ['bg-emerald-50 text-emerald-900', 'bg-emerald-100 text-emerald-900', 'bg-emerald-300 text-emerald-950', 'bg-emerald-600 text-white'];
  const down = ['bg-rose-50 text-rose-900', 'bg-rose-100 text-rose-900', 'bg-rose-300 text-rose-950', 'bg-rose-600 text-white'];
  return (value > 0 ? up : down)[step]!;
}

/** Years down, months across (January first, in the Gregorian calendar the server counts in), and each year's total. */
export function MonthlyGrid({ rows, format, language }: { rows: readonly MonthlyReturnsRow[]; format: ReturnType<typeof backtestFormat>; language: string }) {
  const { t } = useSignalsT();
  const monthName = new Intl.DateTimeFormat(language.startsWith('fa') ? 'fa-IR-u-ca-gregory' : language, { month: 'short', timeZone: 'UTC' });
  const months = Array.from({ length: 12 }, (_, i) => monthName.format(Date.UTC(2001, i, 15)));
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[44rem] border-separate border-spacing-0.5 text-xs" data-testid="monthly-returns">
        <thead>
          <tr>
            <th scope="col" className="text-start font-medium text-slate-500">
              {t('backtest.year')}
            </th>
            {months.map((name) => (
              <th key={name} scope="col" className="font-medium text-slate-500">
                {name}
              </th>
            ))}
            <th scope="col" className="font-semibold">
              {t('backtest.yearTotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.year}>
              <th scope="row" className="text-start font-medium tabular-nums">
                {new Intl.NumberFormat(language, { useGrouping: false }).format(row.year)}
              </th>
              {row.months.map((value, i) => (
                <td key={i} className={`rounded px-1 py-1.5 text-center tabular-nums ${monthClass(value)}`}>
                  <bdi>{value === null ? '·' : format.percent(value)}</bdi>
                </td>
              ))}
              <td className={`rounded px-1 py-1.5 text-center font-semibold tabular-nums ${monthClass(row.total)}`}>
                <bdi>{format.percent(row.total)}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
