import type { Timeframe } from '../../../contract/codes';
import type { ChartFormat } from './chartOptions';

/**
 * The chart's number and time formatting in the active locale (Persian digits and calendar in
 * fa-IR), with the Intl formatters built once per language, precision and timeframe: the tooltip
 * and axis labels call them on every pointer move.
 */
export function chartFormat(language: string, pricePrecision: number, timeframe: Timeframe, direction: 'rtl' | 'ltr'): ChartFormat {
  const digits = Math.max(0, Math.min(pricePrecision, 12));
  const price = new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const volume = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 2 });
  const daily = timeframe === '1d';
  const time = new Intl.DateTimeFormat(language, daily ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' });
  const axis = new Intl.DateTimeFormat(language, daily ? { month: 'short', day: 'numeric' } : { hour: '2-digit', minute: '2-digit', hour12: false });
  return {
    price: (v) => price.format(v),
    volume: (v) => volume.format(v),
    time: (t) => time.format(t),
    axisTime: (t) => (Number.isFinite(t) ? axis.format(t) : ''),
    direction,
  };
}
