import { z } from 'zod';
import { MarketName } from '../codes';

/**
 * Market data (candles, bars, live prices) travels as JSON numbers, not Decimal strings: these are
 * observations that charts and indicators compute with, not ledger amounts, and a double's 15–17
 * significant digits hold any quoted price or volume. Orders, balances and transactions stay Decimal.
 */
export const MarketPrice = z.number().nonnegative();
export const MarketVolume = z.number().nonnegative();

/** Machine names of sub-markets, categories and settings (lower-case slug); titles carry the words. */
export const Slug = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'must be a lower-case name such as "defi"');

/** A title typed by an admin: both languages required, trimmed. Responses use `LocalizedText`. */
export const TitleInput = z.strictObject({
  fa: z.string().trim().min(1).max(200),
  en: z.string().trim().min(1).max(200),
});

export { NonNegativeDecimal } from '../common';

/** Prices carry at most 18 decimals (the usual limit of crypto venues). */
export const Precision = z.number().int().min(0).max(18);

export const MarketParams = z.object({ market: MarketName });

export { TIMEFRAME_MS } from '../constants';

export { csvList } from '../common';
