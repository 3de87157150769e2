import { Currency } from '../../../contract/codes';

/** ISO codes of the portfolio currencies; 100 (the market's own) shows the bare number. */
const ISO: Record<number, string> = { [Currency.IRR]: 'IRR', [Currency.USD]: 'USD', [Currency.EUR]: 'EUR' };

/** A decimal string in the portfolio's currency, with Persian or English digits; '—' when unknown. */
export function formatMoney(value: string | null | undefined, currency: number, language: string): string {
  if (value === null || value === undefined) return '—';
  const iso = ISO[currency];
  const n = Number(value);
  const digits = iso === 'IRR' ? 0 : Math.abs(n) >= 1 || n === 0 ? 2 : 6;
  return new Intl.NumberFormat(language, iso ? { style: 'currency', currency: iso, maximumFractionDigits: digits, minimumFractionDigits: iso === 'IRR' ? 0 : Math.min(2, digits) } : { maximumFractionDigits: digits }).format(n);
}

/** An amount of a symbol: up to 8 decimals, trailing zeros dropped. */
export function formatAmount(value: string | null | undefined, language: string): string {
  if (value === null || value === undefined) return '—';
  return new Intl.NumberFormat(language, { maximumFractionDigits: 8 }).format(Number(value));
}

/** A percentage given as 0–100 (or a signed change), with its sign when asked. */
export function formatPct(value: string | number | null | undefined, language: string, signed = false): string {
  if (value === null || value === undefined) return '—';
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2, signDisplay: signed ? 'exceptZero' : 'auto' }).format(Number(value) / 100);
}

/** Green up, red down, grey flat or unknown. */
export function toneOf(value: string | number | null | undefined): string {
  const n = value === null || value === undefined ? 0 : Number(value);
  return n > 0 ? 'text-emerald-700 dark:text-emerald-400' : n < 0 ? 'text-rose-700 dark:text-rose-400' : 'text-slate-500';
}
