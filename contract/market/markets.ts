import { z } from 'zod';
import { Id, IsoDateTime, JsonValue, LocalizedText } from '../common';
import { CurrencyCode, DataSourceName, MarketName, SymbolName, TaskName, TaskState, Timeframe } from '../codes';
import { Slug } from './primitives';

/** One weekly trading session in the market's own time zone (`HH:MM`, 24 h). */
export const TradingSession = z.object({
  /** 0 = Sunday … 6 = Saturday (the Tehran exchange trades Saturday to Wednesday). */
  days: z.array(z.number().int().min(0).max(6)),
  open: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  close: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
});
export type TradingSession = z.infer<typeof TradingSession>;

export const Market = z.object({
  id: Id,
  name: MarketName,
  title: LocalizedText,
  /** What prices are quoted in (10 IRR, 20 USD…). */
  currency: CurrencyCode,
  /** IANA zone; `1d` candles and trading hours follow it. */
  timezone: z.string(),
  /** Null means always open (crypto trades 24/7). */
  trading_hours: z.array(TradingSession).nullable(),
  /** The market's active sources, preferred first; the first one answers when a call omits `source`. */
  sources: z.array(DataSourceName),
  default_source: DataSourceName.nullable(),
  is_active: z.boolean(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});
export type Market = z.infer<typeof Market>;

/** Markets are few (three by default), so the list is not paged. */
export const MarketList = z.object({ data: z.array(Market), count: z.number().int().nonnegative() });
export type MarketList = z.infer<typeof MarketList>;

// ---- settings: free key/value per market (fee_rate, live_interval_ms…) ----

export const SettingName = Slug;

export const MarketSettingsQuery = z.object({ market: MarketName });
export type MarketSettingsQuery = z.input<typeof MarketSettingsQuery>;

export const MarketSettings = z.object({
  market: MarketName,
  /** Every setting of the market by name; a name never set is absent. */
  settings: z.record(z.string(), JsonValue),
});
export type MarketSettings = z.infer<typeof MarketSettings>;

export const MarketSettingParams = z.object({ name: SettingName });

/** POST parameters travel in the JSON body; the value is any JSON, bounded so junk cannot bloat the store. */
export const MarketSettingWrite = z.strictObject({
  market: MarketName,
  value: JsonValue.refine(
    (value) => value !== undefined && JSON.stringify(value).length <= 10_000,
    'must be a JSON value of at most 10000 characters',
  ),
});
export type MarketSettingWrite = z.input<typeof MarketSettingWrite>;

export const MarketSetting = z.object({
  market: MarketName,
  name: z.string(),
  value: JsonValue,
  updated_at: IsoDateTime,
});
export type MarketSetting = z.infer<typeof MarketSetting>;

// ---- admin data tasks ----

/** What a call that starts a background task answers; follow it with /api/task/state?task_id=…. */
export const TaskStarted = z.object({
  task_id: z.string(),
  task_name: TaskName,
  state: TaskState,
});
export type TaskStarted = z.infer<typeof TaskStarted>;

/**
 * Back-fill a symbol already in the market's `symbols` list (unknown symbol: 404) and start
 * following it live; starts `market.backfill`.
 */
export const InitNewSymbolBody = z.strictObject({
  symbol: SymbolName,
  /** Omitted: the market's default source. */
  source: DataSourceName.optional(),
  /** How much history to fetch, in days back from now. */
  backfill_days: z.number().int().min(1).max(3650).default(30),
});
export type InitNewSymbolBody = z.input<typeof InitNewSymbolBody>;

/**
 * - `klines`: fetch candles from the last stored one up to now;
 * - `gaps`: find holes in stored history and fetch them again;
 * - `symbols`: refresh the symbols list (titles, precision, min order size) from the source.
 */
export const DataUpdateType = z.enum(['klines', 'gaps', 'symbols']);
export type DataUpdateType = z.infer<typeof DataUpdateType>;

const unique = <T>(items: readonly T[]) => new Set(items).size === items.length;

/** Starts `market.data_update`. */
export const DataUpdateBody = z.strictObject({
  /** Omitted: the market's default source. */
  source: DataSourceName.optional(),
  /**
   * Omitted: the source's finest timeframe only, since every other timeframe is aggregated from it
   * on read; naming others also refreshes any stored copies of them.
   */
  timeframes: z.array(Timeframe).min(1).max(10).refine(unique, 'must not repeat a timeframe').optional(),
  data_type: DataUpdateType.default('klines'),
  /** Omitted: every active symbol of the market. */
  symbols: z.array(SymbolName).min(1).max(1000).refine(unique, 'must not repeat a symbol').optional(),
});
export type DataUpdateBody = z.input<typeof DataUpdateBody>;
