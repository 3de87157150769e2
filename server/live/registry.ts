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

/**
 * Who is connected to this process right now. Only counts: the future `ws-hub` service reports
 * them as its status, and tests use them to prove a closed socket was cleaned up.
 */
export function createClientRegistry() {
  const clients = new Set<LiveClient>();

  return {
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
