/**
 * The message bus: whoever changes something publishes on a topic, and every process holding a
 * socket that cares subscribes to it. In-process by default; with REDIS_URL (issue 9) a Redis
 * pub/sub implementation of this same interface lets several API processes share it, so the
 * in-memory bus keeps Redis's rules: messages are JSON (each subscriber gets its own parsed
 * copy, so a Date or a shared object that works here cannot break there), delivery is
 * asynchronous, and subscribing is awaited because SUBSCRIBE is a round trip.
 */

export type BusHandler = (message: unknown) => void | Promise<void>;
/** Idempotent; safe after the bus has closed. */
export type Unsubscribe = () => void;

export interface Bus {
  /** Delivers `message` to every subscriber of `topic` at the time; rejects if it is not JSON. */
  publish(topic: string, message: unknown): Promise<void>;
  /** Resolves once messages published from then on reach `handler`. */
  subscribe(topic: string, handler: BusHandler): Promise<Unsubscribe>;
  close(): Promise<void>;
}

/** Topic names in one place, so publishers and subscribers cannot drift apart. */
export const topics = {
  /** Everything for one user's `/api/ws/app` sockets. */
  user: (userId: number) => `user:${userId}`,
  /** What every signed-in user's `/api/ws/app` sockets receive (market info changes). */
  everyone: 'users:all',
  /** What only admins' `/api/ws/app` sockets receive (every task's progress, service status). */
  admins: 'users:admins',
} as const;

export interface MemoryBus extends Bus {
  /** Live subscriptions, of one topic or all: lets tests and the ws-hub status see leaks. */
  subscriberCount(topic?: string): number;
}

/**
 * @param onHandlerError a subscriber's failure is reported here and never reaches the publisher
 *   (with Redis it would be in another process anyway).
 */
export function createMemoryBus(onHandlerError: (error: unknown, topic: string) => void = () => {}): MemoryBus {
  const handlers = new Map<string, Set<BusHandler>>();
  let closed = false;

  const deliver = async (topic: string, handler: BusHandler, text: string) => {
    // Unsubscribed between publish and delivery: Redis would not deliver it either.
    if (!handlers.get(topic)?.has(handler)) return;
    try {
      await handler(JSON.parse(text));
    } catch (error) {
      onHandlerError(error, topic);
    }
  };

  return {
    async publish(topic, message) {
      if (closed) throw new Error('The bus is closed');
      const text = JSON.stringify(message);
      if (text === undefined) throw new TypeError(`Bus messages must be JSON; got ${typeof message} on ${topic}`);
      // A snapshot, so a handler that (un)subscribes does not change this delivery.
      for (const handler of [...(handlers.get(topic) ?? [])]) {
        setImmediate(() => void deliver(topic, handler, text));
      }
    },

    async subscribe(topic, handler) {
      if (closed) throw new Error('The bus is closed');
      // A wrapper per call, so subscribing one function twice gives two independent subscriptions.
      const entry: BusHandler = (message) => handler(message);
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      set.add(entry);
      return () => {
        const current = handlers.get(topic);
        if (!current?.delete(entry)) return;
        if (current.size === 0) handlers.delete(topic);
      };
    },

    async close() {
      closed = true;
      handlers.clear();
    },

    subscriberCount(topic) {
      if (topic !== undefined) return handlers.get(topic)?.size ?? 0;
      let total = 0;
      for (const set of handlers.values()) total += set.size;
      return total;
    },
  };
}
