import WebSocket from 'ws';
import { BinanceError } from './binanceErrors';
import { parseStreamMessage, type StreamEvent } from './binanceParse';

export interface BinanceStreamOptions {
  /** e.g. `wss://stream.binance.com:9443` (BINANCE_WS_URL). */
  wsUrl: string;
  onEvent(event: StreamEvent): void;
  /** A dropped connection or a malformed message; the stream goes on (reconnecting if needed). */
  onError(error: Error): void;
  /** Called at every (re)connection, so the owner can mark its service running again. */
  onOpen?(): void;
  /** Reconnect backoff: doubles from `reconnectMinMs` to `reconnectMaxMs`, reset by a good message. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /**
   * A connection that carries nothing (no message, no ping) for this long is presumed dead and
   * replaced: a half-open TCP connection never says it closed.
   */
  staleMs?: number;
}

/**
 * One combined-stream connection (`/stream?streams=a/b/…`) that stays up: Binance closes every
 * connection after 24 h and networks drop them, so a close we did not ask for reconnects after a
 * backoff. Changing the stream set opens a new connection with the new URL.
 */
export function createBinanceStream(options: BinanceStreamOptions) {
  const minMs = options.reconnectMinMs ?? 1_000;
  const maxMs = options.reconnectMaxMs ?? 60_000;
  const staleMs = options.staleMs ?? 60_000;
  let streams: string[] = [];
  let socket: WebSocket | undefined;
  let failures = 0;
  let stopped = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let staleTimer: NodeJS.Timeout | undefined;

  const armStaleTimer = (ws: WebSocket) => {
    clearTimeout(staleTimer);
    staleTimer = setTimeout(() => {
      options.onError(new BinanceError(`Binance stream was silent for ${staleMs} ms; reconnecting`));
      ws.terminate();
    }, staleMs);
  };

  const scheduleReconnect = () => {
    if (stopped || streams.length === 0 || reconnectTimer) return;
    const delay = Math.min(minMs * 2 ** failures, maxMs);
    failures++;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect();
    }, delay);
  };

  function connect() {
    if (stopped || streams.length === 0) return;
    const url = `${options.wsUrl.replace(/\/+$/, '')}/stream?streams=${streams.join('/')}`;
    const ws = new WebSocket(url, { handshakeTimeout: 10_000 });
    socket = ws;
    ws.on('open', () => {
      armStaleTimer(ws);
      options.onOpen?.();
    });
    ws.on('ping', () => armStaleTimer(ws));
    ws.on('message', (data) => {
      armStaleTimer(ws);
      let event: StreamEvent;
      try {
        event = parseStreamMessage(data.toString());
      } catch (error) {
        options.onError(error as Error);
        return;
      }
      failures = 0;
      options.onEvent(event);
    });
    // A failed connection emits 'error' then 'close': one report, from 'close', carrying the cause.
    let cause = '';
    ws.on('error', (error) => {
      cause = `: ${error.message}`;
    });
    ws.on('close', (code) => {
      if (socket !== ws) return;
      clearTimeout(staleTimer);
      socket = undefined;
      if (stopped) return;
      options.onError(new BinanceError(`Binance stream closed (${code})${cause}; reconnecting`));
      scheduleReconnect();
    });
  }

  const replaceConnection = () => {
    clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    clearTimeout(staleTimer);
    const old = socket;
    socket = undefined;
    old?.terminate();
    failures = 0;
    connect();
  };

  return {
    /** Follows exactly these streams (e.g. `btcusdt@kline_1m`); the same set again changes nothing. */
    setStreams(next: string[]) {
      const sorted = [...new Set(next)].sort();
      if (sorted.join('/') === streams.join('/')) return;
      streams = sorted;
      if (!stopped) replaceConnection();
    },
    get connected() {
      return socket?.readyState === WebSocket.OPEN;
    },
    /** Closes the connection and cancels any reconnect; resolves once the socket is closed. */
    async close() {
      stopped = true;
      clearTimeout(reconnectTimer);
      clearTimeout(staleTimer);
      const ws = socket;
      socket = undefined;
      if (!ws || ws.readyState === WebSocket.CLOSED) return;
      await new Promise<void>((resolve) => {
        ws.once('close', () => resolve());
        ws.terminate();
      });
    },
  };
}

export type BinanceStream = ReturnType<typeof createBinanceStream>;
