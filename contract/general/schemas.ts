import { z } from 'zod';
import { Id, IsoDateTime, Language, LocalizedText, QueryBool, Theme } from '../common';
import { Timeframe } from '../codes';

/** What the app needs before sign-in: names, languages, switches and the codes it shows. */
export const AppConfig = z.object({
  app_name: LocalizedText,
  version: z.string(),
  open_registration: z.boolean(),
  default_language: Language,
  languages: z.array(Language),
  default_theme: Theme,
  timeframes: z.array(Timeframe),
  markets: z.array(z.string()),
  /** How often the app should refresh config and market info, in ms. */
  refresh_interval_ms: z.number().int().positive(),
  server_time: IsoDateTime,
});
export type AppConfig = z.infer<typeof AppConfig>;

export const ServerTimeQuery = z.object({
  /** Round down to the whole second. */
  rounded: QueryBool.optional(),
});

export const ServerTime = z.object({
  /** Epoch milliseconds (a multiple of 1000 when `rounded`). */
  timestamp: z.number().int(),
  iso: IsoDateTime,
  timezone: z.literal('UTC'),
});
export type ServerTime = z.infer<typeof ServerTime>;

/** A short market saying in both languages, shown on the dashboard. */
export const Quote = z.object({
  id: Id,
  text: LocalizedText,
  author: LocalizedText.nullable(),
});
export type Quote = z.infer<typeof Quote>;
