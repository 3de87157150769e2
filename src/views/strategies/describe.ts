import type { TFunction } from 'i18next';
import { isComparison, isLogic } from './bodyDraft';

type NumberText = (value: number) => string;

/**
 * A condition in words, for reading a strategy without its JSON: `‹fast› crosses above ‹slow›`,
 * `(‹rsi› is below 30) and (‹close› is above ‹bb.lower›)`. References stay as written (they are
 * names); numbers are written in the interface's digits.
 */
export function describeExpression(expr: unknown, t: TFunction, number: NumberText = String): string {
  if (!Array.isArray(expr) || expr.length === 0) return JSON.stringify(expr) ?? '';
  const [op, ...args] = expr as unknown[];
  const operand = (value: unknown) => (typeof value === 'number' ? number(value) : typeof value === 'string' ? `‹${value}›` : JSON.stringify(value));
  if (isComparison(op)) return `${operand(args[0])} ${t(`strategies.words.${op}`)} ${operand(args[1])}`;
  if (op === 'not') return `${t('strategies.words.not')} (${describeExpression(args[0], t, number)})`;
  if (isLogic(op)) return args.map((arg) => `(${describeExpression(arg, t, number)})`).join(` ${t(`strategies.words.${op}`)} `);
  return JSON.stringify(expr);
}

/** An indicator's parameters in short: `period 12 · close`. */
export function describeIndicator(spec: Record<string, unknown>, t: TFunction, number: NumberText = String): string {
  return Object.entries(spec)
    .filter(([key]) => key !== 'type')
    .map(([key, value]) =>
      key === 'source' ? t(`strategies.sources.${String(value)}`) : `${t(`strategies.params.${key}`)} ${typeof value === 'number' ? number(value) : String(value)}`,
    )
    .join(' · ');
}

const PERSIAN_SCRIPT = /[\u0600-\u06FF]/;

/**
 * The built-in strategies' descriptions carry a Persian line and an English one; show the one of
 * the interface's language. Text that is not such a pair is shown whole.
 */
export function inLanguage(text: string, iso: 'fa' | 'en'): string {
  const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
  const persian = lines.filter((line) => PERSIAN_SCRIPT.test(line));
  const other = lines.filter((line) => !PERSIAN_SCRIPT.test(line));
  if (!persian.length || !other.length) return text;
  return (iso === 'fa' ? persian : other).join('\n');
}
