import { z } from 'zod';
import { EpochMs } from '../common';
import { MarketName, SymbolName, Timeframe } from '../codes';
import { MarketPrice, MarketVolume, TIMEFRAME_MS } from './primitives';

/** The relay's shared secret, a server setting; a wrong one answers 401 and stores nothing. */
export const IngestQuery = z.object({ auth_code: z.string().min(1).max(256) });
export type IngestQuery = z.input<typeof IngestQuery>;

export const IngestKline = z.strictObject({
  symbol: SymbolName,
  open_time: EpochMs,
  open: MarketPrice,
  high: MarketPrice,
  low: MarketPrice,
  close: MarketPrice,
  volume: MarketVolume,
});
export type IngestKline = z.input<typeof IngestKline>;

export const INGEST_MAX_KLINES = 10_000;

/**
 * One batch pushed by the irproxy relay. It is stored whole or not at all: any bad row (an unknown
 * symbol, which the server checks, included) makes the whole batch a 422. Storing is idempotent by
 * (symbol, open_time): a candle sent again replaces the stored one.
 */
export const IngestBatch = z
  .strictObject({
    market: MarketName,
    /** The candles' timeframe; normally the source's finest, 1m. */
    timeframe: Timeframe.default('1m'),
    klines: z.array(IngestKline).min(1).max(INGEST_MAX_KLINES),
  })
  .superRefine((batch, ctx) => {
    const seen = new Set<string>();
    // 1d boundaries depend on the market's time zone, so the server checks those.
    const step = batch.timeframe === '1d' ? 0 : TIMEFRAME_MS[batch.timeframe];
    batch.klines.forEach((k, i) => {
      if (k.low > Math.min(k.open, k.close, k.high)) {
        ctx.addIssue({ code: 'custom', path: ['klines', i, 'low'], message: 'must not be above open, close or high' });
      }
      if (k.high < Math.max(k.open, k.close)) {
        ctx.addIssue({ code: 'custom', path: ['klines', i, 'high'], message: 'must not be below open or close' });
      }
      if (step > 0 && k.open_time % step !== 0) {
        ctx.addIssue({ code: 'custom', path: ['klines', i, 'open_time'], message: `must be a ${batch.timeframe} boundary` });
      }
      const key = `${k.symbol}\u0000${k.open_time}`;
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['klines', i, 'open_time'], message: 'repeats a candle of this batch' });
      }
      seen.add(key);
    });
  });
export type IngestBatch = z.input<typeof IngestBatch>;

export const IngestResult = z.object({
  market: MarketName,
  timeframe: Timeframe,
  received: z.number().int().nonnegative(),
  inserted: z.number().int().nonnegative(),
  /** Candles already stored with other values, now replaced. */
  updated: z.number().int().nonnegative(),
  /** Candles already stored with the same values (a re-sent batch). */
  unchanged: z.number().int().nonnegative(),
});
export type IngestResult = z.infer<typeof IngestResult>;
