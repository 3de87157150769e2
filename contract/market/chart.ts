import { z } from 'zod';
import { EpochMs, EpochMsParam, Id, LocalizedText, QueryBool } from '../common';
import { MarketName, NotificationStatusCode, OrderSide, SymbolName, TIMEFRAMES, Timeframe } from '../codes';
import { KLINES_MAX_LIMIT } from './klines';
import { MarketPrice, MarketVolume, csvList } from './primitives';

/**
 * The TradingView-flavoured chart calls (UDF style). One departure from UDF: every time here is
 * epoch milliseconds, like every other market time of this API, not UDF's seconds.
 */

/** TradingView's resolution strings; our timeframe names are accepted too (`1h` = `60`). */
export const TV_RESOLUTIONS = ['1', '3', '5', '15', '30', '60', '120', '240', '720', '1D'] as const;
export const ChartResolution = z.enum([...TV_RESOLUTIONS, 'D', ...TIMEFRAMES]);
export type ChartResolution = z.infer<typeof ChartResolution>;

export const RESOLUTION_TIMEFRAME: Record<ChartResolution, Timeframe> = {
  '1': '1m', '3': '3m', '5': '5m', '15': '15m', '30': '30m',
  '60': '1h', '120': '2h', '240': '4h', '720': '12h', '1D': '1d', D: '1d',
  '1m': '1m', '3m': '3m', '5m': '5m', '15m': '15m', '30m': '30m',
  '1h': '1h', '2h': '2h', '4h': '4h', '12h': '12h', '1d': '1d',
};

// ---- /tradingview/symbols ----

export const ChartSymbolsQuery = z.object({
  market: MarketName,
  /** Omitted: active and inactive symbols alike. */
  is_active: QueryBool.optional(),
});
export type ChartSymbolsQuery = z.input<typeof ChartSymbolsQuery>;

export const ChartSymbol = z.object({
  name: SymbolName,
  /** `market:name`, unique across markets. */
  ticker: z.string(),
  market: MarketName,
  title: LocalizedText,
  main_symbol: z.string(),
  quote_symbol: z.string(),
  sub_market: z.string().nullable(),
  category: z.string().nullable(),
  is_active: z.boolean(),
  /** The market's IANA time zone. */
  timezone: z.string(),
  /** TradingView session string: `24x7`, or e.g. `0900-1230:71234` for the Tehran exchange. */
  session: z.string(),
  price_precision: z.number().int().nonnegative(),
  /** 10^price_precision, as TradingView wants it. */
  pricescale: z.number().int().positive(),
  minmov: z.number().int().positive(),
  has_intraday: z.boolean(),
  supported_resolutions: z.array(z.enum(TV_RESOLUTIONS)),
  /** Open time of the oldest stored candle, so a chart knows where zooming back ends; null if none. */
  first_time: EpochMs.nullable(),
});
export type ChartSymbol = z.infer<typeof ChartSymbol>;

/** A market's symbols are bounded (a few thousand at most), so the list is not paged. */
export const ChartSymbolList = z.object({ data: z.array(ChartSymbol), count: z.number().int().nonnegative() });
export type ChartSymbolList = z.infer<typeof ChartSymbolList>;

// ---- /tradingview/bars ----

/**
 * Bars with open time in [timestamp_from, timestamp_to]. With `countback`, exactly the
 * `countback` bars ending at timestamp_to (fewer only when history runs out), whatever
 * timestamp_from says: that is how the chart loads older candles while zooming back.
 */
export const ChartBarsQuery = z
  .object({
    market: MarketName,
    symbol: SymbolName,
    resolution: ChartResolution,
    timestamp_from: EpochMsParam.optional(),
    /** Inclusive; omitted: now (the forming bar included). */
    timestamp_to: EpochMsParam.optional(),
    countback: z.coerce.number().int().min(1).max(KLINES_MAX_LIMIT).optional(),
  })
  .refine((q) => q.timestamp_from !== undefined || q.countback !== undefined, {
    message: 'give timestamp_from or countback',
    path: ['timestamp_from'],
  })
  .refine(
    (q) => q.timestamp_from === undefined || q.timestamp_to === undefined || q.timestamp_from <= q.timestamp_to,
    { message: 'must not be after timestamp_to', path: ['timestamp_from'] },
  );
export type ChartBarsQuery = z.input<typeof ChartBarsQuery>;

/** UDF bars: parallel arrays, oldest first. Without `countback` at most 10,000 bars answer. */
export const ChartBars = z.discriminatedUnion('s', [
  z.object({
    s: z.literal('ok'),
    t: z.array(EpochMs),
    o: z.array(MarketPrice),
    h: z.array(MarketPrice),
    l: z.array(MarketPrice),
    c: z.array(MarketPrice),
    v: z.array(MarketVolume),
  }),
  z.object({
    s: z.literal('no_data'),
    /** Open time of the newest bar before the window, when older data exists: jump there. */
    nextTime: EpochMs.optional(),
  }),
]);
export type ChartBars = z.infer<typeof ChartBars>;

// ---- /tradingview/marks ----

export const ChartMarksQuery = z.object({
  market: MarketName,
  symbol: SymbolName,
  /** Marks are placed on the bar of this resolution that holds them. */
  resolution: ChartResolution,
  /** Marks from this time up to now. */
  timestamp_from: EpochMsParam,
  /**
   * Keep marks whose notification has one of these statuses, comma-separated codes
   * (`status=10,20` = still active); omitted: all.
   */
  status: csvList(z.coerce.number().pipe(NotificationStatusCode), 5).optional(),
  /** Newest marks first when the cap cuts. */
  limit: z.coerce.number().int().min(1).max(5000).default(500),
});
export type ChartMarksQuery = z.input<typeof ChartMarksQuery>;

/** A signal of one of the user's subscriptions on this symbol. */
export const ChartMark = z.object({
  id: Id,
  /** Open time of the bar (of the asked resolution) that holds the signal. */
  time: EpochMs,
  /** When the signal fired: the close time of the candle its score was computed on. */
  signal_time: EpochMs,
  side: OrderSide,
  /** One letter for the marker bubble: `B` or `S`. */
  label: z.string(),
  /** Strategy and score, in both languages, for the tooltip. */
  text: LocalizedText,
  score: z.number().min(-100).max(100),
  strategy_id: Id,
  subscription_id: Id,
  /** The timeframe the strategy scored on. */
  timeframe: Timeframe,
  /** Status of the signal's notification (10 new … 50 expired). */
  status: NotificationStatusCode,
  notification_id: Id.nullable(),
});
export type ChartMark = z.infer<typeof ChartMark>;

export const ChartMarkList = z.object({ data: z.array(ChartMark), count: z.number().int().nonnegative() });
export type ChartMarkList = z.infer<typeof ChartMarkList>;
