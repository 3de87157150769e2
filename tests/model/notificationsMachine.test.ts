import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type EventObject } from 'xstate';
import type { Notification } from '../../contract/notifications/schemas';
import { notificationsMachine, type NotificationsContext, type NotificationsEvent } from '../../src/machines/notificationsMachine';
import { createFakeActors, describeEvent as defaultDescription, generatePaths, missingCoverage, NO_GAPS, replayPath, type StepCheck } from './support/modelPaths';

/*
 * The bell's list: paths from the machine's graph, replayed on a real actor whose `loadActive` is a
 * deferred fake. After every step the list must hold only statuses 10 and 20, newest first, at
 * most 100, with `newCount` and `notificationUpdateTime` following it; and each event must have
 * done exactly what the spec says to the list it found.
 */

const CAP = 100;
const ACTIVE = [10, 20];

function note(id: number, status: number): Notification {
  return {
    id,
    user_id: 1,
    title: `notification ${id}`,
    body: '',
    status: status as Notification['status'],
    priority: 20,
    category: 'signal',
    sub_category: null,
    portfolio_id: null,
    market: null,
    broker_id: null,
    symbol: null,
    data: null,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    expires_at: null,
  };
}

/**
 * The first page as the server sends it (newest first): 110 items, three of them no longer active
 * (30, 40, 50), so 107 active ones of which the newest 100 (ids 109 to 8) stay. Odd ids are new
 * (10), even ones seen (20): the oldest kept one (8) is seen, so pushing a new one past the cap
 * changes the new count and is a state of its own.
 */
const INACTIVE: Record<number, number> = { 110: 30, 60: 40, 30: 50 };
const FIRST_PAGE = Array.from({ length: 110 }, (_, i) => 110 - i).map((id) => note(id, INACTIVE[id] ?? (id % 2 === 1 ? 10 : 20)));
const SMALL_PAGE = [note(60, 10), note(55, 30), note(50, 20)];
const offline = { kind: 'FETCH_ERROR', message: 'Failed to fetch' };

const EVENTS = [
  { type: 'notifications.load' },
  { type: 'xstate.done.actor.loadActive', output: FIRST_PAGE },
  { type: 'xstate.error.actor.loadActive', error: offline },
  { type: 'notifications.loaded', items: SMALL_PAGE },
  { type: 'notification.received', event: 'created', notification: note(200, 10) },
  { type: 'notification.received', event: 'updated', notification: note(50, 10) },
  { type: 'notification.received', event: 'updated', notification: note(50, 30) },
  { type: 'notification.received', event: 'deleted', notification: note(60, 10) },
] as EventObject[];

/** States differ by value, list size and new count: enough to reach "full, then one more". */
const context = (c: NotificationsContext) => ({ size: c.active.length, newCount: c.newCount });

/** `notification.received created #200 (10)`: the whole notification would drown the path. */
function describeEvent(event: EventObject): string {
  const e = event as NotificationsEvent;
  if (e.type === 'notification.received') return `${e.type} ${e.event} #${e.notification.id} (${e.notification.status})`;
  if (e.type === 'notifications.loaded') return `${e.type} [${e.items.map((n) => `#${n.id} (${n.status})`).join(', ')}]`;
  return defaultDescription(event);
}

const paths = generatePaths(notificationsMachine, { events: EVENTS, context, describeEvent });

/** The spec, written out: what the list must be after `event` when it was `before`. */
function expectedList(before: Notification[], event: EventObject): Notification[] {
  const e = event as NotificationsEvent | { type: 'xstate.done.actor.loadActive'; output: Notification[] };
  const fresh = (items: Notification[]) => items.filter((n) => ACTIVE.includes(n.status)).slice(0, CAP);
  switch (e.type) {
    case 'xstate.done.actor.loadActive':
      return fresh(e.output);
    case 'notifications.loaded':
      return fresh(e.items);
    case 'notifications.clear':
      return [];
    case 'notification.received': {
      const n = e.notification;
      const without = before.filter((m) => m.id !== n.id);
      if (e.event === 'deleted' || !ACTIVE.includes(n.status)) return without;
      if (before.some((m) => m.id === n.id)) return before.map((m) => (m.id === n.id ? n : m));
      if (e.event === 'created') return [n, ...before].slice(0, CAP);
      return [...before, n].sort((a, b) => b.id - a.id).slice(0, CAP);
    }
    default:
      return before;
  }
}

function checker(clock: SimulatedClock) {
  let lastChangeAt: number | null = null;
  return ({ event, snapshot, previous }: StepCheck) => {
    const c = snapshot.context as NotificationsContext;
    const before = (previous?.context as NotificationsContext | undefined)?.active ?? [];
    // Only 10 and 20, newest first, never more than 100; the count is of status 10.
    expect(c.active.every((n) => ACTIVE.includes(n.status))).toBe(true);
    expect(c.active.length).toBeLessThanOrEqual(CAP);
    expect(c.active.map((n) => n.id)).toEqual(c.active.map((n) => n.id).sort((a, b) => b - a));
    expect(new Set(c.active.map((n) => n.id)).size).toBe(c.active.length);
    expect(c.newCount).toBe(c.active.filter((n) => n.status === 10).length);
    // What this event does to the list it found.
    const expected = expectedList(before, event);
    expect(c.active).toEqual(expected);
    if (before.length === CAP && event.type === 'notification.received' && c.active[0]?.id === 200 && before[0]?.id !== 200) {
      expect(c.active.at(-1)).toEqual(before.at(-2)); // the oldest one was dropped
    }
    // The update time moves with every change and only then.
    const changed = JSON.stringify(expected) !== JSON.stringify(before) || event.type === 'notifications.clear';
    if (changed && event.type !== 'xstate.init') lastChangeAt = clock.now();
    expect(c.notificationUpdateTime).toBe(lastChangeAt);
    expect(c.lastSeenId).toBe(c.lastSeenId === null ? null : Math.max(c.lastSeenId, ...c.active.map((n) => n.id)));
    expect(snapshot.hasTag('loading')).toBe(snapshot.matches('loading'));
    if (snapshot.matches('failed')) expect(c.error).toEqual(offline);
    // Let time pass between steps so each change has its own time.
    clock.increment(1_000);
  };
}

describe('notificationsMachine (model)', () => {
  it('has the planned number of paths', () => {
    expect(paths.map((p) => p.description)).toHaveLength(15);
  });

  it('visits every state and transition', () => {
    expect(missingCoverage(notificationsMachine, paths)).toEqual(NO_GAPS);
  });

  it('has a path that pushes a full list past 100', () => {
    const pushesPast = paths.some((p) =>
      p.steps.some((s, i) => i > 0 && (p.steps[i - 1]!.state.context as NotificationsContext).active.length === CAP && s.event.type === 'notification.received' && (s.event as any).event === 'created'),
    );
    expect(pushesPast).toBe(true);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const fakes = createFakeActors();
      const clock = new SimulatedClock();
      clock.set(1_700_000_000_000);
      const machine = notificationsMachine.provide({ actors: { loadActive: fakes.promise() } });
      const actor = createActor(machine, { clock, input: { now: () => clock.now() } });
      await replayPath(path, { actor, clock, fakes, context, check: checker(clock), describeEvent });
    });
  }
});
