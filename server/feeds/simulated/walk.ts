import type { Candle } from '../../../contract/market/klines';
import type { SourceMarket } from '../source';
import { dayMinutes, localDay } from './calendar';
import { roundPrice, symbolProfile, type SymbolProfile } from './profiles';
import { hashKey, prng } from './random';

/**
 * The simulated price path of one symbol. Two levels, both pure functions of (seed, market,
 * symbol, day), so a candle never depends on which range was asked for:
 * - a daily walk of closing log prices, mean-reverting slowly so years of history stay plausible;
 * - inside each local day, a Brownian bridge from that day's anchor to the next one over the
 *   day's trading minutes, giving 1m candles with realistic wicks and U-shaped volume.
 */

/** Day numbers: the daily walk starts here (2010-01-01) and is pinned to basePrice at 2025-01-01. */
const FIRST_DAY = 14_610;
const REFERENCE_DAY = 20_089;
/** Pull towards the base price per day: a half-life of about a year and a half. */
const REVERSION = 0.0013;
const DAY_CACHE = 4096;

interface SymbolWalk {
  profile: SymbolProfile;
  /** Daily anchors, log(price / basePrice) from FIRST_DAY on; grows on demand. */
  anchors: number[];
  offset: number | undefined;
}

export function createWalk(seed: string) {
  const walks = new Map<string, SymbolWalk>();
  const days = new Map<string, Candle[]>();

  const walkOf = (market: string, symbol: string): SymbolWalk => {
    const key = `${market}\u0000${symbol}`;
    let walk = walks.get(key);
    if (!walk) walks.set(key, (walk = { profile: symbolProfile(market, symbol, seed), anchors: [0], offset: undefined }));
    return walk;
  };

  /** The raw walk at the start of a day number, extended on demand. */
  const raw = (walk: SymbolWalk, market: string, symbol: string, day: number): number => {
    const index = Math.max(0, day - FIRST_DAY);
    const { anchors, profile } = walk;
    while (anchors.length <= index) {
      const d = FIRST_DAY + anchors.length - 1;
      const z = prng(hashKey(seed, market, symbol, 'day', d)).normal();
      let step = profile.dailySigma * z - REVERSION * anchors[anchors.length - 1]!;
      if (profile.dailyLimit !== null) step = Math.max(-profile.dailyLimit, Math.min(profile.dailyLimit, step));
      anchors.push(anchors[anchors.length - 1]! + step);
    }
    return anchors[index]!;
  };
  /** log(price / basePrice) at the start of a day number: the walk pinned to 0 on the reference day. */
  const anchor = (walk: SymbolWalk, market: string, symbol: string, day: number): number => {
    walk.offset ??= raw(walk, market, symbol, REFERENCE_DAY);
    return raw(walk, market, symbol, day) - walk.offset;
  };

  /** Every 1m candle of one local day of the market, oldest first (none on a closed day). */
  const dayCandles = (market: SourceMarket, symbol: string, day: number): Candle[] => {
    const key = `${market.name}\u0000${symbol}\u0000${day}`;
    const cached = days.get(key);
    if (cached) return cached;
    const walk = walkOf(market.name, symbol);
    const { profile } = walk;
    const minutes = dayMinutes(market.timezone, market.tradingHours, day);
    const n = minutes.length;
    const candles: Candle[] = [];
    if (n > 0) {
      const x0 = anchor(walk, market.name, symbol, day);
      const x1 = anchor(walk, market.name, symbol, day + 1);
      const rand = prng(hashKey(seed, market.name, symbol, 'minutes', day));
      const s = profile.dailySigma / Math.sqrt(n);
      const w = new Float64Array(n + 1);
      for (let i = 1; i <= n; i++) w[i] = w[i - 1]! + s * rand.normal();
      const path = (i: number) => x0 + w[i]! - (i / n) * (w[n]! - (x1 - x0));
      const price = (x: number) => profile.basePrice * Math.exp(x);
      for (let i = 0; i < n; i++) {
        const o = price(path(i));
        const c = price(path(i + 1));
        const high = Math.max(o, c) * Math.exp(Math.abs(rand.normal()) * s * 0.6);
        const low = Math.min(o, c) * Math.exp(-Math.abs(rand.normal()) * s * 0.6);
        const u = (i + 0.5) / n - 0.5;
        const shape = 0.6 + 4 * u * u; // busier at the open and the close
        const move = Math.abs(Math.log(c / o)) / (s || 1);
        const volume = profile.minuteVolume * shape * (0.5 + 0.5 * move) * Math.exp(0.4 * rand.normal());
        candles.push({
          open_time: minutes[i]!,
          open: roundPrice(o, profile.precision),
          high: roundPrice(high, profile.precision),
          low: roundPrice(low, profile.precision),
          close: roundPrice(c, profile.precision),
          volume: Math.round(volume * 1e4) / 1e4,
        });
      }
    }
    if (days.size >= DAY_CACHE) days.delete(days.keys().next().value!);
    days.set(key, candles);
    return candles;
  };

  return {
    dayCandles,
    profile: (market: string, symbol: string) => walkOf(market, symbol).profile,
    /** The 1m candle whose open_time is `minute`, or undefined when the market is closed then. */
    candleAt(market: SourceMarket, symbol: string, minute: number): Candle | undefined {
      const day = localDay(market.timezone, minute);
      const candles = dayCandles(market, symbol, day);
      let lo = 0;
      let hi = candles.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const t = candles[mid]!.open_time;
        if (t === minute) return candles[mid];
        if (t < minute) lo = mid + 1;
        else hi = mid - 1;
      }
      return undefined;
    },
  };
}

export type Walk = ReturnType<typeof createWalk>;
