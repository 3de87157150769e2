import type { Candle } from '../indicators/candle';

export type { Candle };

export interface ScorerOptions {
  /** Offset of the market's time zone at an instant (ms), for the session VWAP's daily restart; UTC when omitted. */
  utcOffsetMs?: (epochMs: number) => number;
}

/** A strategy body turned into code: no JSON is looked at per candle. */
export interface CompiledStrategy {
  /** Rule names in body order; `ruleScore(i)` follows the same order. */
  readonly ruleNames: readonly string[];
  readonly entry: number;
  readonly exit: number;
  /** Candles until `ready`: every referenced indicator has all its outputs. */
  readonly lookback: number;
  /**
   * Candles to replay before scores can be trusted after a restart: the lookback, plus the candles
   * that recursive averages (EMA, Wilder's) need before their seed weighs < 0.1 %, plus one when a
   * rule crosses (it needs a previous value).
   */
  readonly warmup: number;
  /** A session VWAP is used: its value depends on every candle since the local midnight, so a restart replays from there at least. */
  readonly dailySession: boolean;
  /** A fresh scorer (its own indicator state) for one symbol and timeframe. */
  createScorer(options?: ScorerOptions): Scorer;
}

export interface Scorer {
  /**
   * Feeds one CLOSED candle and returns the total score: the sum of the scores of the rules that
   * hold, clamped to −100…100. 0 (and every rule score 0) until `ready`, so warm-up never looks like
   * a signal.
   */
  update(candle: Candle): number;
  /** Every indicator the rules refer to has warmed up (monotonic: once true, stays true). */
  readonly ready: boolean;
  /** The score rule `index` contributed on the last update (0 if it did not hold). */
  ruleScore(index: number): number;
}
