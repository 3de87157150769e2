import type { Candle } from '../../../../server/domain/signals/indicators/candle';

/** mulberry32: a small seeded generator, so every run sees the same candles. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A random walk of OHLCV candles (1m apart from `start`), prices around `price`. */
export function randomWalk(count: number, seed = 7, price = 100, start = Date.UTC(2024, 0, 1), stepMs = 60_000): Candle[] {
  const random = seededRandom(seed);
  const candles: Candle[] = [];
  let close = price;
  for (let i = 0; i < count; i++) {
    const open = close;
    close = Math.max(price * 0.01, open * (1 + (random() - 0.5) * 0.02));
    const high = Math.max(open, close) * (1 + random() * 0.005);
    const low = Math.min(open, close) * (1 - random() * 0.005);
    candles.push({ openTime: start + i * stepMs, open, high, low, close, volume: 1 + random() * 1000 });
  }
  return candles;
}

export const column = (candles: readonly Candle[], field: keyof Candle) => candles.map((c) => c[field]);
