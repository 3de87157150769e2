import { assertEvent, assign, emit, fromCallback, sendTo, setup, spawnChild, stopChild } from 'xstate';

/**
 * One websocket (`/api/ws/app`, a market's live prices, a portfolio's): connect with the token in
 * the query, ping every 30 s while open, and after a close that nobody asked for reconnect with a
 * backoff of 5, 10, 20, 40, 80, 120, 120 … s, at most 10 times before giving up. A deliberate
 * disconnect, 4401 (the token is no good: log out) and 4403 (forbidden) never reconnect.
 *
 * The transport is spawned, not invoked: a single connection lives across `connecting` and `open`,
 * and an invoke belongs to one state node, so it would reopen the socket on `socket.opened`.
 */

/** Every frame on the app's sockets is `{ _type, params, data }`. */
export interface SocketMessage {
  _type: string;
  params?: unknown;
  data?: unknown;
}

export interface SocketInput {
  url: string;
  token: string;
  heartbeatMs?: number;
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** The clock `lastUpdated` is read from; tests pass their simulated clock's. */
  now?: () => number;
}

export interface SocketContext {
  url: string;
  token: string;
  heartbeatMs: number;
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  now: () => number;
  /** Reconnects scheduled since the socket was last open. */
  attempt: number;
  nextDelayMs: number | null;
  lastMessage: SocketMessage | null;
  lastUpdated: number | null;
  closeCode: number | null;
}

export type SocketEvent =
  | { type: 'socket.connect'; token?: string }
  | { type: 'socket.disconnect' }
  | { type: 'socket.send'; message: SocketMessage }
  | { type: 'socket.opened' }
  | { type: 'socket.message'; message: SocketMessage }
  | { type: 'socket.closed'; code: number; reason?: string }
  | { type: 'socket.error' };

/** What subscribers (the root actor) hear: each frame, and a 4401 for auth. */
export type SocketEmitted =
  | { type: 'socket.message'; message: SocketMessage; lastUpdated: number }
  | { type: 'auth.unauthorized' };

/** `href` is `url` with `token` as a query parameter, ready for `new WebSocket`. */
export interface TransportInput {
  url: string;
  token: string;
  href: string;
}

/** What the transport receives from the machine. */
export type TransportEvent = { type: 'socket.send'; message: SocketMessage };

export interface SocketLog {
  level: 'warn' | 'error';
  message: string;
  url: string;
}

export const SOCKET_DEFAULTS = { heartbeatMs: 30_000, maxAttempts: 10, baseDelayMs: 5_000, maxDelayMs: 120_000 } as const;

/** Browsers cannot set headers on a websocket, so the token travels in the query. */
export function withToken(url: string, token: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

/** 5 s doubling per attempt, capped: 5, 10, 20, 40, 80, 120, 120 … s. */
export function backoffDelay(attempt: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(baseDelayMs * 2 ** attempt, maxDelayMs);
}

/*
 * A close nobody asked for: 4401 logs out, 4403 stops, anything else tries again. Only a failed
 * (re)connect can use up the attempts: a socket that opened starts its backoff from zero.
 */
const unauthorized = { guard: 'isUnauthorized', target: 'closed', actions: ['closeTransport', 'recordClose', 'emitUnauthorized'] } as const;
const forbidden = { guard: 'isForbidden', target: 'closed', actions: ['closeTransport', 'recordClose'] } as const;
const retry = { target: 'waiting', actions: ['closeTransport', 'recordClose', 'scheduleReconnect'] } as const;
const giveUp = {
  guard: 'attemptsExhausted',
  target: 'gaveUp',
  actions: ['closeTransport', 'recordClose', { type: 'log', params: gaveUpLog }],
} as const;

function gaveUpLog({ context }: { context: SocketContext }): SocketLog {
  return { level: 'warn', message: `gave up after ${context.attempt} reconnect attempts`, url: context.url };
}

function errorLog({ context }: { context: SocketContext }): SocketLog {
  return { level: 'error', message: 'websocket error', url: context.url };
}

export const socketMachine = setup({
  types: {
    input: {} as SocketInput,
    context: {} as SocketContext,
    events: {} as SocketEvent,
    emitted: {} as SocketEmitted,
  },
  actors: {
    // Replaced by the caller with the real websocket; the default refuses so a missing provide is loud.
    transport: fromCallback<TransportEvent, TransportInput>(() => {
      throw new Error('socketMachine: provide a `transport` actor');
    }),
  },
  actions: {
    // Replaced by the caller (console); logging is a side effect the machine only names.
    log: (_, _params: SocketLog) => {},
    openTransport: spawnChild('transport', {
      id: 'transport',
      input: ({ context }) => ({ url: context.url, token: context.token, href: withToken(context.url, context.token) }),
    }),
    closeTransport: stopChild('transport'),
    // Closed means nothing is scheduled any more.
    settle: assign({ attempt: 0, nextDelayMs: null }),
    forward: sendTo('transport', ({ event }) => {
      assertEvent(event, 'socket.send');
      return { type: 'socket.send' as const, message: event.message };
    }),
    sendPing: sendTo('transport', { type: 'socket.send' as const, message: { _type: 'ping' } }),
    startSession: assign(({ context, event }) => {
      assertEvent(event, 'socket.connect');
      return { token: event.token ?? context.token, attempt: 0, nextDelayMs: null, closeCode: null };
    }),
    // The backoff starts over; `closeCode` keeps telling why the previous socket closed.
    markOpen: assign({ attempt: 0, nextDelayMs: null }),
    recordClose: assign({
      closeCode: ({ event }) => {
        assertEvent(event, 'socket.closed');
        return event.code;
      },
    }),
    scheduleReconnect: assign(({ context }) => ({
      nextDelayMs: backoffDelay(context.attempt, context.baseDelayMs, context.maxDelayMs),
      attempt: context.attempt + 1,
    })),
    receive: assign(({ event, context }) => {
      assertEvent(event, 'socket.message');
      return { lastMessage: event.message, lastUpdated: context.now() };
    }),
    publish: emit(({ context }) => ({
      type: 'socket.message' as const,
      message: context.lastMessage!,
      lastUpdated: context.lastUpdated!,
    })),
    emitUnauthorized: emit({ type: 'auth.unauthorized' as const }),
  },
  guards: {
    isUnauthorized: ({ event }) => {
      assertEvent(event, 'socket.closed');
      return event.code === 4401;
    },
    isForbidden: ({ event }) => {
      assertEvent(event, 'socket.closed');
      return event.code === 4403;
    },
    attemptsExhausted: ({ context }) => context.attempt >= context.maxAttempts,
    hasNewToken: ({ context, event }) => {
      assertEvent(event, 'socket.connect');
      return event.token !== undefined && event.token !== context.token;
    },
  },
  delays: {
    heartbeat: ({ context }) => context.heartbeatMs,
    reconnect: ({ context }) => context.nextDelayMs ?? context.baseDelayMs,
  },
}).createMachine({
  id: 'socket',
  initial: 'idle',
  context: ({ input }) => ({
    url: input.url,
    token: input.token,
    heartbeatMs: input.heartbeatMs ?? SOCKET_DEFAULTS.heartbeatMs,
    maxAttempts: input.maxAttempts ?? SOCKET_DEFAULTS.maxAttempts,
    baseDelayMs: input.baseDelayMs ?? SOCKET_DEFAULTS.baseDelayMs,
    maxDelayMs: input.maxDelayMs ?? SOCKET_DEFAULTS.maxDelayMs,
    now: input.now ?? Date.now,
    attempt: 0,
    nextDelayMs: null,
    lastMessage: null,
    lastUpdated: null,
    closeCode: null,
  }),
  states: {
    idle: {
      on: { 'socket.connect': { target: 'connecting', actions: 'startSession' } },
    },
    connecting: {
      tags: ['loading'],
      entry: 'openTransport',
      on: {
        'socket.opened': { target: 'open', actions: 'markOpen' },
        'socket.closed': [unauthorized, forbidden, giveUp, retry],
        'socket.error': { actions: { type: 'log', params: errorLog } },
        'socket.disconnect': 'closed',
      },
    },
    open: {
      after: { heartbeat: { target: 'open', reenter: true, actions: 'sendPing' } },
      on: {
        'socket.message': { actions: ['receive', 'publish'] },
        'socket.send': { actions: 'forward' },
        'socket.closed': [unauthorized, forbidden, retry],
        'socket.error': { actions: { type: 'log', params: errorLog } },
        'socket.disconnect': 'closed',
      },
    },
    waiting: {
      after: { reconnect: 'connecting' },
      on: { 'socket.disconnect': 'closed' },
    },
    closed: {
      // Deliberate disconnects land here with the socket still open: close it.
      entry: ['closeTransport', 'settle'],
      on: { 'socket.connect': { target: 'connecting', actions: 'startSession' } },
    },
    // Final for this token: only a new token (after a new sign-in) starts over.
    gaveUp: {
      on: { 'socket.connect': { guard: 'hasNewToken', target: 'connecting', actions: 'startSession' } },
    },
  },
});
