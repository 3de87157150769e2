/** The three sockets of the route table; each registers its authenticated connections here. */
export type SocketKind = 'app' | 'market' | 'portfolio';

export interface LiveClient {
  readonly kind: SocketKind;
  readonly userId: number;
  readonly connectedAt: number;
}

export interface ClientStats {
  total: number;
  byKind: Record<SocketKind, number>;
  /** Distinct signed-in users with at least one socket open. */
  users: number;
}

/** A raw socket as the `ws-hub` service needs it: something it can close. */
export interface ClosableSocket {
  close(code: number, reason: string): void;
}

/**
 * Who is connected to this process right now, and the `ws-hub` service's gate: the counts are its
 * figures (tests use them to prove a closed socket was cleaned up); every open socket is tracked
 * so that stopping the hub can close them all, and a stopped hub refuses new ones.
 */
export function createClientRegistry() {
  const clients = new Set<LiveClient>();
  const sockets = new Set<ClosableSocket>();
  let accepting = true;

  return {
    /** Tracks an accepted socket until the returned removal runs (on its close). */
    track(socket: ClosableSocket): () => void {
      sockets.add(socket);
      return () => void sockets.delete(socket);
    },

    /** False while the ws-hub is stopped: new sockets are closed at once. */
    accepting: () => accepting,

    setAccepting(value: boolean) {
      accepting = value;
    },

    /** Closes every tracked socket (the ws-hub's stop); returns how many there were. */
    closeAll(code: number, reason: string): number {
      const all = [...sockets];
      sockets.clear();
      for (const socket of all) socket.close(code, reason);
      return all.length;
    },

    /** Open sockets, authenticated or not yet. */
    openSockets: () => sockets.size,

    /** Returns the removal; calling it more than once is harmless. */
    add(kind: SocketKind, userId: number): () => void {
      const client: LiveClient = { kind, userId, connectedAt: Date.now() };
      clients.add(client);
      return () => void clients.delete(client);
    },

    count(kind?: SocketKind): number {
      if (!kind) return clients.size;
      let n = 0;
      for (const client of clients) if (client.kind === kind) n++;
      return n;
    },

    stats(): ClientStats {
      const byKind: Record<SocketKind, number> = { app: 0, market: 0, portfolio: 0 };
      const users = new Set<number>();
      for (const client of clients) {
        byKind[client.kind]++;
        users.add(client.userId);
      }
      return { total: clients.size, byKind, users: users.size };
    },
  };
}

export type ClientRegistry = ReturnType<typeof createClientRegistry>;
