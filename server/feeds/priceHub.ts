import type { DataSourceName } from '../../contract/codes';
import type { LivePrice } from '../../contract/market/live';
import type { Bus, Unsubscribe } from '../live/bus';

/** What a feed publishes on `market:<name>:prices` once per interval: the symbols that changed. */
export interface PriceBatch {
  market: string;
  source: DataSourceName;
  timestamp: number;
  data: LivePrice[];
}

export const priceTopic = (market: string) => `market:${market}:prices`;
export const klineTopic = (market: string) => `market:${market}:klines`;

/** The little of a websocket the hub needs (ws's WebSocket has all of it). */
export interface HubSocket {
  send(data: string): void;
  readonly bufferedAmount: number;
  readonly readyState: number;
}

export interface HubClient {
  socket: HubSocket;
  /** Only prices of this source (omitted: whatever the market's feed runs). */
  source?: DataSourceName;
  /** Followed symbols; null = every symbol of the market. */
  symbols: Set<string> | null;
}

interface ClientState extends HubClient {
  /** Newest price per symbol not yet sent because the socket was backed up. Bounded by symbols. */
  pending: Map<string, LivePrice>;
}

const OPEN = 1;
/** Above this many unsent bytes a client is "slow": its prices coalesce instead of queueing. */
const DEFAULT_MAX_BUFFERED = 256 * 1024;
const RETRY_MS = 100;

/**
 * Fans one market's price batches out to its websockets. One bus subscription per market per
 * process, one JSON serialisation per batch shared by every client that follows the whole market
 * and is keeping up; a client whose socket is backed up gets nothing queued: its pending prices
 * are replaced by newer ones (newest per symbol) and sent once its buffer drains, so a slow
 * client costs at most one price per symbol and never delays the others.
 */
export function createPriceHub(deps: { market: string; bus: Bus; maxBuffered?: number; onError?: (error: unknown) => void }) {
  const maxBuffered = deps.maxBuffered ?? DEFAULT_MAX_BUFFERED;
  const clients = new Set<ClientState>();
  let subscription: Promise<Unsubscribe> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let lastSource: DataSourceName | undefined;
  let sentMessages = 0;

  const message = (source: DataSourceName, data: LivePrice[], timestamp = Date.now()) =>
    JSON.stringify({ _type: 'prices', params: { market: deps.market, source, timestamp }, data });

  const sendRaw = (client: ClientState, text: string) => {
    try {
      client.socket.send(text);
      sentMessages += 1;
    } catch (error) {
      deps.onError?.(error);
    }
  };

  /** Sends a client's backlog if its socket has room; answers whether anything is left. */
  const flush = (client: ClientState): boolean => {
    if (client.pending.size === 0) return false;
    if (client.socket.readyState !== OPEN) return false;
    if (client.socket.bufferedAmount > maxBuffered) return true;
    const data = [...client.pending.values()];
    client.pending.clear();
    sendRaw(client, message(client.source ?? lastSource ?? 'simulated', data));
    return false;
  };

  const scheduleRetry = () => {
    if (retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      let left = false;
      for (const client of clients) left = flush(client) || left;
      if (left) scheduleRetry();
    }, RETRY_MS);
    retryTimer.unref();
  };

  const deliver = (batch: PriceBatch) => {
    if (batch.data.length === 0) return;
    lastSource = batch.source;
    let shared: string | undefined;
    let backlog = false;
    for (const client of clients) {
      if (client.socket.readyState !== OPEN) continue;
      if (client.source && client.source !== batch.source) continue;
      const direct = client.symbols === null && client.pending.size === 0 && client.socket.bufferedAmount <= maxBuffered;
      if (direct) {
        sendRaw(client, (shared ??= message(batch.source, batch.data, batch.timestamp)));
        continue;
      }
      for (const price of batch.data) {
        if (client.symbols === null || client.symbols.has(price.symbol)) client.pending.set(price.symbol, price);
      }
      backlog = flush(client) || backlog;
    }
    if (backlog) scheduleRetry();
  };

  return {
    /** Follows the market for one socket; the returned function stops it. */
    async add(client: HubClient): Promise<() => void> {
      const state: ClientState = { ...client, pending: new Map() };
      clients.add(state);
      subscription ??= deps.bus.subscribe(priceTopic(deps.market), (m) => deliver(m as PriceBatch));
      await subscription;
      return () => {
        clients.delete(state);
      };
    },

    /** Changes what a client follows (subscribe/unsubscribe messages). */
    setSymbols(socket: HubSocket, symbols: Set<string> | null) {
      for (const client of clients) {
        if (client.socket !== socket) continue;
        client.symbols = symbols;
        if (symbols) for (const name of client.pending.keys()) if (!symbols.has(name)) client.pending.delete(name);
      }
    },

    /** Delivers a batch directly (the bench's bare path and tests); normally batches come from the bus. */
    deliver,

    stats() {
      return { clients: clients.size, messages_sent: sentMessages };
    },

    async stop() {
      clearTimeout(retryTimer);
      clients.clear();
      const pending = subscription;
      subscription = undefined;
      if (pending) (await pending)();
    },
  };
}

export type PriceHub = ReturnType<typeof createPriceHub>;
