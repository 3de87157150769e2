/**
 * Number formats of the markets screen, through Intl in the active locale (Persian digits in
 * fa-IR). A screen of live rows formats thousands of numbers a second: the formatters are built
 * once per locale and option set and reused.
 */
const cache = new Map<string, Intl.NumberFormat>();

function formatter(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    cache.set(key, format);
  }
  return format;
}

/** A price with the symbol's decimals (at most 8 shown). */
export function formatPrice(value: number, precision: number, language: string): string {
  const digits = Math.max(0, Math.min(precision, 8));
  return formatter(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** `+1.25%` / `−0.40%`: the sign always shown, so a change reads without its colour. */
export function formatChange(pct: number, language: string): string {
  return formatter(language, { style: 'percent', signDisplay: 'exceptZero', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(pct / 100);
}

/** Volumes in short form (1.2K, ۱٫۲ هزار). */
export function formatVolume(value: number, language: string): string {
  return formatter(language, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

export function formatCount(value: number, language: string): string {
  return formatter(language, {}).format(value);
}
