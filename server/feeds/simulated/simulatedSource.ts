import type { Candle } from '../../../contract/market/klines';
import type {
  HistoryRequest,
  LiveCandle,
  LiveHandlers,
  LiveRequest,
  LiveSubscription,
  MarketSource,
  SourceMarket,
  Tick,
} from '../source';
import { isOpen, localDay } from './calendar';
import { roundPrice } from './profiles';
import { unitFor } from './random';
import { createWalk } from './walk';

const MINUTE = 60_000;
/** Closing candles emitted at most this far back after a stall (a suspended laptop, a long GC). */
const MAX_CATCH_UP = 60;

/**
 * The embedded default source: seeded, reproducible candles and live ticks (see walk.ts). Live
 * ticks run through each minute's stored candle, so what a chart saw live is what is stored when
 * the minute closes.
 */
export function createSimulatedSource(options: { seed?: string; now?: () => number } = {}): MarketSource & {
  /** The 1m candle at a minute (tests, and the live path). */
  candleAt(market: SourceMarket, symbol: string, minute: number): Candle | undefined;
} {
  const seed = options.seed ?? 'bazaar-signal';
  const now = options.now ?? Date.now;
  const walk = createWalk(seed);

  async function* fetchHistory(request: HistoryRequest): AsyncIterable<Candle[]> {
    if (request.timeframe !== '1m') throw new Error(`The simulated source serves 1m candles, not ${request.timeframe}`);
    const { market, symbol } = request;
    // Only closed candles: the one still forming belongs to the live path.
    const last = Math.min(request.to, Math.floor(now() / MINUTE) * MINUTE - MINUTE);
    if (last < request.from) return;
    const first = localDay(market.timezone, request.from);
    const end = localDay(market.timezone, last);
    for (let day = first; day <= end; day++) {
      if (request.signal?.aborted) return;
      const chunk = walk.dayCandles(market, symbol, day).filter((c) => c.open_time >= request.from && c.open_time <= last);
      if (chunk.length > 0) yield chunk;
    }
  }

  const candlesBetween = (market: SourceMarket, symbol: string, from: number, to: number): Candle[] => {
    const out: Candle[] = [];
    for (let day = localDay(market.timezone, from); day <= localDay(market.timezone, to); day++) {
      for (const c of walk.dayCandles(market, symbol, day)) if (c.open_time >= from && c.open_time < to) out.push(c);
    }
    return out;
  };

  function subscribe(request: LiveRequest, handlers: LiveHandlers): LiveSubscription {
    const { market, intervalMs } = request;
    /** Per symbol: the minute of its last tick, and the forming candle seen so far. */
    const followed = new Map<string, { minute: number; forming: Candle | undefined; precision: number }>();
    const add = (symbols: LiveRequest['symbols']) => {
      const minute = Math.floor(now() / MINUTE) * MINUTE;
      for (const s of symbols) {
        if (!followed.has(s.name)) {
          followed.set(s.name, { minute, forming: undefined, precision: walk.profile(market.name, s.name).precision });
        }
      }
    };
    add(request.symbols);
    let closed = false;

    const step = () => {
      if (closed) return;
      try {
        const t = now();
        const minute = Math.floor(t / MINUTE) * MINUTE;
        const open = isOpen(market.timezone, market.tradingHours, t);
        const ticks: Tick[] = [];
        const closing: LiveCandle[] = [];
        for (const [symbol, state] of followed) {
          if (minute > state.minute) {
            const from = Math.max(state.minute, minute - MAX_CATCH_UP * MINUTE);
            for (const c of candlesBetween(market, symbol, from, minute)) {
              closing.push({ ...c, symbol, timeframe: '1m', closed: true });
            }
            state.minute = minute;
            state.forming = undefined;
          }
          if (!open) continue;
          const candle = walk.candleAt(market, symbol, minute);
          if (!candle) continue;
          const price = tickPrice(candle, (t - minute) / MINUTE, unitFor(seed, market.name, symbol, Math.floor(t / intervalMs)), state.precision);
          const f = state.forming;
          state.forming = f
            ? { ...f, high: Math.max(f.high, price), low: Math.min(f.low, price), close: price, volume: f.volume }
            : { open_time: minute, open: candle.open, high: Math.max(candle.open, price), low: Math.min(candle.open, price), close: price, volume: 0 };
          // The minute's volume accrues in proportion to the time elapsed, reaching the stored figure at the close.
          const volume = Math.round(candle.volume * ((t - minute) / MINUTE) * 1e4) / 1e4;
          const delta = Math.max(0, volume - state.forming.volume);
          state.forming.volume = volume;
          ticks.push({ symbol, price, timestamp: t, volume: delta, candle: { ...state.forming } });
        }
        if (closing.length > 0) handlers.onCandleClose(closing);
        if (ticks.length > 0) handlers.onTicks(ticks);
      } catch (error) {
        handlers.onError(error instanceof Error ? error : new Error(String(error)));
      }
    };
    const timer = setInterval(step, intervalMs);
    timer.unref();

    return {
      add,
      remove(symbols) {
        for (const s of symbols) followed.delete(s);
      },
      async close() {
        closed = true;
        clearInterval(timer);
      },
    };
  }

  return { name: 'simulated', finestTimeframe: '1m', fetchHistory, subscribe, candleAt: walk.candleAt };
}

/**
 * A price inside a minute's candle at fraction f of it: from open towards close, with noise that
 * is widest mid-minute, kept within the candle's high and low.
 */
function tickPrice(c: Candle, f: number, u: number, precision: number): number {
  const drift = c.open + (c.close - c.open) * f;
  const noise = (2 * u - 1) * (c.high - c.low) * Math.sqrt(f * (1 - f));
  return roundPrice(Math.min(c.high, Math.max(c.low, drift + noise)), precision);
}
