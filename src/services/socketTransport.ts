/** What the socket machine hears from a connection. */
export type TransportEvent =
  | { type: 'socket.opened' }
  | { type: 'socket.message'; message: unknown }
  | { type: 'socket.closed'; code: number; reason: string }
  | { type: 'socket.error' };

export interface Transport {
  send(message: unknown): void;
  close(): void;
}

/** `/api/ws/app` on the page's own origin: ws: for http, wss: for https. */
export function socketUrl(path: string, query: Record<string, string>, origin = window.location.origin): string {
  const url = new URL(path, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * Opens one websocket and reports what happens on it. JSON in, JSON out; a frame that is not
 * JSON is dropped (the server never sends one; a proxy might).
 */
export function openTransport(url: string, onEvent: (event: TransportEvent) => void): Transport {
  const socket = new WebSocket(url);
  socket.onopen = () => onEvent({ type: 'socket.opened' });
  socket.onmessage = (event) => {
    if (typeof event.data !== 'string') return;
    try {
      onEvent({ type: 'socket.message', message: JSON.parse(event.data) });
    } catch {
      // not JSON: ignore
    }
  };
  socket.onerror = () => onEvent({ type: 'socket.error' });
  socket.onclose = (event) => onEvent({ type: 'socket.closed', code: event.code, reason: event.reason });
  return {
    send(message) {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
    close() {
      socket.onclose = null;
      socket.close(1000, 'client closed');
    },
  };
}
