import type { Timeframe } from '../../contract/codes';
import { createBucketer, type Bucketer } from '../domain/klines/buckets';

/** A candle as the engine scores it: numbers, open time in ms. */
export interface EngineCandle {
  open_time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** A closed candle of a coarser timeframe, folded from the 1m candles the feed closed. */
export interface ClosedCandle {
  market: string;
  symbol: string;
  timeframe: Timeframe;
  candle: EngineCandle;
  /** Open time of the next bucket: the candle's close time, what scores are stamped with. */
  closeTime: number;
  /**
   * The engine did not see every minute of this bucket (it started, or began following the symbol,
   * after the bucket opened): the caller reads the candle from storage instead.
   */
  partial: boolean;
}

interface Forming {
  candle: EngineCandle;
  end: number;
  partial: boolean;
}

/** Minutes after a bucket's end the sweep waits for its last 1m candle before closing it anyway. */
export const CLOSE_GRACE_MS = 90_000;
const MINUTE = 60_000;

/**
 * Turns the stream of closed 1m candles into closes of every timeframe the engine scores, without
 * reading storage: each (symbol, timeframe) keeps its forming candle and closes it when the minute
 * that ends its bucket arrives, when a minute of a later bucket arrives (a gap, a market that
 * closed mid-bucket), or when the sweep finds its end long past (a session's last bucket).
 */
export function createCandleCloser(market: string, timeZone: string, since: number) {
  const bucketers = new Map<Timeframe, Bucketer>();
  const forming = new Map<string, Forming>();
  const bucketer = (tf: Timeframe) => {
    let b = bucketers.get(tf);
    if (!b) bucketers.set(tf, (b = createBucketer(tf, timeZone)));
    return b;
  };
  const key = (symbol: string, tf: Timeframe) => `${symbol}\u0000${tf}`;
  const close = (symbol: string, tf: Timeframe, f: Forming): ClosedCandle => ({
    market,
    symbol,
    timeframe: tf,
    candle: f.candle,
    closeTime: f.end,
    partial: f.partial,
  });

  return {
    /** Folds one closed 1m candle into each timeframe; returns the candles it closed, oldest first. */
    add(symbol: string, minute: EngineCandle, timeframes: Iterable<Timeframe>): ClosedCandle[] {
      const closed: ClosedCandle[] = [];
      for (const tf of timeframes) {
        const b = bucketer(tf);
        const k = key(symbol, tf);
        const start = b.start(minute.open_time);
        let f = forming.get(k);
        if (f && minute.open_time < f.candle.open_time) continue; // older than what is forming: already counted
        if (f && start !== f.candle.open_time) {
          closed.push(close(symbol, tf, f));
          f = undefined;
        }
        if (!f) {
          // A 1m candle is whole by itself; a coarser bucket begun before `since` misses minutes.
          f = { candle: { ...minute, open_time: start }, end: b.end(start), partial: start < since && b.maxLengthMs > MINUTE };
          forming.set(k, f);
        } else {
          const c = f.candle;
          if (minute.high > c.high) c.high = minute.high;
          if (minute.low < c.low) c.low = minute.low;
          c.close = minute.close;
          c.volume += minute.volume;
        }
        if (minute.open_time + MINUTE >= f.end) {
          closed.push(close(symbol, tf, f));
          forming.delete(k);
        }
      }
      return closed;
    },

    /** Closes the forming candles whose bucket ended more than the grace period ago. */
    sweep(now: number): ClosedCandle[] {
      const closed: ClosedCandle[] = [];
      for (const [k, f] of forming) {
        if (f.end + CLOSE_GRACE_MS > now) continue;
        const [symbol, tf] = k.split('\u0000') as [string, Timeframe];
        closed.push(close(symbol, tf, f));
        forming.delete(k);
      }
      return closed;
    },

    /** Forgets a symbol (no longer scored). */
    drop(symbol: string) {
      for (const k of forming.keys()) if (k.startsWith(`${symbol}\u0000`)) forming.delete(k);
    },
  };
}

export type CandleCloser = ReturnType<typeof createCandleCloser>;
