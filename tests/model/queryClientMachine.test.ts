import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyActorRef, type EventObject, type InspectionEvent } from 'xstate';
import { invalidationTags, queryClientMachine, type QueryClientContext, type QuerySubscribeEvent } from '../../src/machines/queryClientMachine';
import { queryMachine } from '../../src/machines/queryMachine';
import { generatePaths, missingCoverage, NO_GAPS, replayPath, settle, type ModelEvent, type StepCheck } from './support/modelPaths';

/** Three screens' queries: the random quote (1 s, refetch on focus), the strategy list and the order list. */
const subscriptions: QuerySubscribeEvent[] = [
  { type: 'query.subscribe', key: 'quote', endpointId: 'general.quote', args: {}, retentionMs: 1_000, refetchOnFocus: true },
  { type: 'query.subscribe', key: 'strategies', endpointId: 'strategies.list', args: {}, tags: ['strategy:list'] },
  { type: 'query.subscribe', key: 'orders', endpointId: 'orders.list', args: { page: 1 }, tags: ['order:list'] },
];
const keys = subscriptions.map((s) => s.key);
const subscription = (key: string) => subscriptions.find((s) => s.key === key)!;
const retentionOf = (key: string) => subscription(key).retentionMs ?? 60_000;
/** Two screens share the strategy list, so its subscribers are counted up to 2. */
const maxSubscribers = (key: string) => (key === 'strategies' ? 2 : 1);

const events: ModelEvent[] = [
  ...subscriptions,
  ...keys.map((key) => ({ type: 'query.unsubscribe', key })),
  ...keys.map((key) => ({ type: 'query.expired', key })),
  { type: 'query.invalidate', tags: invalidationTags.strategyChanged(7) },
  { type: 'query.invalidate', tags: invalidationTags.orderSet() },
  { type: 'query.unauthorized', key: 'quote' },
];

/** Subscriber counts by key (sorted, so the order queries were added in does not matter). */
const context = (c: QueryClientContext) => Object.fromEntries(Object.keys(c.entries).sort().map((key) => [key, c.entries[key]!.subscribers]));

/** `subscribe(quote)`, `invalidate(strategy:list strategy:7)`: the key or tags are what tell steps apart. */
const describeEvent = (event: EventObject) => {
  const { key, tags } = event as EventObject & { key?: string; tags?: string[] };
  const name = event.type.replace(/^query\./, '');
  return key ? `${name}(${key})` : tags ? `${name}(${tags.join(' ')})` : name;
};

const paths = generatePaths(queryClientMachine, {
  events,
  context,
  describeEvent,
  // Bounded counts, and at most one retention timer running at a time: the model has no clock,
  // so it could otherwise let a 60 s retention run out before a 1 s one.
  offer: (snapshot, event) => {
    const entries = (snapshot.context as QueryClientContext).entries;
    const key = (event as EventObject & { key?: string }).key ?? '';
    if (event.type === 'query.subscribe') return (entries[key]?.subscribers ?? 0) < maxSubscribers(key);
    if (event.type === 'query.unsubscribe' && entries[key]?.subscribers === 1) return !Object.values(entries).some((e) => e.subscribers === 0);
    return true;
  },
  // Every key's retention running out, and every subscriber coming back in time, whatever else is
  // cached; invalidation and focus with all three queries cached (so some are left alone).
  coverEdge: (snapshot, event) => {
    const entries = (snapshot.context as QueryClientContext).entries;
    const key = (event as EventObject & { key?: string }).key ?? '';
    const all = Object.keys(entries).length === keys.length;
    if (event.type === 'query.expired') return true;
    if (event.type === 'query.subscribe') return entries[key]?.subscribers === 0;
    if (event.type === 'query.invalidate') return all && Object.values(entries).every((e) => e.subscribers === 1);
    if (event.type === 'query.windowFocused') return all && Object.values(entries).some((e) => e.subscribers === 0);
    // Logging out while a retention timer runs: the timer must go too.
    if (event.type === 'query.clear') return Object.keys(entries).length === 1 && Object.values(entries).some((e) => e.subscribers === 0);
    return false;
  },
});

interface Observed {
  /** Events the client sent to its queries, as `key event.type`. */
  sent: string[];
  unauthorized: number;
}

/** The spec's cache rules, asserted after every step. */
function clientRules(clock: SimulatedClock, client: AnyActorRef, observed: Observed) {
  let sentBefore = 0;
  let unauthorizedBefore = 0;
  const lastLeftAt = new Map<string, number>();
  return ({ snapshot, previous, event }: StepCheck) => {
    const ctx = snapshot.context as QueryClientContext;
    const was = previous?.context as QueryClientContext | undefined;
    const sentNow = observed.sent.slice(sentBefore).sort();
    const emittedNow = observed.unauthorized - unauthorizedBefore;
    sentBefore = observed.sent.length;
    unauthorizedBefore = observed.unauthorized;
    const key = (event as EventObject & { key?: string }).key ?? '';

    // One live query actor per cached key, spawned under the key as its id.
    expect(Object.keys(ctx.queries).sort()).toEqual(Object.keys(ctx.entries).sort());
    for (const [k, ref] of Object.entries(ctx.queries)) {
      expect(ref.id).toBe(k);
      expect(ref.getSnapshot().status).toBe('active');
      expect(snapshot.children[k]).toBe(ref);
      // Per-query retention and tags reach the query; 60 s by default.
      expect(ref.getSnapshot().context.retentionMs).toBe(retentionOf(k));
      expect(ref.getSnapshot().context.tags).toEqual(subscription(k).tags ?? []);
    }

    let expectedSent: string[] = [];
    if (event.type === 'query.subscribe') {
      if (was?.queries[key]) expect(ctx.queries[key]).toBe(was.queries[key]);
      else expectedSent = [`${key} query.refetch`];
    }
    if (event.type === 'query.unsubscribe' && ctx.entries[key]?.subscribers === 0) lastLeftAt.set(key, clock.now());
    if (event.type === 'query.expired') {
      // Removed exactly its retention after the last subscriber left, and stopped.
      expect(clock.now() - lastLeftAt.get(key)!).toBe(retentionOf(key));
      expect(ctx.queries[key]).toBeUndefined();
      expect(was!.queries[key]!.getSnapshot().status).toBe('stopped');
    }
    if (event.type === 'query.invalidate') {
      const tags = (event as EventObject & { tags: string[] }).tags;
      expectedSent = Object.entries(ctx.entries)
        .filter(([, entry]) => entry.tags.some((tag) => tags.includes(tag)))
        .map(([k]) => `${k} query.refetch`);
    }
    if (event.type === 'query.windowFocused') {
      expectedSent = Object.entries(ctx.entries)
        .filter(([, entry]) => entry.subscribers > 0)
        .map(([k]) => `${k} query.windowFocused`);
    }
    if (event.type === 'query.clear') {
      expect(ctx).toEqual({ queries: {}, entries: {} });
      for (const ref of Object.values(was!.queries)) expect(ref.getSnapshot().status).toBe('stopped');
    }
    // A retention timer runs for exactly the queries nobody subscribes to: a subscriber coming
    // back cancels it, so it cannot cut a later retention short.
    const timers = Object.values((client.system as any).getSnapshot()._scheduledEvents as Record<string, { event: EventObject & { key?: string } }>);
    const expiring = timers.filter((entry) => entry.event.type === 'query.expired').map((entry) => entry.event.key);
    expect(expiring.sort()).toEqual(Object.keys(ctx.entries).filter((k) => ctx.entries[k]!.subscribers === 0).sort());
    expect(sentNow).toEqual(expectedSent.sort());
    expect(emittedNow).toBe(event.type === 'query.unauthorized' ? 1 : 0);
  };
}

/** A client whose queries fetch at once through `fetchQuery`, recording what it sends them. */
function startClient(fetchQuery: ReturnType<typeof fromPromise<unknown, { endpointId: string; args: Record<string, unknown> }>>, clock: SimulatedClock) {
  const observed: Observed = { sent: [], unauthorized: 0 };
  // The inspector exists before the actor does; it reads the client through this holder.
  const holder: { client?: AnyActorRef } = {};
  const inspect = (ev: InspectionEvent) => {
    const { client } = holder;
    if (ev.type === '@xstate.event' && ev.sourceRef === client && ev.actorRef !== client && !ev.event.type.startsWith('xstate.')) {
      observed.sent.push(`${(ev.actorRef as AnyActorRef).id} ${ev.event.type}`);
    }
  };
  const machine = queryClientMachine.provide({ actors: { query: queryMachine.provide({ actors: { fetchQuery } }) } });
  const actor = createActor(machine, { clock, inspect });
  holder.client = actor;
  actor.on('auth.unauthorized', () => void observed.unauthorized++);
  return { actor, observed };
}

describe('queryClientMachine (model)', () => {
  it('has the planned number of paths', () => {
    expect(paths).toHaveLength(47);
  });

  it('visits every state and transition', () => {
    expect(missingCoverage(queryClientMachine, paths)).toEqual(NO_GAPS);
  });

  it('names the spec invalidation tags', () => {
    expect(invalidationTags.strategyChanged(7)).toEqual(['strategy:list', 'strategy:7']);
    expect(invalidationTags.orderSet()).toEqual(['order:list']);
  });

  it("relays a query's 401 as auth.unauthorized", async () => {
    const clock = new SimulatedClock();
    const refused = fromPromise<unknown, { endpointId: string; args: Record<string, unknown> }>(async () => {
      throw { kind: 'HTTP_ERROR', status: 401, data: { detail: 'Not authenticated' }, message: 'Not authenticated' };
    });
    const { actor, observed } = startClient(refused, clock);
    actor.start();
    actor.send(subscription('strategies'));
    await settle();
    expect(observed.unauthorized).toBe(1);
    expect(actor.getSnapshot().context.queries.strategies?.getSnapshot().context.error).toEqual({ status: 401, data: { detail: 'Not authenticated' } });
    actor.stop();
  });

  for (const path of paths) {
    it(path.description, async () => {
      const clock = new SimulatedClock();
      const fetches: unknown[] = [];
      const fetchQuery = fromPromise<unknown, { endpointId: string; args: Record<string, unknown> }>(async ({ input }) => {
        fetches.push(input);
        return { items: [] };
      });
      const { actor, observed } = startClient(fetchQuery, clock);
      await replayPath(path, { actor, clock, context, timedEvents: ['query.expired'], describeEvent, check: clientRules(clock, actor, observed) });
      // Each fetch asked for its own endpoint and arguments.
      for (const input of fetches as { endpointId: string }[]) expect(subscriptions.map(({ endpointId, args }) => ({ endpointId, args }))).toContainEqual(input);
    });
  }
});
