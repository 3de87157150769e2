import type { Candle } from '../indicators/candle';
import { detectSignal } from '../strategy/signal';
import type { Scorer } from '../strategy/types';
import type { CandleColumns } from './types';

/** A closed trade in numbers; formatted for the contract at the end. */
export interface TradeRecord {
  symbolIndex: number;
  entryTime: number;
  entryPrice: number;
  entryScore: number;
  exitTime: number;
  exitPrice: number;
  exitScore: number | null;
  exitReason: 'signal' | 'end_of_range';
  amount: number;
  fees: number;
  pnl: number;
  return: number;
  barsHeld: number;
}

export interface SimulationParams {
  symbolIndex: number;
  /** This symbol's share of the initial balance. */
  cash: number;
  feeRate: number;
  positionSize: number;
  timeframeMs: number;
  from: number;
  to: number;
}

/** Index of the first candle opening at or after `time` (candles are in time order). */
function firstAtOrAfter(times: ArrayLike<number>, time: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * One symbol's account, long only, run in chunks. A signal is acted on at the close of the candle
 * that produced it: the score is computed from that closed candle, and the live engine fills
 * market orders at the same price, so a backtest is what the engine would have done (no
 * look-ahead; slippage is not modelled). A buy while long and a sell while flat are ignored. An
 * entry spends `positionSize` of the equity (all of it cash when flat) including the fee; an exit
 * sells everything. A position still open after the last candle is closed at its close
 * (`end_of_range`). Equity after each candle = cash + amount × close.
 */
export class SymbolSimulation {
  /**
   * Point 0 is the start (the first candle's open time, the untouched share); point k + 1 is after
   * the k-th candle in range (its close time). One symbol's arrays are the account's curve as is.
   */
  readonly times: Float64Array;
  readonly equity: Float64Array;
  readonly buyAndHold: Float64Array;
  readonly trades: TradeRecord[] = [];
  readonly start: number;
  readonly end: number;
  readonly share: number;
  next = 0;
  feesPaid = -0;
  barsHeld = 0;

  // Money fields start as doubles (NaN, −0) rather than small integers: V8 then keeps them unboxed
  // from the start instead of changing their representation mid-run (a deoptimisation).
  private cash = NaN;
  private amount = -0;
  private spent = NaN;
  private entryFee = NaN;
  private entryIndex = 0;
  private entryPrice = NaN;
  private entryScore = NaN;
  private previousTotal = NaN;
  private readonly candle: Candle = { openTime: NaN, open: NaN, high: NaN, low: NaN, close: NaN, volume: NaN };

  constructor(
    private readonly columns: CandleColumns,
    private readonly scorer: Scorer,
    private readonly entry: number,
    private readonly exit: number,
    private readonly params: SimulationParams,
  ) {
    this.start = firstAtOrAfter(columns.open_time, params.from);
    this.end = Math.max(this.start, firstAtOrAfter(columns.open_time, params.to));
    const points = this.end - this.start + 1;
    this.times = new Float64Array(points);
    this.equity = new Float64Array(points);
    this.buyAndHold = new Float64Array(points);
    this.share = params.cash;
    this.cash = params.cash;
    this.times[0] = this.start < this.end ? columns.open_time[this.start]! : params.from;
    this.equity[0] = params.cash;
    this.buyAndHold[0] = params.cash;
  }

  get length(): number {
    return this.end - this.start;
  }

  get finished(): boolean {
    return this.next >= this.end;
  }

  /** Runs up to `limit` candles; returns how many ran. */
  step(limit: number): number {
    const { open_time, open, high, low, close, volume } = this.columns;
    const candle = this.candle;
    const scorer = this.scorer;
    const step = this.params.timeframeMs;
    const first = this.next;
    const last = Math.min(this.end, first + limit);
    const start = this.start;
    const baseClose = start < this.end ? close[start]! : NaN;
    const times = this.times;
    const equity = this.equity;
    const buyAndHold = this.buyAndHold;
    const share = this.share;
    const entry = this.entry;
    const exit = this.exit;
    // The hot state lives in locals; trades (rare) go through `this`.
    let previousTotal = this.previousTotal;
    for (let i = first; i < last; i++) {
      candle.openTime = open_time[i]!;
      candle.open = open[i]!;
      candle.high = high[i]!;
      candle.low = low[i]!;
      candle.close = close[i]!;
      candle.volume = volume[i]!;
      const total = scorer.update(candle);
      // A crossing needs two ready scores: the previous total is NaN until the scorer was ready.
      const previous = previousTotal;
      previousTotal = scorer.ready ? total : NaN;
      if (i < start) continue;
      const price = candle.close;
      const side = detectSignal(previous, total, entry, exit);
      // No entry on the range's last candle (it would only be closed again at once, paying two
      // fees), nor at a price that cannot be traded (a source's zero).
      if (side === 'buy' && this.amount === 0 && i < this.end - 1 && price > 0) this.enter(i, price, total);
      else if (side === 'sell' && this.amount > 0) this.leave(i, price, total, 'signal');
      const k = i - start + 1;
      times[k] = candle.openTime + step;
      equity[k] = this.cash + this.amount * price;
      buyAndHold[k] = baseClose > 0 ? (share * price) / baseClose : share;
    }
    this.previousTotal = previousTotal;
    this.next = last;
    return last - first;
  }

  /** Closes what is still open at the last candle's close. */
  finish(): void {
    if (this.amount === 0 || this.length === 0) return;
    const last = this.end - 1;
    this.leave(last, this.columns.close[last]!, null, 'end_of_range');
    this.equity[this.length] = this.cash;
  }

  get finalEquity(): number {
    return this.equity[this.length]!;
  }

  private enter(index: number, price: number, score: number): void {
    const spend = this.cash * this.params.positionSize; // flat: equity is cash
    const fee = spend - spend / (1 + this.params.feeRate);
    this.amount = (spend - fee) / price;
    this.cash -= spend;
    this.spent = spend;
    this.entryFee = fee;
    this.entryIndex = index;
    this.entryPrice = price;
    this.entryScore = score;
  }

  private leave(index: number, price: number, score: number | null, reason: TradeRecord['exitReason']): void {
    const proceeds = this.amount * price;
    const fee = proceeds * this.params.feeRate;
    const pnl = proceeds - fee - this.spent;
    const step = this.params.timeframeMs;
    const barsHeld = index - this.entryIndex;
    this.trades.push({
      symbolIndex: this.params.symbolIndex,
      entryTime: this.columns.open_time[this.entryIndex]! + step,
      entryPrice: this.entryPrice,
      entryScore: this.entryScore,
      exitTime: this.columns.open_time[index]! + step,
      exitPrice: price,
      exitScore: score,
      exitReason: reason,
      amount: this.amount,
      fees: this.entryFee + fee,
      pnl,
      return: pnl / this.spent,
      barsHeld,
    });
    this.cash += proceeds - fee;
    this.feesPaid += this.entryFee + fee;
    this.barsHeld += barsHeld;
    this.amount = 0;
  }
}
