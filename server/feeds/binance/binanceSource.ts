import type { Timeframe } from '../../../contract';
import type { Candle } from '../../../contract/market/klines';
import { TIMEFRAME_MS } from '../../../contract/market/primitives';
import type { HistoryRequest, LiveCandle, LiveHandlers, LiveRequest, LiveSubscription, MarketSource, SourceSymbol, Tick } from '../source';
import { BinanceError } from './binanceErrors';
import type { StreamKline, StreamTicker } from './binanceParse';
import { createBinanceRest, type BinanceRestOptions } from './binanceRest';
import { createBinanceStream, type BinanceStreamOptions } from './binanceStream';

export interface BinanceSourceOptions {
  /** BINANCE_REST_URL; default https://api.binance.com. */
  restUrl?: string;
  /** BINANCE_WS_URL; default wss://stream.binance.com:9443. */
  wsUrl?: string;
  /** The clock that decides which candles are closed (tests pin it to the fake exchange's). */
  now?: () => number;
  rest?: Omit<BinanceRestOptions, 'baseUrl'>;
  stream?: Pick<BinanceStreamOptions, 'reconnectMinMs' | 'reconnectMaxMs' | 'staleMs'>;
}

const streamsOf = (symbols: Iterable<string>) =>
  [...symbols].flatMap((s) => [`${s.toLowerCase()}@kline_1m`, `${s.toLowerCase()}@ticker`]);

/**
 * Binance's public market data as a `MarketSource`: REST klines (paged) for history, the kline and
 * 24h-ticker streams for live prices. Binance serves every one of our timeframes, but only 1m is
 * stored; `1d` there is a UTC day, so it is refused for markets in other zones.
 */
export function createBinanceSource(options: BinanceSourceOptions = {}): MarketSource {
  const now = options.now ?? Date.now;
  const rest = createBinanceRest({ baseUrl: options.restUrl ?? 'https://api.binance.com', ...options.rest });
  const wsUrl = options.wsUrl ?? 'wss://stream.binance.com:9443';

  async function* fetchHistory(request: HistoryRequest): AsyncIterable<Candle[]> {
    const { market, symbol, timeframe, from, to, signal } = request;
    if (timeframe === '1d' && market.timezone !== 'UTC') {
      throw new BinanceError(`Binance days are UTC days; market ${market.name} counts days in ${market.timezone}`);
    }
    const step = TIMEFRAME_MS[timeframe];
    // Only closed candles: the one holding `now` is still forming.
    const lastClosed = Math.floor(now() / step) * step - step;
    const startTime = Math.ceil(from / step) * step;
    const endTime = Math.min(to, lastClosed);
    if (startTime > endTime) return;
    yield* rest.klinePages({ symbol: symbol.toUpperCase(), interval: timeframe, intervalMs: step, startTime, endTime, signal });
  }

  function subscribe(request: LiveRequest, handlers: LiveHandlers): LiveSubscription {
    const followed = new Set(request.symbols.map((s) => s.name.toUpperCase()));
    /** Ticks waiting for the next flush, one per symbol: the newest price, the volume summed. */
    const pending = new Map<string, Tick>();
    /** Cumulative volume of each symbol's forming candle, to turn it into per-tick volume. */
    const formingVolume = new Map<string, { openTime: number; volume: number }>();
    const lastEventTime = new Map<string, number>();
    let closed = false;

    const addTick = (symbol: string, price: number, timestamp: number, volume: number) => {
      // Two streams feed one symbol; never let an older price overwrite a newer one.
      if ((lastEventTime.get(symbol) ?? -Infinity) > timestamp) return;
      lastEventTime.set(symbol, timestamp);
      const prior = pending.get(symbol);
      pending.set(symbol, { symbol, price, timestamp, volume: (prior?.volume ?? 0) + volume });
    };

    const onKline = (k: StreamKline) => {
      const symbol = k.symbol.toUpperCase();
      if (!followed.has(symbol) || k.interval !== '1m') return;
      const seen = formingVolume.get(symbol);
      const before = seen && seen.openTime === k.open_time ? seen.volume : 0;
      formingVolume.set(symbol, { openTime: k.open_time, volume: k.volume });
      addTick(symbol, k.close, k.eventTime, Math.max(0, k.volume - before));
      if (k.closed) {
        const candle: LiveCandle = {
          symbol,
          timeframe: '1m' as Timeframe,
          closed: true,
          open_time: k.open_time,
          open: k.open,
          high: k.high,
          low: k.low,
          close: k.close,
          volume: k.volume,
        };
        handlers.onCandleClose([candle]);
      }
    };

    const onTicker = (t: StreamTicker) => {
      const symbol = t.symbol.toUpperCase();
      // The ticker's volume is a rolling 24 h total: the kline stream accounts for volume.
      if (followed.has(symbol)) addTick(symbol, t.lastPrice, t.eventTime, 0);
    };

    const stream = createBinanceStream({
      wsUrl,
      ...options.stream,
      onEvent(event) {
        if (closed) return;
        if (event.type === 'kline') onKline(event.kline);
        else if (event.type === 'ticker') onTicker(event.ticker);
      },
      onError(error) {
        if (!closed) handlers.onError(error);
      },
    });

    const flush = setInterval(() => {
      if (closed || pending.size === 0) return;
      const ticks = [...pending.values()];
      pending.clear();
      handlers.onTicks(ticks);
    }, Math.max(50, request.intervalMs));

    stream.setStreams(streamsOf(followed));
    return {
      add(symbols: SourceSymbol[]) {
        for (const s of symbols) followed.add(s.name.toUpperCase());
        stream.setStreams(streamsOf(followed));
      },
      remove(symbols: string[]) {
        for (const s of symbols) {
          const name = s.toUpperCase();
          followed.delete(name);
          pending.delete(name);
          formingVolume.delete(name);
        }
        stream.setStreams(streamsOf(followed));
      },
      async close() {
        closed = true;
        clearInterval(flush);
        await stream.close();
      },
    };
  }

  return { name: 'binance', finestTimeframe: '1m', fetchHistory, subscribe };
}
