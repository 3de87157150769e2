import { z } from 'zod';
import { LANGUAGES, THEMES } from './constants';

/** Database ids are positive integers. Path and query values arrive as text, hence `coerce`. */
export const Id = z.number().int().positive();
export const IdParam = z.coerce.number().int().positive();

/** Entity times (created_at, updated_at…) travel as ISO-8601 strings in UTC. */
export const IsoDateTime = z.iso.datetime({ offset: true });

/** Market times (candle open, score, balance, order times) travel as epoch milliseconds (UTC). */
export const EpochMs = z.number().int().nonnegative();
export const EpochMsParam = z.coerce.number().int().nonnegative();

/** Booleans in a query string: `true`/`false` (also `1`/`0`, `yes`/`no`). */
export const QueryBool = z.stringbool();

/** Page through a list: `skip` rows then at most `limit`. */
export const SkipLimitQuery = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export const OffsetLimitQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

/** A short acknowledgement: `{ "msg": "…" }`. */
export const Message = z.object({ msg: z.string() });
export type Message = z.infer<typeof Message>;

/** Free-form key/value stores (settings) hold JSON values. */
export const JsonValue: z.ZodType<unknown> = z.json();

/** Decimal amounts and prices travel as strings so no binary float ever rounds them. */
export const Decimal = z
  .string()
  .max(64)
  .regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number written as a string, e.g. "12.5"');
export const PositiveDecimal = Decimal.refine((v) => !v.startsWith('-') && /[1-9]/.test(v), 'must be greater than zero');

export const Email = z.email().max(254);
export const Password = z.string().min(8, 'must be at least 8 characters').max(128);
export const Name = z.string().trim().min(1).max(120);
export const LongText = z.string().max(10_000);

/** Language tags the interface speaks; `fa-IR` is the default. */
export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;
export const Theme = z.enum(THEMES);
export type Theme = z.infer<typeof Theme>;

/** An IANA time zone name, e.g. `Asia/Tehran`. */
export const TimeZone = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as "Asia/Tehran"');

/** Text in both interface languages. */
export const LocalizedText = z.object({ fa: z.string().max(500), en: z.string().max(500) });
export type LocalizedText = z.infer<typeof LocalizedText>;

/**
 * A list in a query string: comma-separated values of one key (`status=10,20`); repeated keys are
 * not merged and empty items are ignored. Items parse with `item` (use z.coerce for numbers).
 */
export function csvList<T extends z.ZodType>(
  item: T,
  maxItems: number,
  options: { maxChars?: number; minItems?: number; unique?: boolean } = {},
) {
  const { maxChars = maxItems * 40, minItems = 1, unique = false } = options;
  return (
    z
      .string()
      .max(maxChars)
      .transform((text) => {
        const parts = text
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part.length > 0);
        return unique ? [...new Set(parts)] : parts;
      })
      // The cast only widens the pipe's declared input to the split strings; each item still
      // parses them (codes through z.coerce), so validation is unchanged.
      .pipe(z.array(item).min(minItems).max(maxItems) as unknown as z.ZodType<z.output<T>[], string[]>)
      .meta({ description: `Comma-separated, at most ${maxItems} items, e.g. "a,b"` })
  );
}

/** A decimal string that may be zero but not negative (fees, sizes, thresholds). */
export const NonNegativeDecimal = Decimal.refine((v) => !v.startsWith('-'), 'must not be negative');

/** The broker adapter a live portfolio sends its orders to (e.g. `paper`, `binance`). */
export const BrokerId = z.string().regex(/^[a-z][a-z0-9_-]{0,63}$/, 'must be a broker name such as "binance"');
