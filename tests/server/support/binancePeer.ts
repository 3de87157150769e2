import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { TIMEFRAME_MS } from '../../../contract/constants';

/**
 * A local server speaking Binance's public protocol, since no exchange is reachable from the test
 * machines: `GET /api/v3/klines` (arrays with prices as strings, the 1000-row page limit, the
 * `{code, msg}` error body, 429/418 with Retry-After on demand) and the websocket streams (raw
 * `/ws/<stream>[/<stream>…]` and combined `/stream?streams=`). Candles come from a deterministic
 * series, so a test can compute what it expects.
 */

const INTERVAL_MS: Record<string, number> = TIMEFRAME_MS;

export interface PeerOptions {
  /** Symbols the peer lists (upper case). */
  symbols?: string[];
  /** Open time of each symbol's first 1m candle (the listing). */
  listedAt?: number;
  /** The peer's clock: candles opening after it do not exist yet. */
  now?: number;
}

export interface PeerRequest {
  path: string;
  query: Record<string, string>;
}

/** What the next kline requests answer instead of data. */
export type PeerFault =
  | { kind: 'status'; status: 429 | 418; retryAfterSeconds?: number }
  | { kind: 'error'; status: number; code: number; msg: string }
  | { kind: 'malformed'; body: string }
  | { kind: 'badRow' };

export interface BinancePeer {
  restUrl: string;
  wsUrl: string;
  /** Every kline request received, in order. */
  requests: PeerRequest[];
  /** Queue faults: each of the next kline requests consumes one. */
  fail(...faults: PeerFault[]): void;
  /** The deterministic 1m candle of `symbol` opening at `openTime` (numbers, not strings). */
  candle(symbol: string, openTime: number): { openTime: number; open: number; high: number; low: number; close: number; volume: number };
  /** Streams (lower case, e.g. `btcusdt@kline_1m`) each open socket listens to. */
  connections(): string[][];
  /** Resolves once `count` sockets are open. */
  waitForConnections(count: number): Promise<void>;
  /** Sends a kline event to every socket listening to `<symbol>@kline_<interval>`. */
  pushKline(symbol: string, openTime: number, closed: boolean, interval?: string): void;
  /** Sends a 24h ticker event to every socket listening to `<symbol>@ticker`. */
  pushTicker(symbol: string, lastPrice: number, eventTime: number): void;
  /** Sends raw text to every open socket (malformed data). */
  pushRaw(text: string): void;
  /** Closes every open socket, as Binance does after 24 h. */
  dropConnections(): void;
  close(): Promise<void>;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

function seedOf(symbol: string) {
  let seed = 0;
  for (const ch of symbol) seed = (seed * 31 + ch.charCodeAt(0)) % 1000;
  return seed;
}

/** A smooth deterministic walk: close wanders around a base price set by the symbol's name. */
function makeCandle(symbol: string, openTime: number) {
  const base = 100 + seedOf(symbol);
  const minute = Math.floor(openTime / 60_000);
  const priceAt = (m: number) => round(base * (1 + 0.02 * Math.sin(m / 37) + 0.005 * Math.cos(m / 5)), 2);
  const open = priceAt(minute - 1);
  const close = priceAt(minute);
  const high = round(Math.max(open, close) + 0.25, 2);
  const low = round(Math.min(open, close) - 0.25, 2);
  const volume = round(1 + (minute % 97) * 0.125, 3);
  return { openTime, open, high, low, close, volume };
}

/** Aggregates 1m candles into one of `interval`, as Binance serves every interval itself. */
function candleOf(symbol: string, openTime: number, intervalMs: number) {
  const parts = [];
  for (let t = openTime; t < openTime + intervalMs; t += 60_000) parts.push(makeCandle(symbol, t));
  return {
    openTime,
    open: parts[0]!.open,
    high: Math.max(...parts.map((p) => p.high)),
    low: Math.min(...parts.map((p) => p.low)),
    close: parts.at(-1)!.close,
    volume: round(parts.reduce((sum, p) => sum + p.volume, 0), 3),
  };
}

const asRow = (c: ReturnType<typeof makeCandle>, intervalMs: number) => [
  c.openTime,
  c.open.toFixed(8),
  c.high.toFixed(8),
  c.low.toFixed(8),
  c.close.toFixed(8),
  c.volume.toFixed(8),
  c.openTime + intervalMs - 1,
  (c.volume * c.close).toFixed(8),
  42,
  '0.00000000',
  '0.00000000',
  '0',
];

export async function startBinancePeer(options: PeerOptions = {}): Promise<BinancePeer> {
  const symbols = new Set(options.symbols ?? ['BTCUSDT', 'ETHUSDT']);
  const listedAt = options.listedAt ?? Date.UTC(2024, 0, 1);
  const now = options.now ?? Date.UTC(2024, 0, 10);
  const requests: PeerRequest[] = [];
  const faults: PeerFault[] = [];
  const sockets = new Map<WebSocket, { streams: Set<string>; combined: boolean }>();
  const connectionWaiters: { count: number; resolve: () => void }[] = [];

  const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', ...headers });
    res.end(JSON.stringify(body));
  };

  const answerKlines = (res: ServerResponse, q: Record<string, string>) => {
    const fault = faults.shift();
    if (fault?.kind === 'status') {
      const headers: Record<string, string> = fault.retryAfterSeconds !== undefined ? { 'retry-after': String(fault.retryAfterSeconds) } : {};
      const msg = fault.status === 418 ? 'Way too much request weight used; IP banned.' : 'Too much request weight used; please use WebSocket Streams.';
      return sendJson(res, fault.status, { code: -1003, msg }, headers);
    }
    if (fault?.kind === 'error') return sendJson(res, fault.status, { code: fault.code, msg: fault.msg });
    if (fault?.kind === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(fault.body);
    }
    const symbol = q.symbol ?? '';
    if (!symbol) return sendJson(res, 400, { code: -1102, msg: "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed." });
    if (!symbols.has(symbol)) return sendJson(res, 400, { code: -1121, msg: 'Invalid symbol.' });
    const intervalMs = INTERVAL_MS[q.interval ?? ''];
    if (!intervalMs) return sendJson(res, 400, { code: -1120, msg: 'Invalid interval.' });
    const limit = q.limit === undefined ? 500 : Number(q.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
      return sendJson(res, 400, { code: -1130, msg: "Data sent for parameter 'limit' is not valid." });
    }
    const firstOpen = Math.ceil(listedAt / intervalMs) * intervalMs;
    const lastOpen = Math.floor(Math.min(now, q.endTime !== undefined ? Number(q.endTime) : now) / intervalMs) * intervalMs;
    let start = q.startTime !== undefined ? Math.max(firstOpen, Math.ceil(Number(q.startTime) / intervalMs) * intervalMs) : undefined;
    // Without startTime Binance answers the newest `limit` candles up to endTime.
    start ??= Math.max(firstOpen, lastOpen - (limit - 1) * intervalMs);
    const rows: unknown[] = [];
    for (let t = start; t <= lastOpen && rows.length < limit; t += intervalMs) {
      rows.push(asRow(candleOf(symbol, t, intervalMs), intervalMs));
    }
    if (fault?.kind === 'badRow' && rows.length > 0) (rows[0] as unknown[])[2] = 'not-a-price';
    return sendJson(res, 200, rows, { 'x-mbx-used-weight-1m': String(requests.length) });
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    const query = Object.fromEntries(url.searchParams);
    if (req.method === 'GET' && url.pathname === '/api/v3/klines') {
      requests.push({ path: url.pathname, query });
      return answerKlines(res, query);
    }
    if (req.method === 'GET' && url.pathname === '/api/v3/ping') return sendJson(res, 200, {});
    return sendJson(res, 404, { code: -1000, msg: 'Not found' });
  });

  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    let streams: string[] | undefined;
    let combined = false;
    if (url.pathname.startsWith('/ws/')) streams = url.pathname.slice(4).split('/').filter(Boolean);
    else if (url.pathname === '/stream') {
      streams = (url.searchParams.get('streams') ?? '').split('/').filter(Boolean);
      combined = true;
    }
    if (!streams || streams.length === 0) {
      socket.write('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.set(ws, { streams: new Set(streams), combined });
      ws.on('close', () => sockets.delete(ws));
      for (const waiter of [...connectionWaiters]) {
        if (sockets.size >= waiter.count) {
          connectionWaiters.splice(connectionWaiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    });
  });

  const emit = (stream: string, data: unknown) => {
    for (const [ws, sub] of sockets) {
      if (!sub.streams.has(stream)) continue;
      ws.send(JSON.stringify(sub.combined ? { stream, data } : data));
    }
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    restUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    requests,
    fail: (...more) => faults.push(...more),
    candle: (symbol, openTime) => makeCandle(symbol, openTime),
    connections: () => [...sockets.values()].map((s) => [...s.streams]),
    waitForConnections: (count) =>
      sockets.size >= count ? Promise.resolve() : new Promise((resolve) => connectionWaiters.push({ count, resolve })),
    pushKline(symbol, openTime, closed, interval = '1m') {
      const c = candleOf(symbol, openTime, INTERVAL_MS[interval]!);
      emit(`${symbol.toLowerCase()}@kline_${interval}`, {
        e: 'kline',
        E: openTime + 30_000,
        s: symbol,
        k: {
          t: c.openTime,
          T: c.openTime + INTERVAL_MS[interval]! - 1,
          s: symbol,
          i: interval,
          f: 100,
          L: 200,
          o: c.open.toFixed(8),
          c: c.close.toFixed(8),
          h: c.high.toFixed(8),
          l: c.low.toFixed(8),
          v: c.volume.toFixed(8),
          n: 100,
          x: closed,
          q: '0',
          V: '0',
          Q: '0',
          B: '0',
        },
      });
    },
    pushTicker(symbol, lastPrice, eventTime) {
      emit(`${symbol.toLowerCase()}@ticker`, {
        e: '24hrTicker',
        E: eventTime,
        s: symbol,
        p: '1.00000000',
        P: '0.500',
        w: lastPrice.toFixed(8),
        x: lastPrice.toFixed(8),
        c: lastPrice.toFixed(8),
        Q: '0.25000000',
        b: lastPrice.toFixed(8),
        B: '1.00000000',
        a: lastPrice.toFixed(8),
        A: '1.00000000',
        o: (lastPrice - 1).toFixed(8),
        h: (lastPrice + 2).toFixed(8),
        l: (lastPrice - 2).toFixed(8),
        v: '1234.50000000',
        q: '0',
        O: eventTime - 86_400_000,
        C: eventTime,
        F: 0,
        L: 18150,
        n: 18151,
      });
    },
    pushRaw(text) {
      for (const ws of sockets.keys()) ws.send(text);
    },
    dropConnections() {
      for (const ws of sockets.keys()) ws.terminate();
    },
    async close() {
      for (const ws of sockets.keys()) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
