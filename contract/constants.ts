/**
 * Plain constants of the contract, with no zod: the sign-in page's code reads these without
 * loading the schema library (codes.ts and common.ts build their schemas from them).
 */
export const LANGUAGES = ['fa-IR', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const NotificationStatus = { new: 10, seen: 20, done: 30, dismissed: 40, expired: 50 } as const;
/** Statuses that keep a notification in the active list. */
export const ACTIVE_NOTIFICATION_STATUSES = [NotificationStatus.new, NotificationStatus.seen] as const;

export const TIMEFRAMES = ['1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '12h', '1d'] as const;

/** Length of each timeframe. `1d` follows the market's time zone, so it is not always 24 h in UTC. */
export const TIMEFRAME_MS: Record<(typeof TIMEFRAMES)[number], number> = {
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

export const MARKETS = ['crypto', 'ir_crypto', 'tse'] as const;
