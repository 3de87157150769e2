/**
 * The heatmap's colours: −100 deep red, 0 neutral, +100 deep green, in steps of 20 so neighbouring
 * scores read alike. Tailwind classes (listed whole so the build keeps them), with a text colour
 * that stays readable on each, in light and dark themes.
 */
const NEGATIVE = [
  'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200',
  'bg-rose-200 text-rose-900 dark:bg-rose-900 dark:text-rose-100',
  'bg-rose-300 text-rose-950 dark:bg-rose-800 dark:text-rose-50',
  'bg-rose-500 text-white dark:bg-rose-700',
  'bg-rose-700 text-white dark:bg-rose-600',
] as const;
const POSITIVE = [
  'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  'bg-emerald-200 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  'bg-emerald-300 text-emerald-950 dark:bg-emerald-800 dark:text-emerald-50',
  'bg-emerald-500 text-white dark:bg-emerald-700',
  'bg-emerald-700 text-white dark:bg-emerald-600',
] as const;
const NEUTRAL = 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300';

/** Which of the five steps a score falls in, 0 for |score| < 20 up to 4 for |score| ≥ 80. */
export function scoreStep(value: number): number {
  return Math.min(4, Math.floor(Math.min(100, Math.abs(value)) / 20));
}

export function scoreClass(value: number): string {
  if (value === 0) return NEUTRAL;
  return (value > 0 ? POSITIVE : NEGATIVE)[scoreStep(value)]!;
}

/** Text colour alone, for numbers outside the heatmap. */
export function scoreTextClass(value: number): string {
  if (value > 0) return 'text-emerald-700 dark:text-emerald-400';
  if (value < 0) return 'text-rose-700 dark:text-rose-400';
  return 'text-slate-500';
}

/** `+60` / `−40` / `0` in the locale's digits: the sign always shown, so a score reads without its colour. */
export function formatScore(value: number, language: string): string {
  return new Intl.NumberFormat(language, { signDisplay: 'exceptZero', maximumFractionDigits: 0 }).format(value);
}
