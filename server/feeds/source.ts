import type { DataSourceName, Timeframe } from '../../contract';
import type { Candle } from '../../contract/market/klines';
import type { TradingSession } from '../../contract/market/markets';

/**
 * The one interface every market data source implements (simulated, binance, csv, irproxy), so the
 * feed manager, back-fill and data-update tasks never know which one they talk to. Keep it small and
 * stable: other sources are written against it.
 */

/** What a source needs to know about the market it serves; built by the feed manager from the store. */
export interface SourceMarket {
  /** Market name (`crypto`, `tse`…). */
  name: string;
  /** IANA zone of the market; trading hours are in it. */
  timezone: string;
  /** Weekly sessions in the market's zone; null = always open. */
  tradingHours: TradingSession[] | null;
}

/** A symbol as a source sees it. */
export interface SourceSymbol {
  name: string;
  /** Digits of price precision, when the market list knows it. */
  pricePrecision?: number | null;
}

export interface HistoryRequest {
  market: SourceMarket;
  symbol: string;
  timeframe: Timeframe;
  /** First open_time wanted, epoch ms UTC, inclusive. */
  from: number;
  /** Last open_time wanted, epoch ms UTC, inclusive. Only closed candles are returned. */
  to: number;
  /** Stop early (a task was revoked, the server is stopping). */
  signal?: AbortSignal;
}

/** A live price change of one symbol. */
export interface Tick {
  symbol: string;
  price: number;
  /** Time of the trade or tick, epoch ms. */
  timestamp: number;
  /** Volume traded since the previous tick of this symbol. */
  volume: number;
  /**
   * The forming candle of the finest timeframe after this tick, when the source knows it (a kline
   * stream does); otherwise the feed manager builds it from the ticks.
   */
  candle?: Candle;
}

/** A candle of the source's finest timeframe, either forming (`closed: false`) or just closed. */
export interface LiveCandle extends Candle {
  symbol: string;
  timeframe: Timeframe;
  closed: boolean;
}

export interface LiveHandlers {
  /** A batch of ticks (one per changed symbol at most, or several; order within a symbol is by time). */
  onTicks(ticks: Tick[]): void;
  /** A candle that has just closed: stored by the feed manager and published. */
  onCandleClose(candles: LiveCandle[]): void;
  /** The source failed (timeouts, bad data); the feed manager marks the service `error` and retries. */
  onError(error: Error): void;
}

export interface LiveSubscription {
  /** Add symbols to follow. */
  add(symbols: SourceSymbol[]): void;
  /** Stop following symbols. */
  remove(symbols: string[]): void;
  /** Stop everything; idempotent. */
  close(): Promise<void>;
}

export interface LiveRequest {
  market: SourceMarket;
  symbols: SourceSymbol[];
  /** How often to emit ticks (the market's `live_interval_ms` setting); a push source may ignore it. */
  intervalMs: number;
}

export interface MarketSource {
  readonly name: DataSourceName;
  /** The finest timeframe the source serves; only it is stored, every other one is aggregated. */
  readonly finestTimeframe: Timeframe;
  /**
   * Closed candles of one symbol in [from, to], oldest first. A source may page internally; an async
   * iterable of chunks lets back-fill write in bulk without holding a year of 1m candles in memory.
   */
  fetchHistory(request: HistoryRequest): AsyncIterable<Candle[]>;
  /**
   * Live ticks and closing candles. Sources that cannot stream (csv) omit it. The returned
   * subscription stops the stream; handlers are never called after `close()` resolves.
   */
  subscribe?(request: LiveRequest, handlers: LiveHandlers): LiveSubscription;
}

/** Collects `fetchHistory` into one array (tests and small ranges). */
export async function collectHistory(source: MarketSource, request: HistoryRequest): Promise<Candle[]> {
  const all: Candle[] = [];
  for await (const chunk of source.fetchHistory(request)) all.push(...chunk);
  return all;
}
