import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ACTIVE_NOTIFICATION_STATUSES, NotificationStatus } from '../../contract/constants';
import type { Notification } from '../../contract/notifications/schemas';

/**
 * The bell's active list: only statuses 10 (new) and 20 (seen), newest first, at most 100.
 * The first page comes from `loadActive`; after that the app socket's `notification` frames keep
 * it current (created → prepended, updated → replaced in place or removed, deleted → removed).
 */

export const ACTIVE_NOTIFICATIONS_CAP = 100;

export interface NotificationsInput {
  /** The clock `notificationUpdateTime` is read from; tests pass their simulated clock's. */
  now?: () => number;
}

export interface NotificationsContext {
  active: Notification[];
  /** How many of `active` have status 10. */
  newCount: number;
  /** Epoch ms of the last change to `active`; null before the first. */
  notificationUpdateTime: number | null;
  /** The newest id ever held, for the socket's `resume` after a reconnect. */
  lastSeenId: number | null;
  error: unknown;
  now: () => number;
}

export type NotificationChange = 'created' | 'updated' | 'deleted';

export type NotificationsEvent =
  | { type: 'notifications.load' }
  | { type: 'notifications.loaded'; items: Notification[] }
  | { type: 'notification.received'; event: NotificationChange; notification: Notification }
  | { type: 'notifications.retry' }
  | { type: 'notifications.clear' };

export function isActive(notification: Pick<Notification, 'status'>): boolean {
  return (ACTIVE_NOTIFICATION_STATUSES as readonly number[]).includes(notification.status);
}

/** A fresh list: the active ones only, in the order given (the server sends newest first), capped. */
export function activeOnly(items: readonly Notification[]): Notification[] {
  return items.filter(isActive).slice(0, ACTIVE_NOTIFICATIONS_CAP);
}

/** One socket frame applied to the list; returns the same array when nothing changed. */
export function applyChange(active: Notification[], change: NotificationChange, notification: Notification): Notification[] {
  const index = active.findIndex((n) => n.id === notification.id);
  if (change === 'deleted' || !isActive(notification)) {
    return index === -1 ? active : active.filter((n) => n.id !== notification.id);
  }
  if (index !== -1) return active.map((n) => (n.id === notification.id ? notification : n));
  if (change === 'created') return [notification, ...active].slice(0, ACTIVE_NOTIFICATIONS_CAP);
  // An older one coming back to 10/20 (it was not held): slot it by id so the list stays newest first.
  const at = active.findIndex((n) => n.id < notification.id);
  const next = at === -1 ? [...active, notification] : [...active.slice(0, at), notification, ...active.slice(at)];
  return next.slice(0, ACTIVE_NOTIFICATIONS_CAP);
}

export function countNew(active: readonly Notification[]): number {
  return active.filter((n) => n.status === NotificationStatus.new).length;
}

function newestId(items: readonly Notification[], previous: number | null): number | null {
  return items.reduce<number | null>((max, n) => (max === null || n.id > max ? n.id : max), previous);
}

/** Everything derived from a new list, in one assignment so the counts never lag the list. */
function withList(context: NotificationsContext, active: Notification[], seen: readonly Notification[]) {
  return {
    active,
    newCount: countNew(active),
    notificationUpdateTime: context.now(),
    lastSeenId: newestId(seen, context.lastSeenId),
  };
}

export const notificationsMachine = setup({
  types: {
    input: {} as NotificationsInput | undefined,
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actors: {
    // Replaced by the caller with the real call; the default refuses so a missing provide is loud.
    loadActive: fromPromise<Notification[]>(async () => {
      throw new Error('notificationsMachine: provide a `loadActive` actor');
    }),
  },
  actions: {
    replaceList: assign(({ context, event }) => {
      assertEvent(event, 'notifications.loaded');
      return withList(context, activeOnly(event.items), event.items);
    }),
    applyReceived: assign(({ context, event }) => {
      assertEvent(event, 'notification.received');
      const active = applyChange(context.active, event.event, event.notification);
      const lastSeenId = newestId([event.notification], context.lastSeenId);
      return active === context.active ? { lastSeenId } : { ...withList(context, active, []), lastSeenId };
    }),
    clearList: assign(({ context }) => ({
      active: [],
      newCount: 0,
      notificationUpdateTime: context.now(),
      lastSeenId: null,
      error: null,
    })),
  },
}).createMachine({
  id: 'notifications',
  initial: 'idle',
  context: ({ input }) => ({
    active: [],
    newCount: 0,
    notificationUpdateTime: null,
    lastSeenId: null,
    error: null,
    now: input?.now ?? Date.now,
  }),
  // Frames keep coming while the list loads or after a failed load; none of them may be lost.
  on: {
    'notification.received': { actions: 'applyReceived' },
    'notifications.loaded': { target: '.ready', actions: 'replaceList' },
    'notifications.clear': { target: '.idle', actions: 'clearList' },
  },
  states: {
    idle: {
      on: { 'notifications.load': 'loading' },
    },
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'loadActive',
        src: 'loadActive',
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => withList(context, activeOnly(event.output), event.output)),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    ready: {
      // After a socket reconnect the root reloads to catch up.
      on: { 'notifications.load': 'loading' },
    },
    failed: {
      on: { 'notifications.retry': 'loading' },
    },
  },
});
