import { z } from 'zod';
import { MarketName, Timeframe } from '../codes';

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

/** Length of each timeframe. `1d` follows the market's time zone, so it is not always 24 h in UTC. */
export const TIMEFRAME_MS: Record<Timeframe, number> = {
  '1m': 60_000,
  '3m': 180_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '2h': 7_200_000,
  '4h': 14_400_000,
  '12h': 43_200_000,
  '1d': 86_400_000,
};

export { csvList } from '../common';
