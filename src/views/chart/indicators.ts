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
