import { assign, fromPromise, setup } from 'xstate';

/**
 * One lazily loaded screen: its chunk either arrives, fails, or takes longer than `timeoutMs`
 * (a stalled request never settles on its own), in which case the screen shows "Loading chunk
 * failed" with the type and request, and a retry.
 */
export interface ChunkLoadError {
  message: 'Loading chunk failed';
  type: 'timeout' | 'error';
  /** The chunk's request (its import path or URL). */
  request: string;
}

export interface ChunkLoaderInput {
  /** The chunk's request, shown in the error. */
  chunk: string;
  timeoutMs?: number;
}

export interface ChunkLoaderContext {
  chunk: string;
  timeoutMs: number;
  /** What `loadChunk` resolved with (the module), kept so the view can render it. */
  module: unknown;
  error: ChunkLoadError | null;
}

export type ChunkLoaderEvent = { type: 'chunk.retry' };

export const CHUNK_TIMEOUT_MS = 120_000;

const failure = (type: ChunkLoadError['type'], request: string): ChunkLoadError => ({ message: 'Loading chunk failed', type, request });

export const chunkLoaderMachine = setup({
  types: {
    input: {} as ChunkLoaderInput,
    context: {} as ChunkLoaderContext,
    events: {} as ChunkLoaderEvent,
  },
  actors: {
    /** Provided by the caller: the dynamic `import()` of the chunk. */
    loadChunk: fromPromise<unknown, { chunk: string }>(async () => {
      throw new Error('loadChunk is not provided');
    }),
  },
  delays: {
    chunkTimeout: ({ context }) => context.timeoutMs,
  },
}).createMachine({
  id: 'chunkLoader',
  context: ({ input }) => ({
    chunk: input.chunk,
    timeoutMs: input.timeoutMs ?? CHUNK_TIMEOUT_MS,
    module: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'loadChunk',
        src: 'loadChunk',
        input: ({ context }) => ({ chunk: context.chunk }),
        onDone: { target: 'loaded', actions: assign({ module: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ context }) => failure('error', context.chunk) }) },
      },
      after: {
        chunkTimeout: { target: 'failed', actions: assign({ error: ({ context }) => failure('timeout', context.chunk) }) },
      },
    },
    loaded: {},
    failed: {
      on: { 'chunk.retry': 'loading' },
    },
  },
});

export type ChunkLoaderMachine = typeof chunkLoaderMachine;
