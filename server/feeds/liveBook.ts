import type { Candle, CandleColumns } from '../../contract/market/klines';
import type { LivePrice, LiveSnapshotItem } from '../../contract/market/live';
import type { Tick } from './source';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;

interface Bucket {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

interface SymbolState {
  /** Hourly buckets of closed candles of the last 24 h, by hour start. */
  hours: Map<number, Bucket>;
  /** The forming 1m candle. */
  candle: Candle | undefined;
  price: number | undefined;
  timestamp: number;
}

/**
 * The live state of one market's symbols: last price, forming candle and 24 h figures, kept from
 * hourly buckets of closed 1m candles plus the forming one, so every tick costs O(1) and a
 * snapshot O(symbols × 24).
 */
export function createLiveBook() {
  const symbols = new Map<string, SymbolState>();
  const stateOf = (symbol: string) => {
    let s = symbols.get(symbol);
    if (!s) symbols.set(symbol, (s = { hours: new Map(), candle: undefined, price: undefined, timestamp: 0 }));
    return s;
  };

  const addClosed = (s: SymbolState, c: Candle) => {
    const hour = Math.floor(c.open_time / HOUR) * HOUR;
    const b = s.hours.get(hour);
    if (!b) s.hours.set(hour, { open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume });
    else {
      b.high = Math.max(b.high, c.high);
      b.low = Math.min(b.low, c.low);
      b.close = c.close;
      b.volume += c.volume;
    }
    if (s.price === undefined || c.open_time + MINUTE > s.timestamp) {
      s.price = c.close;
      s.timestamp = Math.max(s.timestamp, c.open_time + MINUTE - 1);
    }
  };

  const prune = (s: SymbolState, now: number) => {
    for (const hour of s.hours.keys()) if (hour + HOUR <= now - DAY) s.hours.delete(hour);
  };

  const livePrice = (symbol: string, s: SymbolState, now: number): LivePrice | undefined => {
    if (s.price === undefined) return undefined;
    prune(s, now);
    const buckets = [...s.hours.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
    const c = s.candle;
    let open = buckets[0]?.open ?? c?.open ?? s.price;
    let high = -Infinity;
    let low = Infinity;
    let volume = 0;
    for (const b of buckets) {
      high = Math.max(high, b.high);
      low = Math.min(low, b.low);
      volume += b.volume;
    }
    if (c) {
      high = Math.max(high, c.high);
      low = Math.min(low, c.low);
      volume += c.volume;
    }
    high = Math.max(high, s.price);
    low = Math.min(low, s.price);
    if (!(open > 0)) open = s.price;
    const minute = Math.floor(s.timestamp / MINUTE) * MINUTE;
    return {
      symbol,
      price: s.price,
      timestamp: s.timestamp,
      open_24h: open,
      change_24h_pct: open > 0 ? Math.round(((s.price - open) / open) * 100 * 1e4) / 1e4 : 0,
      high_24h: high,
      low_24h: low,
      volume_24h: Math.round(volume * 1e4) / 1e4,
      candle: c ?? { open_time: minute, open: s.price, high: s.price, low: s.price, close: s.price, volume: 0 },
    };
  };

  return {
    /** Loads stored closed 1m candles (the last 24 h) of a symbol; later data wins over older. */
    seed(symbol: string, candles: CandleColumns) {
      const s = stateOf(symbol);
      s.hours.clear();
      for (let i = 0; i < candles.open_time.length; i++) {
        addClosed(s, {
          open_time: candles.open_time[i]!,
          open: candles.open[i]!,
          high: candles.high[i]!,
          low: candles.low[i]!,
          close: candles.close[i]!,
          volume: candles.volume[i]!,
        });
      }
    },

    /** Applies ticks; answers the symbols whose state changed. */
    applyTicks(ticks: readonly Tick[]): string[] {
      const changed: string[] = [];
      for (const t of ticks) {
        const s = stateOf(t.symbol);
        if (t.timestamp < s.timestamp) continue; // never let an older tick replace a newer one
        const minute = Math.floor(t.timestamp / MINUTE) * MINUTE;
        if (t.candle) s.candle = { ...t.candle };
        else if (!s.candle || s.candle.open_time !== minute) {
          s.candle = { open_time: minute, open: t.price, high: t.price, low: t.price, close: t.price, volume: t.volume };
        } else {
          s.candle.high = Math.max(s.candle.high, t.price);
          s.candle.low = Math.min(s.candle.low, t.price);
          s.candle.close = t.price;
          s.candle.volume += t.volume;
        }
        s.price = t.price;
        s.timestamp = t.timestamp;
        changed.push(t.symbol);
      }
      return changed;
    },

    /** A closed candle joins the 24 h figures and ends the forming one it replaces. */
    closeCandle(symbol: string, candle: Candle) {
      const s = stateOf(symbol);
      addClosed(s, candle);
      if (s.candle && s.candle.open_time <= candle.open_time) s.candle = undefined;
    },

    price(symbol: string, now = Date.now()): LivePrice | undefined {
      const s = symbols.get(symbol);
      return s ? livePrice(symbol, s, now) : undefined;
    },

    /** Every known symbol (of those asked), with hourly closes of the last 24 h for sparklines. */
    snapshot(only: readonly string[], now = Date.now()): LiveSnapshotItem[] {
      const items: LiveSnapshotItem[] = [];
      for (const symbol of only) {
        const s = symbols.get(symbol);
        const price = s && livePrice(symbol, s, now);
        if (!s || !price) continue;
        const sparkline = [...s.hours.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1].close).slice(-48);
        items.push({ ...price, sparkline });
      }
      return items;
    },

    forget(symbol: string) {
      symbols.delete(symbol);
    },
  };
}

export type LiveBook = ReturnType<typeof createLiveBook>;
