import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryBus, type Bus } from '../../../server/live/bus';
import { createRedisBus } from '../../../server/live/redisBus';
import { adminConnection, channelSubscribers, clientIds, REDIS_URL, uniquePrefix } from './support/redis';

type CountingBus = Bus & { subscriberCount(topic?: string): number };

/**
 * Two ends of a bus: with Redis they are two buses on one Redis, as two processes would be; in
 * memory both are the one bus, since a process only talks to itself.
 */
interface BusPair {
  publisher: CountingBus;
  subscriber: CountingBus;
  handlerErrors: { error: unknown; topic: string }[];
  close(): Promise<void>;
}

const eventually = { timeout: 5_000, interval: 10 };

function collect() {
  const messages: unknown[] = [];
  return { messages, handler: (message: unknown) => void messages.push(message) };
}

/** The behaviour every bus must have, written once and run against each implementation. */
function busBehaviour(makePair: () => BusPair) {
  let pair: BusPair;
  beforeEach(() => {
    pair = makePair();
  });
  afterEach(async () => {
    await pair.close();
  });

  it('delivers a message published on one end to a subscriber on the other, each subscriber its own parsed copy', async () => {
    const first = collect();
    const second = collect();
    await pair.subscriber.subscribe('quotes', first.handler);
    await pair.subscriber.subscribe('quotes', second.handler);
    const sent = { price: 1.5, at: new Date(Date.UTC(2026, 0, 2)), tags: ['a'] };
    await pair.publisher.publish('quotes', sent);
    await vi.waitFor(() => expect(second.messages).toHaveLength(1), eventually);
    expect(first.messages).toEqual([{ price: 1.5, at: '2026-01-02T00:00:00.000Z', tags: ['a'] }]);
    expect(first.messages[0]).not.toBe(second.messages[0]);
    expect((first.messages[0] as { tags: unknown }).tags).not.toBe((second.messages[0] as { tags: unknown }).tags);
  });

  it('delivers asynchronously, never inside publish', async () => {
    const seen = collect();
    await pair.subscriber.subscribe('t', seen.handler);
    const publishing = pair.publisher.publish('t', 1);
    expect(seen.messages).toEqual([]);
    await publishing;
    await vi.waitFor(() => expect(seen.messages).toEqual([1]), eventually);
  });

  it('keeps the order of one publisher’s messages on a topic', async () => {
    const seen = collect();
    await pair.subscriber.subscribe('ordered', seen.handler);
    const sent = Array.from({ length: 300 }, (_, i) => i);
    await Promise.all(sent.map((i) => pair.publisher.publish('ordered', { i })));
    await vi.waitFor(() => expect(seen.messages).toHaveLength(300), eventually);
    expect(seen.messages).toEqual(sent.map((i) => ({ i })));
  });

  it('delivers only to subscribers of the topic', async () => {
    const a = collect();
    const b = collect();
    await pair.subscriber.subscribe('topic-a', a.handler);
    await pair.subscriber.subscribe('topic-b', b.handler);
    await pair.publisher.publish('topic-a', 'for a');
    await pair.publisher.publish('topic-b', 'for b');
    await vi.waitFor(() => expect(b.messages).toEqual(['for b']), eventually);
    expect(a.messages).toEqual(['for a']);
  });

  it('gives one function subscribed twice two independent subscriptions', async () => {
    const seen = collect();
    const once = await pair.subscriber.subscribe('twice', seen.handler);
    await pair.subscriber.subscribe('twice', seen.handler);
    expect(pair.subscriber.subscriberCount('twice')).toBe(2);
    once();
    await pair.publisher.publish('twice', 'x');
    await vi.waitFor(() => expect(seen.messages).toEqual(['x']), eventually);
    expect(pair.subscriber.subscriberCount('twice')).toBe(1);
  });

  it('stops delivering after unsubscribe, which is idempotent', async () => {
    const gone = collect();
    const stays = collect();
    const probe = collect();
    const unsubscribe = await pair.subscriber.subscribe('news', gone.handler);
    const unsubscribeStays = await pair.subscriber.subscribe('news', stays.handler);
    await pair.subscriber.subscribe('probe', probe.handler);
    unsubscribe();
    unsubscribe();
    expect(pair.subscriber.subscriberCount('news')).toBe(1);
    await pair.publisher.publish('news', 'one');
    await vi.waitFor(() => expect(stays.messages).toEqual(['one']), eventually);
    expect(gone.messages).toEqual([]);

    // With no subscriber left on the topic, a message published before the probe's never arrives.
    unsubscribeStays();
    expect(pair.subscriber.subscriberCount()).toBe(1);
    await pair.publisher.publish('news', 'two');
    await pair.publisher.publish('probe', 'after two');
    await vi.waitFor(() => expect(probe.messages).toEqual(['after two']), eventually);
    expect(stays.messages).toEqual(['one']);
  });

  it('rejects a message that is not JSON and delivers nothing for it', async () => {
    const seen = collect();
    await pair.subscriber.subscribe('strict', seen.handler);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(pair.publisher.publish('strict', undefined)).rejects.toThrow(/must be JSON; got undefined on strict/);
    await expect(pair.publisher.publish('strict', () => 1)).rejects.toThrow(/must be JSON; got function/);
    await expect(pair.publisher.publish('strict', Symbol('s'))).rejects.toThrow(/must be JSON; got symbol/);
    await expect(pair.publisher.publish('strict', 10n)).rejects.toThrow(TypeError);
    await expect(pair.publisher.publish('strict', cyclic)).rejects.toThrow(TypeError);
    await pair.publisher.publish('strict', 'sentinel');
    await vi.waitFor(() => expect(seen.messages).toEqual(['sentinel']), eventually);
  });

  it('reports a failing subscriber and keeps it from the publisher and the other subscribers', async () => {
    const seen = collect();
    await pair.subscriber.subscribe('fragile', () => {
      throw new Error('sync failure');
    });
    await pair.subscriber.subscribe('fragile', async () => {
      throw new Error('async failure');
    });
    await pair.subscriber.subscribe('fragile', seen.handler);
    await expect(pair.publisher.publish('fragile', 'x')).resolves.toBeUndefined();
    await vi.waitFor(() => expect(pair.handlerErrors).toHaveLength(2), eventually);
    expect(seen.messages).toEqual(['x']);
    expect(pair.handlerErrors.map(({ error, topic }) => [topic, (error as Error).message]).sort()).toEqual([
      ['fragile', 'async failure'],
      ['fragile', 'sync failure'],
    ]);
  });

  it('after close: publish and subscribe reject, earlier unsubscribes are harmless, close again is fine', async () => {
    const unsubscribe = await pair.subscriber.subscribe('late', () => {});
    await pair.subscriber.close();
    await pair.publisher.close();
    await expect(pair.publisher.publish('late', 1)).rejects.toThrow(/closed/);
    await expect(pair.subscriber.subscribe('late', () => {})).rejects.toThrow(/closed/);
    expect(() => unsubscribe()).not.toThrow();
    expect(pair.subscriber.subscriberCount()).toBe(0);
    await expect(pair.subscriber.close()).resolves.toBeUndefined();
  });
}

describe('memory bus', () => {
  busBehaviour(() => {
    const handlerErrors: BusPair['handlerErrors'] = [];
    const bus = createMemoryBus((error, topic) => handlerErrors.push({ error, topic }));
    return { publisher: bus, subscriber: bus, handlerErrors, close: () => bus.close() };
  });
});

describe('redis bus', () => {
  let admin: Redis;
  beforeAll(() => {
    admin = adminConnection();
  });
  afterAll(async () => {
    await admin.quit();
  });

  const makePair = (prefix = uniquePrefix('bus'), name = prefix.replaceAll(':', '-')) => {
    const handlerErrors: BusPair['handlerErrors'] = [];
    const onHandlerError = (error: unknown, topic: string) => handlerErrors.push({ error, topic });
    const publisher = createRedisBus(REDIS_URL, onHandlerError, { prefix, connectionName: `${name}A` });
    const subscriber = createRedisBus(REDIS_URL, onHandlerError, { prefix, connectionName: `${name}B` });
    return {
      prefix,
      name,
      publisher,
      subscriber,
      handlerErrors,
      close: async () => void (await Promise.all([publisher.close(), subscriber.close()])),
    };
  };

  busBehaviour(makePair);

  it('multiplexes every topic over one subscriber connection, with one SUBSCRIBE per topic', async () => {
    const pair = makePair();
    try {
      const unsubscribes = await Promise.all([
        pair.subscriber.subscribe('x', () => {}),
        pair.subscriber.subscribe('x', () => {}),
        pair.subscriber.subscribe('x', () => {}),
        pair.subscriber.subscribe('y', () => {}),
      ]);
      expect(await clientIds(admin, `${pair.name}B:bus-sub`)).toHaveLength(1);
      expect(await channelSubscribers(admin, `${pair.prefix}x`)).toBe(1);
      expect(await channelSubscribers(admin, `${pair.prefix}y`)).toBe(1);

      unsubscribes[0]!();
      unsubscribes[1]!();
      // Still one local subscriber of x: Redis must keep sending it.
      expect(await channelSubscribers(admin, `${pair.prefix}x`)).toBe(1);
      unsubscribes[2]!();
      await vi.waitFor(async () => expect(await channelSubscribers(admin, `${pair.prefix}x`)).toBe(0), eventually);
      expect(await channelSubscribers(admin, `${pair.prefix}y`)).toBe(1);
    } finally {
      await pair.close();
    }
  });

  it('uses prefixed channels, so buses with different prefixes do not hear each other', async () => {
    const ours = makePair();
    const theirs = makePair();
    try {
      const mine = collect();
      const other = collect();
      await ours.subscriber.subscribe('shared-name', mine.handler);
      await theirs.subscriber.subscribe('shared-name', other.handler);
      // What another program would publish on our channel arrives too: the name is the contract.
      await admin.publish(`${ours.prefix}shared-name`, JSON.stringify({ from: 'outside' }));
      await ours.publisher.publish('shared-name', 'ours');
      await theirs.publisher.publish('shared-name', 'theirs');
      await vi.waitFor(() => expect(mine.messages).toEqual([{ from: 'outside' }, 'ours']), eventually);
      await vi.waitFor(() => expect(other.messages).toEqual(['theirs']), eventually);
    } finally {
      await Promise.all([ours.close(), theirs.close()]);
    }
  });

  it('keeps its subscriptions when the subscriber connection is killed, and reports what it cannot parse', async () => {
    const pair = makePair();
    try {
      const seen = collect();
      await pair.subscriber.subscribe('survives', seen.handler);
      await pair.subscriber.subscribe('also', () => {});
      const [id] = await clientIds(admin, `${pair.name}B:bus-sub`);
      expect(id).toBeDefined();
      await admin.client('KILL', 'ID', id!);

      // Messages published while it is down are lost (at-most-once), so publish until one arrives.
      let n = 0;
      await vi.waitFor(async () => {
        await pair.publisher.publish('survives', { n: n++ });
        expect(seen.messages.length).toBeGreaterThan(0);
      }, { timeout: 10_000, interval: 50 });
      const [newId] = await clientIds(admin, `${pair.name}B:bus-sub`);
      expect(newId).not.toBe(id);
      expect(await channelSubscribers(admin, `${pair.prefix}survives`)).toBe(1);
      expect(await channelSubscribers(admin, `${pair.prefix}also`)).toBe(1);

      // In order and without duplicates after the reconnect.
      const numbers = seen.messages.map((m) => (m as { n: number }).n);
      expect(numbers).toEqual([...new Set(numbers)].sort((a, b) => a - b));

      await admin.publish(`${pair.prefix}survives`, 'not json');
      await vi.waitFor(() => expect(pair.handlerErrors).toHaveLength(1), eventually);
      expect(pair.handlerErrors[0]).toMatchObject({ topic: 'survives', error: expect.any(SyntaxError) });
    } finally {
      await pair.close();
    }
  });

  it('closes both of its connections', async () => {
    const pair = makePair();
    await pair.subscriber.subscribe('bye', () => {});
    expect(await clientIds(admin, `${pair.name}B:bus-sub`)).toHaveLength(1);
    expect(await clientIds(admin, `${pair.name}B:bus-pub`)).toHaveLength(1);
    await pair.close();
    await vi.waitFor(async () => {
      expect(await clientIds(admin, `${pair.name}B:bus-sub`)).toEqual([]);
      expect(await clientIds(admin, `${pair.name}B:bus-pub`)).toEqual([]);
    }, eventually);
  });
});
