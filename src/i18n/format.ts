/**
 * Numbers and dates in the active locale through Intl: in fa-IR that means Persian digits and
 * the Persian (Solar Hijri) calendar, which Intl applies by default for that locale.
 */
export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(language, options).format(value);
}

export function formatDateTime(value: number | Date, language: string, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(language, options ?? { dateStyle: 'medium', timeStyle: 'medium' }).format(value);
}
