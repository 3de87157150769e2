import { assertEvent, assign, emit, enqueueActions, setup, type ActorRefFrom } from 'xstate';
import { DEFAULT_RETENTION_MS, queryMachine, type QueryInput } from './queryMachine';

/**
 * The keyed query cache: one query actor per key, spawned on the first subscriber and stopped
 * `retentionMs` after the last one leaves (a subscriber coming back in time keeps it). Mutations
 * refresh what they change through tags.
 */
export type QueryActorRef = ActorRefFrom<typeof queryMachine>;

export interface QueryEntry {
  subscribers: number;
  retentionMs: number;
  tags: string[];
}

export interface QueryClientContext {
  /** The query actors by key (views select `queries[key]` and read its snapshot). */
  queries: Record<string, QueryActorRef>;
  entries: Record<string, QueryEntry>;
}

/** Subscribing names the query exactly as a query actor's input does. */
export type QuerySubscribeEvent = { type: 'query.subscribe' } & QueryInput;

export type QueryClientEvent =
  | QuerySubscribeEvent
  | { type: 'query.unsubscribe'; key: string }
  | { type: 'query.invalidate'; tags: string[] }
  | { type: 'query.windowFocused' }
  | { type: 'query.clear' }
  /** Raised by the client itself, `retentionMs` after the last subscriber left. */
  | { type: 'query.expired'; key: string }
  /** Sent by a child query whose fetch was refused with 401. */
  | { type: 'query.unauthorized'; key: string };

export type QueryClientEmitted = { type: 'auth.unauthorized' };

/** The tags a mutation invalidates, as the spec names them. */
export const invalidationTags = {
  /** Creating, editing or deleting strategy `id`: the list and that strategy. */
  strategyChanged: (id: number | string) => ['strategy:list', `strategy:${id}`],
  /** `set_order`: the order list. */
  orderSet: () => ['order:list'],
};

const expiryId = (key: string) => `query.expiry:${key}`;
const entryOf = (context: QueryClientContext, key: string) => context.entries[key];
const without = <T>(record: Record<string, T>, key: string) => Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));

export const queryClientMachine = setup({
  types: {
    context: {} as QueryClientContext,
    events: {} as QueryClientEvent,
    emitted: {} as QueryClientEmitted,
  },
  actors: {
    /** Provide `queryMachine.provide({ actors: { fetchQuery } })`: every query fetches through it. */
    query: queryMachine,
  },
  actions: {
    spawnQuery: assign(({ context, event, spawn }) => {
      assertEvent(event, 'query.subscribe');
      const retentionMs = event.retentionMs ?? DEFAULT_RETENTION_MS;
      const tags = event.tags ?? [];
      const ref = spawn('query', {
        id: event.key,
        input: { key: event.key, endpointId: event.endpointId, args: event.args, retentionMs, refetchOnFocus: event.refetchOnFocus ?? false, tags },
      });
      return {
        queries: { ...context.queries, [event.key]: ref },
        entries: { ...context.entries, [event.key]: { subscribers: 1, retentionMs, tags } },
      };
    }),
    fetchNewQuery: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'query.subscribe');
      const ref = context.queries[event.key];
      if (ref) enqueue.sendTo(ref, { type: 'query.refetch' });
    }),
    addSubscriber: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'query.subscribe');
      const entry = entryOf(context, event.key)!;
      // Back before the retention ran out: the cached data stays.
      enqueue.cancel(expiryId(event.key));
      enqueue.assign({ entries: { ...context.entries, [event.key]: { ...entry, subscribers: entry.subscribers + 1 } } });
    }),
    removeSubscriber: assign(({ context, event }) => {
      assertEvent(event, 'query.unsubscribe');
      const entry = entryOf(context, event.key)!;
      return { entries: { ...context.entries, [event.key]: { ...entry, subscribers: entry.subscribers - 1 } } };
    }),
    scheduleExpiry: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'query.unsubscribe');
      const entry = entryOf(context, event.key)!;
      enqueue.raise({ type: 'query.expired', key: event.key }, { delay: entry.retentionMs, id: expiryId(event.key) });
    }),
    removeQuery: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'query.expired');
      const ref = context.queries[event.key];
      if (ref) enqueue.stopChild(ref);
      enqueue.assign({ queries: without(context.queries, event.key), entries: without(context.entries, event.key) });
    }),
    refetchTagged: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'query.invalidate');
      for (const [key, entry] of Object.entries(context.entries)) {
        const ref = context.queries[key];
        if (ref && entry.tags.some((tag) => event.tags.includes(tag))) enqueue.sendTo(ref, { type: 'query.refetch' });
      }
    }),
    /** Only queries someone is looking at react to focus; cached ones wait for their next subscriber. */
    forwardFocus: enqueueActions(({ context, enqueue }) => {
      for (const [key, entry] of Object.entries(context.entries)) {
        const ref = context.queries[key];
        if (ref && entry.subscribers > 0) enqueue.sendTo(ref, { type: 'query.windowFocused' });
      }
    }),
    removeAll: enqueueActions(({ context, enqueue }) => {
      for (const key of Object.keys(context.entries)) enqueue.cancel(expiryId(key));
      for (const ref of Object.values(context.queries)) enqueue.stopChild(ref);
      enqueue.assign({ queries: {}, entries: {} });
    }),
    emitUnauthorized: emit({ type: 'auth.unauthorized' } as const),
  },
  guards: {
    isCached: ({ context, event }) => {
      assertEvent(event, 'query.subscribe');
      return !!entryOf(context, event.key);
    },
    isLastSubscriber: ({ context, event }) => {
      assertEvent(event, 'query.unsubscribe');
      return entryOf(context, event.key)?.subscribers === 1;
    },
    hasSubscribers: ({ context, event }) => {
      assertEvent(event, 'query.unsubscribe');
      return (entryOf(context, event.key)?.subscribers ?? 0) > 1;
    },
    isUnused: ({ context, event }) => {
      assertEvent(event, 'query.expired');
      return entryOf(context, event.key)?.subscribers === 0;
    },
    hasTaggedQuery: ({ context, event }) => {
      assertEvent(event, 'query.invalidate');
      return Object.values(context.entries).some((entry) => entry.tags.some((tag) => event.tags.includes(tag)));
    },
    hasSubscribedQuery: ({ context }) => Object.values(context.entries).some((entry) => entry.subscribers > 0),
    hasQueries: ({ context }) => Object.keys(context.entries).length > 0,
  },
}).createMachine({
  id: 'queryClient',
  context: { queries: {}, entries: {} },
  on: {
    'query.subscribe': [
      { guard: 'isCached', actions: 'addSubscriber' },
      { actions: ['spawnQuery', 'fetchNewQuery'] },
    ],
    'query.unsubscribe': [
      { guard: 'isLastSubscriber', actions: ['removeSubscriber', 'scheduleExpiry'] },
      { guard: 'hasSubscribers', actions: 'removeSubscriber' },
    ],
    'query.expired': { guard: 'isUnused', actions: 'removeQuery' },
    'query.invalidate': { guard: 'hasTaggedQuery', actions: 'refetchTagged' },
    'query.windowFocused': { guard: 'hasSubscribedQuery', actions: 'forwardFocus' },
    'query.clear': { guard: 'hasQueries', actions: 'removeAll' },
    'query.unauthorized': { actions: 'emitUnauthorized' },
  },
});

export type QueryClientMachine = typeof queryClientMachine;
