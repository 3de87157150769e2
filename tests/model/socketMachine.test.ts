import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import {
  socketMachine,
  type SocketContext,
  type SocketEmitted,
  type SocketEvent,
  type SocketLog,
  type SocketMessage,
  type TransportEvent,
  type TransportInput,
} from '../../src/machines/socketMachine';
import { generatePaths, missingCoverage, NO_GAPS, replayPath, type StepCheck } from './support/modelPaths';

/*
 * The socket's paths come from its own graph; each is replayed on a real actor whose transport is a
 * fake that records what it was opened with, what it was sent and when it was closed, on a
 * SimulatedClock, so the spec's delays (5, 10, 20, 40, 80, 120 … s; a ping every 30 s) are exact.
 */

const INPUT = { url: '/api/ws/app', token: 'token 1' };
const NEW_TOKEN = 'token-2';
/** The spec's reconnect delays in seconds, attempt 1 to 10. */
const BACKOFF_S = [5, 10, 20, 40, 80, 120, 120, 120, 120, 120];
const HEARTBEAT_MS = 30_000;
const DAY_MS = 86_400_000;

const PONG: SocketMessage = { _type: 'pong', params: {}, data: { server_time: 1_700_000_000_000 } };
const RESUME: SocketMessage = { _type: 'resume', params: { last_notification_id: 7 } };

const EVENTS: SocketEvent[] = [
  { type: 'socket.connect' },
  { type: 'socket.connect', token: NEW_TOKEN },
  { type: 'socket.closed', code: 1006, reason: 'abnormal' },
  { type: 'socket.closed', code: 4401, reason: 'unauthorized' },
  { type: 'socket.closed', code: 4403, reason: 'forbidden' },
  { type: 'socket.message', message: PONG },
  { type: 'socket.send', message: RESUME },
];

/**
 * Two snapshots are the same model state when their value, reconnect attempt and last close code
 * match: the code tells a 4401 close from a 4403 one, and an open socket that reconnected from one
 * that never dropped.
 */
const paths = generatePaths(socketMachine, {
  input: INPUT,
  events: EVENTS,
  context: (context: SocketContext) => ({ attempt: context.attempt, closeCode: context.closeCode }),
});

/**
 * Compared between the real actor and the model at every step: only what the traversal tells
 * states apart by (the model's snapshot for a state comes from one of the events reaching it).
 */
const replayedContext = (context: SocketContext) => ({ attempt: context.attempt, nextDelayMs: context.nextDelayMs, closeCode: context.closeCode });

interface FakeTransport {
  input: TransportInput;
  openedAt: number;
  sent: { at: number; message: SocketMessage }[];
  stoppedAt: number | null;
}

function harness() {
  const clock = new SimulatedClock();
  clock.set(1_700_000_000_000);
  const transports: FakeTransport[] = [];
  const logs: SocketLog[] = [];
  const emitted: (SocketEmitted & { at: number })[] = [];
  const machine = socketMachine.provide({
    actors: {
      transport: fromCallback<TransportEvent, TransportInput>(({ input, receive }) => {
        const transport: FakeTransport = { input, openedAt: clock.now(), sent: [], stoppedAt: null };
        transports.push(transport);
        receive((event) => transport.sent.push({ at: clock.now(), message: event.message }));
        return () => {
          transport.stoppedAt = clock.now();
        };
      }),
    },
    actions: { log: (_, params: SocketLog) => void logs.push(params) },
  });
  const actor = createActor(machine, { clock, input: { ...INPUT, now: () => clock.now() } });
  actor.on('*', (event) => void emitted.push({ ...event, at: clock.now() }));
  return { clock, actor, transports, logs, emitted };
}

type Harness = ReturnType<typeof harness>;

const live = (h: Harness) => h.transports.filter((t) => t.stoppedAt === null);
const pings = (t: FakeTransport) => t.sent.filter((s) => s.message._type === 'ping');
const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as SocketContext;

/** The spec's rules, asserted after every step of every path. */
function checker(h: Harness) {
  let stepAt = h.clock.now();
  let spawnedSinceConnect = 0;
  let transportsBefore = 0;
  let unauthorizedCloses = 0;
  let token = INPUT.token;
  return ({ index, event, snapshot, previous }: StepCheck) => {
    const context = ctx(snapshot);
    if (event.type === 'socket.connect') token = (event as Extract<SocketEvent, { type: 'socket.connect' }>).token ?? token;
    expect(context.token).toBe(token);
    const spawnedNow = h.transports.length - transportsBefore;
    const elapsed = h.clock.now() - stepAt;
    if (event.type === 'socket.connect') {
      expect(spawnedNow).toBe(snapshot.matches('connecting') ? 1 : 0);
      spawnedSinceConnect = 0;
    }
    spawnedSinceConnect += spawnedNow;

    // One socket while connecting or open, none otherwise; it carries the token in its query.
    const open = live(h);
    expect(open).toHaveLength(snapshot.matches('connecting') || snapshot.matches('open') ? 1 : 0);
    for (const transport of open) {
      expect(transport.input.token).toBe(context.token);
      expect(new URL(transport.input.href, 'https://app.example').searchParams.get('token')).toBe(context.token);
      expect(new URL(transport.input.href, 'https://app.example').pathname).toBe(INPUT.url);
    }
    // At most 10 reconnects after a connect: 11 sockets in all.
    expect(spawnedSinceConnect).toBeLessThanOrEqual(11);
    expect(context.attempt).toBeLessThanOrEqual(10);

    // A deliberate disconnect is always at hand while a socket is (or will be) live.
    const liveOrPending = snapshot.matches('connecting') || snapshot.matches('open') || snapshot.matches('waiting');
    expect(snapshot.can({ type: 'socket.disconnect' })).toBe(liveOrPending);
    if (snapshot.matches('waiting')) {
      expect(context.nextDelayMs).toBe(BACKOFF_S[context.attempt - 1]! * 1000);
      expect(spawnedNow).toBe(0);
    }
    if (event.type.startsWith('xstate.after.reconnect')) {
      // The exact backoff: 5, 10, 20, 40, 80, 120, 120 … s after the close.
      expect(elapsed).toBe(BACKOFF_S[context.attempt - 1]! * 1000);
      expect(spawnedNow).toBe(1);
    }
    if (snapshot.matches('open')) {
      expect(context.attempt).toBe(0);
      expect(pings(open[0]!).every((p, i) => p.at === open[0]!.openedAt + (i + 1) * HEARTBEAT_MS)).toBe(true);
    }
    if (event.type.startsWith('xstate.after.heartbeat')) {
      expect(elapsed).toBe(HEARTBEAT_MS);
      expect(open[0]!.sent.at(-1)).toEqual({ at: h.clock.now(), message: { _type: 'ping' } });
    }
    if (event.type === 'socket.message') {
      const { message } = event as Extract<SocketEvent, { type: 'socket.message' }>;
      expect(context.lastMessage).toEqual(message);
      expect(context.lastUpdated).toBe(h.clock.now());
      expect(h.emitted.at(-1)).toEqual({ type: 'socket.message', message, lastUpdated: h.clock.now(), at: h.clock.now() });
    }
    if (event.type === 'socket.send') {
      expect(open[0]!.sent.at(-1)?.message).toEqual((event as Extract<SocketEvent, { type: 'socket.send' }>).message);
    }
    if (event.type === 'socket.error') {
      expect(h.logs.at(-1)).toMatchObject({ level: 'error', url: INPUT.url });
      expect(snapshot.value).toEqual(previous?.value);
    }
    if (event.type === 'socket.closed') {
      const { code } = event as Extract<SocketEvent, { type: 'socket.closed' }>;
      expect(context.closeCode).toBe(code);
      if (code === 4401) unauthorizedCloses += 1;
      // 4401 and 4403 never reconnect; 4401 also logs the user out.
      if (code === 4401 || code === 4403) expect(snapshot.value).toBe('closed');
      else expect(['waiting', 'gaveUp']).toContain(snapshot.value);
    }
    expect(h.emitted.filter((e) => e.type === 'auth.unauthorized')).toHaveLength(unauthorizedCloses);
    if (event.type === 'socket.disconnect') expect(snapshot.value).toBe('closed');
    if (snapshot.matches('gaveUp')) {
      expect(spawnedSinceConnect).toBe(11);
      expect(h.logs.filter((l) => l.level === 'warn' && l.message.includes('gave up'))).toHaveLength(1);
    }

    // Closed or given up: nothing reconnects, however long we wait.
    if (snapshot.matches('closed') || snapshot.matches('gaveUp')) {
      const count = h.transports.length;
      h.clock.set(h.clock.now() + DAY_MS);
      expect(h.transports).toHaveLength(count);
      expect(h.actor.getSnapshot().value).toEqual(snapshot.value);
    }
    if (index === 0) expect(snapshot.value).toBe('idle');
    transportsBefore = h.transports.length;
    stepAt = h.clock.now();
  };
}

/** After the last step of a path left open: the heartbeat keeps going, a ping every 30 s. */
function heartbeatKeepsGoing(h: Harness) {
  const transport = live(h)[0]!;
  const before = pings(transport).length;
  const start = h.clock.now();
  // A SimulatedClock fires a timer scheduled during a jump only on a later move: go 30 s at a time.
  for (let i = 0; i < 3; i++) h.clock.increment(HEARTBEAT_MS);
  expect(pings(transport).slice(before).map((p) => p.at - start)).toEqual([HEARTBEAT_MS, 2 * HEARTBEAT_MS, 3 * HEARTBEAT_MS]);
}

describe('socketMachine (model)', () => {
  it('generates the planned number of paths', () => {
    expect(paths.map((p) => p.description)).toHaveLength(15);
  });

  it('visits every state and takes every transition', () => {
    expect(missingCoverage(socketMachine, paths)).toEqual(NO_GAPS);
  });

  it('has a path that reconnects 10 times with the spec backoff and gives up', () => {
    const afters = (p: (typeof paths)[number]) => p.steps.filter((s) => s.event.type.startsWith('xstate.after.reconnect')).length;
    expect(paths.some((p) => p.steps.some((s) => s.state.matches('gaveUp')) && afters(p) === 10)).toBe(true);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const h = harness();
      const check = checker(h);
      const last = path.steps.length - 1;
      await replayPath(path, {
        actor: h.actor,
        clock: h.clock,
        context: replayedContext,
        check: (step) => {
          check(step);
          if (step.index === last && step.snapshot.matches('open')) heartbeatKeepsGoing(h);
        },
      });
    });
  }
});
