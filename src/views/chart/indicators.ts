/**
 * Technical indicators over a column of closes, oldest first. Each returns one value per input
 * (null where the indicator is not defined yet), so a series lines up with its candles.
 */
export type Line = (number | null)[];

/** Simple moving average of `period` values. */
export function sma(values: readonly number[], period: number): Line {
  const out: Line = new Array(values.length).fill(null);
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i]!;
    if (i >= period) sum -= values[i - period]!;
    if (i >= period - 1) out[i] = sum / period;
  }
  return out;
}

/** Exponential moving average, k = 2 / (period + 1), seeded with the SMA of the first `period` values. */
export function ema(values: readonly number[], period: number): Line {
  const out: Line = new Array(values.length).fill(null);
  if (values.length < period) return out;
  const k = 2 / (period + 1);
  let prev = 0;
  for (let i = 0; i < period; i++) prev += values[i]!;
  prev /= period;
  out[period - 1] = prev;
  for (let i = period; i < values.length; i++) {
    prev = values[i]! * k + prev * (1 - k);
    out[i] = prev;
  }
  return out;
}

export interface Bands {
  middle: Line;
  upper: Line;
  lower: Line;
}

/** Bollinger bands: SMA(period) ± k × the population standard deviation of the same window. */
export function bollinger(values: readonly number[], period = 20, k = 2): Bands {
  const middle = sma(values, period);
  const upper: Line = new Array(values.length).fill(null);
  const lower: Line = new Array(values.length).fill(null);
  for (let i = period - 1; i < values.length; i++) {
    const mean = middle[i]!;
    let squares = 0;
    for (let j = i - period + 1; j <= i; j++) squares += (values[j]! - mean) ** 2;
    const sd = Math.sqrt(squares / period);
    upper[i] = mean + k * sd;
    lower[i] = mean - k * sd;
  }
  return { middle, upper, lower };
}

/**
 * Wilder's RSI: the first average gain and loss are the means of the first `period` changes, then
 * avg = (prev × (period − 1) + current) / period. 100 when there were no losses.
 */
export function rsi(values: readonly number[], period = 14): Line {
  const out: Line = new Array(values.length).fill(null);
  if (values.length <= period) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i++) {
    const change = values[i]! - values[i - 1]!;
    if (change > 0) gain += change;
    else loss -= change;
  }
  gain /= period;
  loss /= period;
  const value = () => (loss === 0 ? 100 : 100 - 100 / (1 + gain / loss));
  out[period] = value();
  for (let i = period + 1; i < values.length; i++) {
    const change = values[i]! - values[i - 1]!;
    gain = (gain * (period - 1) + Math.max(change, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-change, 0)) / period;
    out[i] = value();
  }
  return out;
}

export interface Macd {
  macd: Line;
  signal: Line;
  histogram: Line;
}

/** MACD line = EMA(fast) − EMA(slow); signal = EMA(signal) of the MACD line from its first value; histogram = MACD − signal. */
export function macd(values: readonly number[], fast = 12, slow = 26, signalPeriod = 9): Macd {
  const fastLine = ema(values, fast);
  const slowLine = ema(values, slow);
  const line: Line = values.map((_, i) => (fastLine[i] !== null && slowLine[i] !== null ? fastLine[i]! - slowLine[i]! : null));
  const start = line.findIndex((v) => v !== null);
  const signal: Line = new Array(values.length).fill(null);
  if (start >= 0) {
    const defined = ema(line.slice(start) as number[], signalPeriod);
    defined.forEach((v, i) => (signal[start + i] = v));
  }
  const histogram: Line = line.map((v, i) => (v !== null && signal[i] !== null ? v - signal[i]! : null));
  return { macd: line, signal, histogram };
}

/** Which lines a {@link LiveIndicators} keeps. */
export interface IndicatorChoice {
  ema: boolean;
  bollinger: boolean;
  rsi: boolean;
  macd: boolean;
}

/** The element at `i` of an EMA of `values` whose first defined value is at `from`: the same arithmetic as {@link ema}. */
function emaStep(values: Line, out: Line, i: number, period: number, from: number): void {
  const j = i - from;
  if (from < 0 || j < period - 1) out[i] = null;
  else if (j === period - 1) {
    let sum = 0;
    for (let x = from; x <= i; x++) sum += values[x]!;
    out[i] = sum / period;
  } else {
    const k = 2 / (period + 1);
    out[i] = values[i]! * k + out[i - 1]! * (1 - k);
  }
}

/**
 * The indicators of a column of closes kept up to date one bar at a time: after the last close
 * changed or one was appended, {@link LiveIndicators.update} recomputes the last element only
 * (O(1) for EMA, RSI and MACD, O(period) for Bollinger) from the state the previous bar left.
 * Every value equals what {@link ema}, {@link bollinger}, {@link rsi} and {@link macd} give for the
 * whole column (the same operations in the same order).
 */
export class LiveIndicators {
  readonly ema: Line = [];
  readonly bollinger: Bands = { middle: [], upper: [], lower: [] };
  readonly rsi: Line = [];
  readonly macd: Macd = { macd: [], signal: [], histogram: [] };
  /** The running sum behind the Bollinger middle, as `sma` keeps it. */
  private readonly sums: number[] = [];
  private readonly gain: number[] = [];
  private readonly loss: number[] = [];
  private readonly fast: Line = [];
  private readonly slow: Line = [];
  private macdStart = -1;

  constructor(
    readonly choice: IndicatorChoice,
    readonly periods = { ema: 20, bollinger: 20, bollingerK: 2, rsi: 14, fast: 12, slow: 26, signal: 9 },
  ) {}

  /** All of `values`, oldest first. */
  static of(values: readonly number[], choice: IndicatorChoice): LiveIndicators {
    const live = new LiveIndicators(choice);
    for (let i = 0; i < values.length; i++) live.step(values, i);
    return live;
  }

  /** `values` is the column this was built on with its last element changed, or one appended. */
  update(values: readonly number[]): void {
    if (values.length > 0) this.step(values, values.length - 1);
  }

  private step(values: readonly number[], i: number): void {
    const p = this.periods;
    if (this.choice.ema) emaStep(values as Line, this.ema, i, p.ema, 0);
    if (this.choice.bollinger) this.bollingerStep(values, i, p.bollinger, p.bollingerK);
    if (this.choice.rsi) this.rsiStep(values, i, p.rsi);
    if (this.choice.macd) {
      emaStep(values as Line, this.fast, i, p.fast, 0);
      emaStep(values as Line, this.slow, i, p.slow, 0);
      const { macd: line, signal, histogram } = this.macd;
      line[i] = this.fast[i] !== null && this.slow[i] !== null ? this.fast[i]! - this.slow[i]! : null;
      if (this.macdStart < 0 && line[i] !== null) this.macdStart = i;
      emaStep(line, signal, i, p.signal, this.macdStart);
      histogram[i] = line[i] !== null && signal[i] !== null ? line[i]! - signal[i]! : null;
    }
  }

  private bollingerStep(values: readonly number[], i: number, period: number, k: number): void {
    let sum = (i > 0 ? this.sums[i - 1]! : 0) + values[i]!;
    if (i >= period) sum -= values[i - period]!;
    this.sums[i] = sum;
    const { middle, upper, lower } = this.bollinger;
    if (i < period - 1) {
      middle[i] = upper[i] = lower[i] = null;
      return;
    }
    const mean = sum / period;
    let squares = 0;
    for (let j = i - period + 1; j <= i; j++) squares += (values[j]! - mean) ** 2;
    const sd = Math.sqrt(squares / period);
    middle[i] = mean;
    upper[i] = mean + k * sd;
    lower[i] = mean - k * sd;
  }

  private rsiStep(values: readonly number[], i: number, period: number): void {
    if (i < period) {
      this.rsi[i] = null;
      return;
    }
    let gain = 0;
    let loss = 0;
    if (i === period) {
      for (let x = 1; x <= period; x++) {
        const change = values[x]! - values[x - 1]!;
        if (change > 0) gain += change;
        else loss -= change;
      }
      gain /= period;
      loss /= period;
    } else {
      const change = values[i]! - values[i - 1]!;
      gain = (this.gain[i - 1]! * (period - 1) + Math.max(change, 0)) / period;
      loss = (this.loss[i - 1]! * (period - 1) + Math.max(-change, 0)) / period;
    }
    this.gain[i] = gain;
    this.loss[i] = loss;
    this.rsi[i] = loss === 0 ? 100 : 100 - 100 / (1 + gain / loss);
  }
}
