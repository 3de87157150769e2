import { Redis } from 'ioredis';
import type { Bus, BusHandler } from './bus';

/**
 * The bus over Redis pub/sub (issue 9), for several processes sharing live messages. It keeps
 * every rule of `createMemoryBus`: JSON messages, each subscriber its own parsed copy,
 * asynchronous delivery, `subscribe` resolved once Redis acknowledged SUBSCRIBE, unsubscribe
 * idempotent and safe after close, a subscriber's failure reported and never reaching the
 * publisher.
 *
 * Two connections per process: one publishes, one subscribes (a subscribed Redis connection can
 * do nothing else) and multiplexes every topic: SUBSCRIBE goes out for a topic's first local
 * subscriber and UNSUBSCRIBE after its last, so Redis fans out once per process, and the process
 * fans out to its sockets.
 *
 * Reconnects: ioredis reconnects both connections by itself and re-subscribes every channel the
 * subscriber held. Pub/sub is at-most-once, so what is published while the subscriber connection
 * is down is lost for this process (Redis keeps no backlog); consumers must treat live messages
 * as hints and read state from the database when it matters (the app re-reads on reconnect).
 * Publishes made while the publisher connection is down wait in ioredis's offline queue and are
 * sent after it reconnects, or reject after `maxRetriesPerRequest` attempts; callers already
 * catch a failed publish.
 */

export interface RedisBus extends Bus {
  /** Live local subscriptions, of one topic or all: lets tests and the ws-hub status see leaks. */
  subscriberCount(topic?: string): number;
}

export interface RedisBusOptions {
  /** Prepended to every channel, so deployments (and tests) sharing a Redis stay apart. */
  prefix?: string;
  /** Names both connections in `CLIENT LIST` (`<name>:bus-pub`, `<name>:bus-sub`); no spaces. */
  connectionName?: string;
  /** Connection trouble (refused, reset); ioredis keeps reconnecting after it. */
  onConnectionError?: (error: unknown) => void;
}

/** A topic this process subscribes to: its local handlers and the SUBSCRIBE they wait for. */
interface TopicState {
  handlers: Set<BusHandler>;
  subscribed: Promise<unknown>;
}

export function createRedisBus(
  url: string,
  onHandlerError: (error: unknown, topic: string) => void = () => {},
  options: RedisBusOptions = {},
): RedisBus {
  const prefix = options.prefix ?? 'bs:';
  const name = options.connectionName ?? 'bazaar-signal';
  const onConnectionError = options.onConnectionError ?? (() => {});
  const publisher = new Redis(url, { connectionName: `${name}:bus-pub` });
  const subscriber = new Redis(url, { connectionName: `${name}:bus-sub` });
  // Without listeners ioredis prints every connection error to the console itself.
  publisher.on('error', onConnectionError);
  subscriber.on('error', onConnectionError);

  const subscribed = new Map<string, TopicState>();
  let closed = false;
  let closing: Promise<void> | undefined;

  const deliver = async (topic: string, handler: BusHandler, text: string) => {
    try {
      await handler(JSON.parse(text));
    } catch (error) {
      onHandlerError(error, topic);
    }
  };

  subscriber.on('message', (channel: string, text: string) => {
    if (!channel.startsWith(prefix)) return;
    const topic = channel.slice(prefix.length);
    // A snapshot, so a handler that (un)subscribes does not change this delivery. Each call runs
    // synchronously up to the handler's first await, so handlers see one topic's messages in order.
    for (const handler of [...(subscribed.get(topic)?.handlers ?? [])]) void deliver(topic, handler, text);
  });

  const remove = (topic: string, state: TopicState, handler: BusHandler) => {
    if (!state.handlers.delete(handler) || state.handlers.size > 0) return;
    if (subscribed.get(topic) !== state) return;
    subscribed.delete(topic);
    // Commands on one connection run in order, so a SUBSCRIBE sent after this one wins.
    if (!closed) subscriber.unsubscribe(prefix + topic).catch(onConnectionError);
  };

  const quit = async (connection: Redis) => {
    if (connection.status === 'ready') {
      await connection.quit().catch(() => connection.disconnect());
    } else {
      // Not connected: QUIT would wait for a reconnect; this also rejects queued commands.
      connection.disconnect();
    }
  };

  return {
    async publish(topic, message) {
      if (closed) throw new Error('The bus is closed');
      const text = JSON.stringify(message);
      if (text === undefined) throw new TypeError(`Bus messages must be JSON; got ${typeof message} on ${topic}`);
      await publisher.publish(prefix + topic, text);
    },

    async subscribe(topic, handler) {
      if (closed) throw new Error('The bus is closed');
      // A wrapper per call, so subscribing one function twice gives two independent subscriptions.
      const entry: BusHandler = (message) => handler(message);
      let state = subscribed.get(topic);
      if (!state) {
        state = { handlers: new Set(), subscribed: subscriber.subscribe(prefix + topic) };
        subscribed.set(topic, state);
      }
      state.handlers.add(entry);
      const current = state;
      try {
        await current.subscribed;
      } catch (error) {
        // Every waiter of this SUBSCRIBE fails; the next subscribe sends a new one.
        if (subscribed.get(topic) === current) subscribed.delete(topic);
        current.handlers.delete(entry);
        throw error;
      }
      let done = false;
      return () => {
        if (done) return;
        done = true;
        remove(topic, current, entry);
      };
    },

    close() {
      if (!closing) {
        closed = true;
        subscribed.clear();
        closing = Promise.all([quit(publisher), quit(subscriber)]).then(() => undefined);
      }
      return closing;
    },

    subscriberCount(topic) {
      if (topic !== undefined) return subscribed.get(topic)?.handlers.size ?? 0;
      let total = 0;
      for (const state of subscribed.values()) total += state.handlers.size;
      return total;
    },
  };
}
