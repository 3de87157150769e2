import { z } from 'zod';
import { Decimal, IdParam, JsonValue } from '../common';

/** Small building blocks shared by the portfolio files (lists and decimals live in `common.ts`). */

export { csvList, NonNegativeDecimal } from '../common';

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
