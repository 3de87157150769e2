import type { BacktestFormat } from './chartOptions';

/** The backtest screen's Intl formats in the active locale (Persian digits and calendar in fa-IR). */
export function backtestFormat(language: string): BacktestFormat & { number: (v: number, digits?: number) => string; ratio: (v: number | null) => string } {
  const money = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 2, signDisplay: 'auto' });
  const price = new Intl.NumberFormat(language, { maximumSignificantDigits: 8 });
  const time = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
  const axisDate = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric' });
  const axisTime = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hour12: false });
  const ratio = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  return {
    money: (v) => money.format(v),
    percent: (v) => percent.format(v),
    price: (v) => price.format(v),
    time: (ms) => time.format(ms),
    axisDate: (ms) => (Number.isFinite(ms) ? axisDate.format(ms) : ''),
    axisTime: (ms) => (Number.isFinite(ms) ? axisTime.format(ms) : ''),
    number: (v, digits = 0) => new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(v),
    ratio: (v) => (v === null ? '—' : ratio.format(v)),
  };
}
