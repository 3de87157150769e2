import { z } from 'zod';
import { EpochMs, EpochMsParam, Id, IdParam, QueryBool } from '../common';
import { DataSourceName, MarketName, SymbolName, Timeframe } from '../codes';
import { MarketPrice, MarketVolume } from './primitives';

/** Most candles one klines call returns (10,000 1m candles ≈ a week); more is a 422 on `limit`. */
export const KLINES_MAX_LIMIT = 10_000;

/** One candle. Prices and volume are numbers: see `MarketPrice`. */
export const Candle = z.object({
  /** Start of the candle, epoch ms UTC; `1d` candles start at midnight of the market's time zone. */
  open_time: EpochMs,
  open: MarketPrice,
  high: MarketPrice,
  low: MarketPrice,
  close: MarketPrice,
  /** Traded amount of the main symbol. */
  volume: MarketVolume,
});
export type Candle = z.infer<typeof Candle>;

/** A candle with everything that identifies it. */
export const Kline = Candle.extend({
  market: MarketName,
  symbol: SymbolName,
  source: DataSourceName,
  timeframe: Timeframe,
  /** False for the candle still forming: its high, low, close and volume will still move. */
  closed: z.boolean(),
});
export type Kline = z.infer<typeof Kline>;

export const KlinesReturnAs = z.enum(['objects', 'arrays']);
export type KlinesReturnAs = z.infer<typeof KlinesReturnAs>;

/**
 * Window rules: candles whose open_time lies in [from_timestamp, to_timestamp] (from exclusive when
 * `from_timestamp_inclusive=false`, handy to page forward from the last candle seen). `limit` keeps
 * the oldest ones, or the newest ones with `read_from_last`; either way they come oldest first.
 */
export const KlinesQuery = z
  .object({
    market: MarketName,
    symbol: SymbolName,
    /** Omitted: the market's default source. */
    source: DataSourceName.optional(),
    timeframe: Timeframe,
    from_timestamp: EpochMsParam.optional(),
    /** Inclusive; omitted: now. */
    to_timestamp: EpochMsParam.optional(),
    from_timestamp_inclusive: QueryBool.default(true),
    limit: z.coerce.number().int().min(1).max(KLINES_MAX_LIMIT).default(1000),
    /** Take the `limit` newest candles of the window instead of the oldest. */
    read_from_last: QueryBool.default(false),
    /** Also return the candle still forming at the end (a chart wants it; scoring does not). */
    latest: QueryBool.default(false),
    /** `arrays` is columnar (one array per field), about a third of the bytes: what charts use. */
    return_as: KlinesReturnAs.default('objects'),
  })
  .refine(
    (q) => q.from_timestamp === undefined || q.to_timestamp === undefined || q.from_timestamp <= q.to_timestamp,
    { message: 'must not be after to_timestamp', path: ['from_timestamp'] },
  );
export type KlinesQuery = z.input<typeof KlinesQuery>;

/** The same columns as `Candle`, one array each, all of the same length, oldest first. */
export const CandleColumns = z.object({
  open_time: z.array(EpochMs),
  open: z.array(MarketPrice),
  high: z.array(MarketPrice),
  low: z.array(MarketPrice),
  close: z.array(MarketPrice),
  volume: z.array(MarketVolume),
});
export type CandleColumns = z.infer<typeof CandleColumns>;

const KlinesHeader = {
  market: MarketName,
  symbol: SymbolName,
  /** The source that answered (the default one when the call named none). */
  source: DataSourceName,
  timeframe: Timeframe,
  /** Candles in this answer. */
  count: z.number().int().nonnegative(),
  /**
   * More candles exist past this answer in the reading direction (newer ones, or older ones with
   * `read_from_last`) within the window: call again from the last open_time you got.
   */
  has_more: z.boolean(),
  /** Open time of the forming candle when the answer ends with one (only with `latest`), else null. */
  forming_open_time: EpochMs.nullable(),
};

export const Klines = z.discriminatedUnion('return_as', [
  z.object({ return_as: z.literal('objects'), ...KlinesHeader, data: z.array(Candle) }),
  z.object({ return_as: z.literal('arrays'), ...KlinesHeader, data: CandleColumns }),
]);
export type Klines = z.infer<typeof Klines>;

// ---- /portfolio/manager/read_last_market_kline ----

/** The newest candle of a symbol in a portfolio's market, for valuing a position. */
export const ReadLastMarketKlineQuery = z.object({
  /** The portfolio fixes the market; another user's portfolio answers 404. */
  portfolio_id: IdParam,
  symbol: SymbolName,
  timeframe: Timeframe.default('1m'),
  /** Omitted: the market's default source. */
  source: DataSourceName.optional(),
  /** Skip the forming candle and answer the last closed one. */
  closed_only: QueryBool.default(false),
});
export type ReadLastMarketKlineQuery = z.input<typeof ReadLastMarketKlineQuery>;

export const LastMarketKline = z.object({
  portfolio_id: Id,
  /** Null while nothing is stored for the symbol yet (a symbol just added). */
  kline: Kline.nullable(),
});
export type LastMarketKline = z.infer<typeof LastMarketKline>;
