import { z } from 'zod';
import { Decimal, IdParam, JsonValue } from '../common';

/**
 * Small building blocks shared by the portfolio files. Kept here rather than in `common.ts`
 * (which this folder may not edit); move them up if another area needs them.
 */

/**
 * A list in a query string, written comma-separated (`status=10,20`), never as repeated keys:
 * one key per filter keeps URLs short and the generated callers simple.
 */
export const csvList = <T extends z.ZodType>(item: T, maxItems: number) =>
  z
    .string()
    .max(maxItems * 40)
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part.length > 0),
    )
    // The cast only widens the pipe's declared input to the split strings; each item still
    // parses them (codes through z.coerce), so validation is unchanged.
    .pipe(z.array(item).min(1).max(maxItems) as unknown as z.ZodType<z.output<T>[], string[]>)
    .meta({ description: `Comma-separated, at most ${maxItems} items, e.g. "a,b"` });

/** A decimal string that may be zero but never negative (balances, fees, thresholds). */
export const NonNegativeDecimal = Decimal.refine((v) => !v.startsWith('-'), 'must not be negative');

/** A percentage as a decimal string, above 0 and at most `max` (100 unless a rule allows more). */
export const percent = (max = 100) =>
  Decimal.refine((v) => {
    const n = Number(v);
    return n > 0 && n <= max;
  }, `must be a percentage above 0 and at most ${max}`);

/** Every portfolio-manager call names the portfolio it acts on; another user's answers 404. */
export const PortfolioIdQuery = z.object({ portfolio_id: IdParam });

/** Setting keys are identifiers (`chart.default_timeframe`), not free text. */
export const SettingKey = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, 'must be a key such as "chart.default_timeframe"');

/** A setting value is any JSON, capped so one key cannot hold a database's worth of data. */
export const SettingValue = JsonValue.refine(
  (v) => v === undefined || JSON.stringify(v).length <= 10_000,
  'must be at most 10000 characters as JSON',
);

/** Tags are short labels in any language (`long-term`, `بلندمدت`). */
export const TagName = z.string().trim().min(1).max(40);

/** How many of something a call removed; removing what is not there is not an error. */
export const RemovedCount = z.object({ removed: z.number().int().nonnegative() });
export type RemovedCount = z.infer<typeof RemovedCount>;

/** Newest first is what lists and tables want; charts ask for `asc`. */
export const SortOrder = z.enum(['asc', 'desc']);
