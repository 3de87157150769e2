import { assign, enqueueActions, fromPromise, setup, type ErrorActorEvent } from 'xstate';

/**
 * One cached API read, one actor per key (the query client spawns them). uninitialized →
 * pending → fulfilled | rejected; a refetch keeps the old data and error on screen until the
 * new answer arrives. Freshness is a state, not a timestamp: `fulfilled.fresh` turns
 * `fulfilled.stale` after `retentionMs`, and only stale data refetches on window focus.
 */
export type NormalisedError = { code: 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' } | { status: number; data: unknown };

export interface QueryInput {
  key: string;
  endpointId: string;
  args: Record<string, unknown>;
  /** How long unused data is kept, and how long fetched data counts as fresh (60 s). */
  retentionMs?: number;
  refetchOnFocus?: boolean;
  tags?: string[];
}

export interface QueryContext {
  key: string;
  endpointId: string;
  args: Record<string, unknown>;
  retentionMs: number;
  refetchOnFocus: boolean;
  tags: string[];
  data: unknown;
  error: NormalisedError | null;
}

export type QueryEvent = { type: 'query.refetch' } | { type: 'query.windowFocused' };
export type QueryEmitted = { type: 'auth.unauthorized' };

export interface FetchQueryInput {
  endpointId: string;
  args: Record<string, unknown>;
}

export const DEFAULT_RETENTION_MS = 60_000;

/** The services' ApiError (or anything thrown) as one of the spec's four error forms. */
export function normaliseError(error: unknown): NormalisedError {
  const failure = (error && typeof error === 'object' ? error : {}) as { kind?: string; status?: unknown; data?: unknown };
  if (failure.kind === 'FETCH_ERROR' || failure.kind === 'TIMEOUT_ERROR' || failure.kind === 'PARSING_ERROR') return { code: failure.kind };
  if (typeof failure.status === 'number') return { status: failure.status, data: failure.data };
  // fetch rejects with a TypeError when the network is down; anything else is an answer we could not read.
  return { code: error instanceof TypeError ? 'FETCH_ERROR' : 'PARSING_ERROR' };
}

const isUnauthorized = (error: unknown) => {
  const normalised = normaliseError(error);
  return 'status' in normalised && normalised.status === 401;
};

export const queryMachine = setup({
  types: {
    input: {} as QueryInput,
    context: {} as QueryContext,
    events: {} as QueryEvent,
    emitted: {} as QueryEmitted,
  },
  actors: {
    /** Provided by the caller: calls the endpoint `endpointId` with `args`, resolving with the parsed answer. */
    fetchQuery: fromPromise<unknown, FetchQueryInput>(async () => {
      throw new Error('fetchQuery is not provided');
    }),
  },
  actions: {
    storeError: assign({ error: (_, error: unknown) => normaliseError(error) }),
    /**
     * A 401 ends the session. Spawned by the query client, the query tells it
     * (`query.unauthorized`, which the client emits as `auth.unauthorized`); standalone, it
     * emits `auth.unauthorized` itself.
     */
    notifyUnauthorized: enqueueActions(({ context, self, enqueue }) => {
      if (self._parent) enqueue.sendParent({ type: 'query.unauthorized', key: context.key });
      else enqueue.emit({ type: 'auth.unauthorized' });
    }),
  },
  guards: {
    refetchesOnFocus: ({ context }) => context.refetchOnFocus,
    isUnauthorized: (_, error: unknown) => isUnauthorized(error),
  },
  delays: {
    retention: ({ context }) => context.retentionMs,
  },
}).createMachine({
  id: 'query',
  context: ({ input }) => ({
    key: input.key,
    endpointId: input.endpointId,
    args: input.args,
    retentionMs: input.retentionMs ?? DEFAULT_RETENTION_MS,
    refetchOnFocus: input.refetchOnFocus ?? false,
    tags: input.tags ?? [],
    data: undefined,
    error: null,
  }),
  initial: 'uninitialized',
  states: {
    uninitialized: {
      on: { 'query.refetch': 'pending' },
    },
    pending: {
      tags: ['loading'],
      invoke: {
        id: 'fetchQuery',
        src: 'fetchQuery',
        input: ({ context }) => ({ endpointId: context.endpointId, args: context.args }),
        onDone: { target: 'fulfilled', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: [
          {
            guard: { type: 'isUnauthorized', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'rejected',
            actions: [{ type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error }, 'notifyUnauthorized'],
          },
          { target: 'rejected', actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
        ],
      },
    },
    fulfilled: {
      initial: 'fresh',
      on: { 'query.refetch': 'pending' },
      states: {
        fresh: {
          after: { retention: 'stale' },
        },
        stale: {
          on: { 'query.windowFocused': { guard: 'refetchesOnFocus', target: '#query.pending' } },
        },
      },
    },
    rejected: {
      on: {
        'query.refetch': 'pending',
        'query.windowFocused': { guard: 'refetchesOnFocus', target: 'pending' },
      },
    },
  },
});

export type QueryMachine = typeof queryMachine;
