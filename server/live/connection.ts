import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';

/** One accepted websocket as its route sees it: whether it is still open, its cleanups, its sender. */
export interface LiveConnection {
  readonly open: boolean;
  /** Runs `cleanup` when the socket closes, or at once if it already has (closed while awaiting). */
  onClose(cleanup: () => void): void;
  /** Sends `message` if it passes the socket's server-message schema; anything off-contract is dropped and logged. */
  send(message: unknown): void;
}

/** The lifecycle and the contract-checked sender every live socket (app, live_price, portfolio) shares. */
export function liveConnection(socket: WebSocket, serverMessage: z.ZodType, log: FastifyBaseLogger, name: string): LiveConnection {
  const cleanups: (() => void)[] = [];
  let open = true;
  socket.on('close', () => {
    open = false;
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  return {
    get open() {
      return open;
    },
    onClose(cleanup) {
      if (open) cleanups.push(cleanup);
      else cleanup();
    },
    send(message) {
      const parsed = serverMessage.safeParse(message);
      if (!parsed.success) {
        log.warn({ issues: parsed.error.issues.slice(0, 3) }, `dropped an off-contract ${name} message`);
        return;
      }
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(parsed.data));
    },
  };
}
