import type { RawData, WebSocket } from 'ws';
import type { z } from 'zod';

/**
 * A client's websocket frame as one of its contract's messages, or undefined for anything else
 * (binary, not JSON, wrong shape): sockets ignore junk rather than close on it.
 */
export function parseClientFrame<S extends z.ZodType>(schema: S, data: RawData, isBinary: boolean): z.output<S> | undefined {
  if (isBinary || !Buffer.isBuffer(data)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(data.toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Frames that arrive while a socket is still starting (its token being checked) wait for the start
 * to finish and are then handled in order; after a failed start, or once closed, they are dropped.
 * Attach this before any await so no early frame is lost.
 */
export function receiveWhenReady(
  socket: WebSocket,
  ready: Promise<boolean>,
  isOpen: () => boolean,
  receive: (data: RawData, isBinary: boolean) => void,
) {
  socket.on('message', (data, isBinary) => {
    void ready.then((ok) => {
      if (ok && isOpen()) receive(data, isBinary);
    });
  });
}
