import { createActor, fromPromise, type ActorRefFrom, type AnyActorRef, type AnyStateMachine } from 'xstate';
import type { SessionUser } from '../machines/authMachine';
import type { Notification } from '../../contract/notifications/schemas';
import type { ApiClient, CallInput } from '../services/apiClient';
import { socketUrl } from '../services/socketTransport';
import { websocketTransport } from './websocketTransport';
import { readJson, readUiItems, removeKey, STORAGE_KEYS, writeJson } from '../services/storage';
import { appShellMachine } from '../machines/appShellMachine';
import { authMachine } from '../machines/authMachine';
import { ACTIVE_NOTIFICATIONS_CAP, notificationsMachine } from '../machines/notificationsMachine';
import { ACTIVE_NOTIFICATION_STATUSES } from '../../contract/constants';
import { queryClientMachine } from '../machines/queryClientMachine';
import { queryMachine, type FetchQueryInput } from '../machines/queryMachine';
import { socketMachine } from '../machines/socketMachine';
import { uiMachine } from '../machines/uiMachine';
import { endpointById } from './endpointRegistry';
import { createInspector, type InspectedActor } from './inspector';

/** Tag of the cached market lists (symbols, sub-markets, categories): `market_info` and the daily refresh invalidate it. */
export const MARKET_INFO_TAG = 'market.info';

/**
 * The endpoints the app needs before sign-in, loaded with the first call: the contract's
 * schemas (and zod with them) stay out of the sign-in page's bundle.
 */
const endpoints = async () => {
  const [{ pick }, accounts, general, notifications] = await Promise.all([
    import('../../contract/endpoint'),
    import('../../contract/accounts/endpoints'),
    import('../../contract/general/endpoints'),
    import('../../contract/notifications/endpoints'),
  ]);
  return {
    login: pick(accounts.authEndpoints, 'auth.login'),
    me: pick(accounts.accountEndpoints, 'accounts.me'),
    config: pick(general.configEndpoints, 'config.get'),
    notifications: pick(notifications.notificationEndpoints, 'notifications.list'),
  };
};

/** One `notification` frame of the app socket, told to the listeners (the bell's toasts and sound). */
export type NotificationListener = (event: 'created' | 'updated' | 'deleted', notification: Notification) => void;

export type AppSocketEvent = { type: 'message'; message: unknown } | { type: 'status'; open: boolean };
export type AppSocketWatcher = (event: AppSocketEvent) => void;

/**
 * What was saved under `user`: a user and its token; junk from an older version is dropped.
 * A light check is enough: the server confirms the session (`accounts.me`) before it is used.
 */
function readStoredUser(): SessionUser | null {
  const stored = readJson<Partial<SessionUser>>(STORAGE_KEYS.user);
  const ok =
    !!stored &&
    typeof stored.id === 'number' &&
    typeof stored.email === 'string' &&
    typeof stored.access_token === 'string' &&
    stored.access_token.length > 0;
  return ok ? (stored as SessionUser) : null;
}

/**
 * The running app: every long-lived actor, created from its machine with the real services
 * provided, and the wiring between them — any 401 logs out; signing in opens the app socket and
 * loads notifications; signing out closes sockets and clears caches.
 */
export function createAppSystem(deps: {
  api: ApiClient;
  origin?: string;
  /** The websocket behind socket actors; tests pass one that stays silent. */
  transport?: typeof websocketTransport;
}) {
  const { api } = deps;
  const inspector = createInspector();
  const inspect = inspector.inspect;
  const running = new Map<string, InspectedActor>();
  /** What feature stores started with this system (market feed, live signals…) to end with it. */
  const adoptedStops = new Set<() => void>();

  function track<T extends AnyActorRef>(id: string, machine: AnyStateMachine, ref: T): T {
    inspector.name(ref, id);
    running.set(id, { id, machine, ref });
    return ref;
  }

  const auth = track(
    'auth',
    authMachine,
    createActor(
      authMachine.provide({
        actors: {
          login: fromPromise(async ({ input }: { input: { email: string; password: string } }) =>
            api.call((await endpoints()).login, { body: { username: input.email, password: input.password } }),
          ),
          fetchCurrentUser: fromPromise(async ({ input }: { input: { token: string } }) =>
            api.call((await endpoints()).me, { token: input.token }),
          ),
        },
        actions: {
          persistUser: (_, user) => writeJson(STORAGE_KEYS.user, user),
          clearStoredUser: () => removeKey(STORAGE_KEYS.user),
        },
      }),
      { input: { storedUser: readStoredUser() }, inspect },
    ),
  );

  /** Resolves once the auth actor is signed in (at once if it already is). */
  const signedIn = () =>
    new Promise<void>((resolve) => {
      const subscription = auth.subscribe((snapshot) => {
        if (!snapshot.matches('loggedIn')) return;
        resolve();
        queueMicrotask(() => subscription.unsubscribe());
      });
      if (auth.getSnapshot().matches('loggedIn')) resolve();
    });

  const shell = track(
    'shell',
    appShellMachine,
    createActor(
      appShellMachine.provide({
        // Loaded once someone is signed in: the sign-in page needs none of it, and waiting keeps
        // the contract's schemas out of what a sign-in page visit downloads.
        actors: {
          loadConfig: fromPromise(async () => {
            await signedIn();
            return api.call((await endpoints()).config);
          }),
        },
        actions: { persist: (_, appState) => writeJson(STORAGE_KEYS.appState, appState) },
      }),
      { input: { persisted: readJson(STORAGE_KEYS.appState) ?? {} }, inspect },
    ),
  );

  const notifications = track(
    'notifications',
    notificationsMachine,
    createActor(
      notificationsMachine.provide({
        // The bell's list: the active ones (new and seen), newest first, as many as it holds.
        actors: {
          loadActive: fromPromise<Notification[]>(async () => {
            const page = await api.call((await endpoints()).notifications, {
              query: { status: ACTIVE_NOTIFICATION_STATUSES.join(','), limit: ACTIVE_NOTIFICATIONS_CAP },
            });
            return page.data;
          }),
        },
      }),
      { input: {}, inspect },
    ),
  );

  const queries = track(
    'queries',
    queryClientMachine,
    createActor(
      queryClientMachine.provide({
        actors: {
          query: queryMachine.provide({
            actors: {
              fetchQuery: fromPromise<unknown, FetchQueryInput>(({ input }) =>
                api.call(endpointById(input.endpointId), input.args as CallInput),
              ),
            },
          }),
        },
      }),
      { inspect },
    ),
  );

  const ui = track(
    'ui',
    uiMachine,
    createActor(
      uiMachine.provide({
        actions: {
          persistItem: (_, params: { id: string; value: unknown }) => writeJson(STORAGE_KEYS.uiPrefix + params.id, params.value),
          removePersistedItem: (_, params: { id: string }) => removeKey(STORAGE_KEYS.uiPrefix + params.id),
        },
      }),
      { input: { persisted: readUiItems() }, inspect },
    ),
  );

  let appSocket: ActorRefFrom<typeof socketMachine> | undefined;
  let appSocketOpen = false;
  /** Signed-in screens that follow the app socket (scores, task progress) without owning it. */
  const appSocketWatchers = new Set<AppSocketWatcher>();
  const tellWatchers = (event: AppSocketEvent) => {
    for (const watcher of appSocketWatchers) watcher(event);
  };
  /** Who hears of each notification frame (toasts, the sound); the active list has its own actor. */
  const notificationListeners = new Set<NotificationListener>();
  /** Whether the current sign-in's socket has been open before: a later open is a reconnect. */
  let appSocketWasOpen = false;
  const setAppSocketOpen = (open: boolean) => {
    if (open === appSocketOpen) return;
    appSocketOpen = open;
    // Frames sent while the socket was down are lost: a reconnect reads the active list again.
    if (open && appSocketWasOpen) notifications.send({ type: 'notifications.load' });
    if (open) appSocketWasOpen = true;
    tellWatchers({ type: 'status', open });
  };

  function openAppSocket(token: string) {
    const socket = createActor(
      socketMachine.provide({
        actors: { transport: deps.transport ?? websocketTransport },
        actions: { log: (_, entry) => console[entry.level](`[socket] ${entry.message}`, entry.url) },
      }),
      { input: { url: socketUrl('/api/ws/app', {}, deps.origin), token }, inspect },
    );
    socket.on('auth.unauthorized', () => auth.send({ type: 'auth.unauthorized' }));
    // The live-message schemas load with the first message, after sign-in, so they stay out of
    // the sign-in page's bundle.
    const schemas = import('../../contract/notifications/schemas');
    socket.on('socket.message', ({ message }) => {
      tellWatchers({ type: 'message', message });
      // An admin edited a market's lists: the cached lists are read again by whoever shows them.
      if ((message as { _type?: unknown })._type === 'market_info') queries.send({ type: 'query.invalidate', tags: [MARKET_INFO_TAG] });
      void schemas.then(({ NotificationLiveMessage }) => {
        const notification = NotificationLiveMessage.safeParse(message);
        if (!notification.success) return;
        notifications.send({
          type: 'notification.received',
          event: notification.data.params.event,
          notification: notification.data.data,
        });
        for (const listener of notificationListeners) listener(notification.data.params.event, notification.data.data);
      });
    });
    socket.subscribe((snapshot) => setAppSocketOpen(snapshot.matches('open')));
    track('socket:app', socketMachine, socket);
    socket.start();
    socket.send({ type: 'socket.connect' });
    return socket;
  }

  function closeAppSocket() {
    appSocket?.send({ type: 'socket.disconnect' });
    appSocket?.stop();
    running.delete('socket:app');
    appSocket = undefined;
    setAppSocketOpen(false);
    appSocketWasOpen = false;
  }

  queries.on('auth.unauthorized', () => auth.send({ type: 'auth.unauthorized' }));
  // The shell's daily refresh of market info (the spec's one-day cycle).
  shell.on('shell.refreshMarketInfo', () => queries.send({ type: 'query.invalidate', tags: [MARKET_INFO_TAG] }));

  auth.subscribe((snapshot) => {
    const token = snapshot.context.user?.access_token;
    if (snapshot.matches('loggedIn') && token && !appSocket) {
      appSocket = openAppSocket(token);
      notifications.send({ type: 'notifications.load' });
    } else if (!snapshot.matches('loggedIn') && appSocket) {
      closeAppSocket();
      queries.send({ type: 'query.clear' });
      notifications.send({ type: 'notifications.clear' });
    }
  });

  return {
    api,
    auth,
    shell,
    notifications,
    queries,
    ui,
    inspector,
    appSocket: () => appSocket,
    /**
     * Follows the app socket across sign-ins: every message it receives and whether it is open
     * (told at once, then on each change). Returns the function that stops following.
     */
    watchAppSocket(watcher: AppSocketWatcher): () => void {
      appSocketWatchers.add(watcher);
      watcher({ type: 'status', open: appSocketOpen });
      return () => {
        appSocketWatchers.delete(watcher);
      };
    },
    /** Hears every notification frame of the app socket; returns the function that stops. */
    onNotification(listener: NotificationListener): () => void {
      notificationListeners.add(listener);
      return () => void notificationListeners.delete(listener);
    },
    listActors: (): InspectedActor[] => [...running.values()],
    /**
     * An actor a feature started (the monitoring actor, a market's socket…): listed with the
     * system's own in the visualizer until the returned function drops it.
     */
    adopt(id: string, machine: AnyStateMachine, ref: AnyActorRef): () => void {
      track(id, machine, ref);
      return () => {
        if (running.get(id)?.ref === ref) running.delete(id);
      };
    },
    /** A feature store to stop with the system (`stop()`); returns the undo. */
    onStop(stop: () => void): () => void {
      adoptedStops.add(stop);
      return () => void adoptedStops.delete(stop);
    },
    start() {
      for (const actor of [auth, shell, notifications, queries, ui]) actor.start();
    },
    stop() {
      for (const stop of [...adoptedStops]) stop();
      adoptedStops.clear();
      closeAppSocket();
      for (const actor of [auth, shell, notifications, queries, ui]) actor.stop();
    },
  };
}

export type AppSystem = ReturnType<typeof createAppSystem>;
