import { createActor, type ActorRefFrom } from 'xstate';
import { LivePriceServerMessage } from '../../contract/market/live';
import { monitoringMachine } from '../machines/monitoringMachine';
import { socketMachine } from '../machines/socketMachine';
import { socketUrl } from '../services/socketTransport';
import type { AppSystem } from './appSystem';
import { websocketTransport } from './websocketTransport';

/**
 * The live side of the markets: one monitoring actor per app system, and one live_price socket
 * actor per market some screen is watching (counted, so the markets screen and the dashboard
 * widget share one connection). The most recently watched market is the selected one; frames of
 * the selected market's socket become monitoring events. Signing out closes every market socket
 * and clears monitoring; signing in again reopens the ones still watched.
 *
 * Loaded only by signed-in screens (lazy chunks), so none of it reaches the sign-in page.
 */

type MarketSocket = ActorRefFrom<typeof socketMachine>;

export interface MarketFeedOptions {
  /** The websocket behind the socket actors; tests pass a fake they drive. */
  transport?: typeof websocketTransport;
  origin?: string;
}

export function createMarketFeed(system: AppSystem, options: MarketFeedOptions = {}) {
  const monitoring = createActor(monitoringMachine, { input: {}, inspect: system.inspector.inspect });
  const dropMonitoring = system.adopt('monitoring', monitoringMachine, monitoring);
  monitoring.start();

  /** Who watches which market, most recent last. */
  const watchers: { id: number; market: string }[] = [];
  const sockets = new Map<string, { socket: MarketSocket; stop: () => void }>();
  let nextId = 1;
  let selected: string | null = null;

  const token = () => {
    const auth = system.auth.getSnapshot();
    return auth.matches('loggedIn') ? (auth.context.user?.access_token ?? null) : null;
  };

  function open(market: string, accessToken: string) {
    const url = socketUrl(`/api/ws/market/${encodeURIComponent(market)}/live_price`, { initialize_market: 'true' }, options.origin);
    const socket = createActor(
      socketMachine.provide({
        actors: { transport: options.transport ?? websocketTransport },
        actions: { log: (_, entry) => console[entry.level](`[socket] ${entry.message}`, entry.url) },
      }),
      { input: { url, token: accessToken }, inspect: system.inspector.inspect },
    );
    const drop = system.adopt(`socket:market:${market}`, socketMachine, socket);
    const unauthorized = socket.on('auth.unauthorized', () => system.auth.send({ type: 'auth.unauthorized' }));
    const frames = socket.on('socket.message', ({ message }) => {
      const parsed = LivePriceServerMessage.safeParse(message);
      if (!parsed.success) return;
      const frame = parsed.data;
      if (frame._type === 'snapshot') monitoring.send({ type: 'monitoring.snapshot', market, items: frame.data });
      else if (frame._type === 'prices') monitoring.send({ type: 'monitoring.prices', market, items: frame.data });
    });
    let wasOpen = false;
    const states = socket.subscribe((snapshot) => {
      const isOpen = snapshot.matches('open');
      if (wasOpen && !isOpen) monitoring.send({ type: 'monitoring.disconnected', market });
      wasOpen = isOpen;
    });
    socket.start();
    socket.send({ type: 'socket.connect' });
    sockets.set(market, {
      socket,
      stop: () => {
        unauthorized.unsubscribe();
        frames.unsubscribe();
        states.unsubscribe();
        socket.send({ type: 'socket.disconnect' });
        socket.stop();
        drop();
      },
    });
  }

  function close(market: string) {
    sockets.get(market)?.stop();
    sockets.delete(market);
  }

  /** Opens what is watched and closes what is not; selects the newest watched market. */
  function reconcile() {
    const accessToken = token();
    const wanted = new Set(accessToken ? watchers.map((w) => w.market) : []);
    const alreadyOpen = new Set(sockets.keys());
    for (const market of [...sockets.keys()]) if (!wanted.has(market)) close(market);
    for (const market of wanted) if (!sockets.has(market)) open(market, accessToken!);
    const next = accessToken ? (watchers.at(-1)?.market ?? null) : null;
    if (next && next !== selected && alreadyOpen.has(next) && monitoring.getSnapshot().context.market !== next) {
      // Monitoring forgets a market it stops selecting; its socket sends a snapshot only when it opens.
      close(next);
      open(next, accessToken!);
    }
    selected = next;
    if (next) monitoring.send({ type: 'monitoring.select', market: next });
  }

  // Ends with the system (its stop() closes every market socket).
  const undoOnStop = system.onStop(() => feed.stop());

  let signedIn = token() !== null;
  const authWatch = system.auth.subscribe(() => {
    const now = token() !== null;
    if (now === signedIn) return;
    signedIn = now;
    if (!now) monitoring.send({ type: 'monitoring.clear' });
    reconcile();
  });

  const feed = {
    monitoring,
    /** Starts watching a market's live prices; the returned function stops watching. */
    watch(market: string): () => void {
      const id = nextId++;
      watchers.push({ id, market });
      reconcile();
      return () => {
        const index = watchers.findIndex((w) => w.id === id);
        if (index !== -1) watchers.splice(index, 1);
        reconcile();
      };
    },
    /** The socket actor of a market, while it is watched. */
    socketOf: (market: string): MarketSocket | undefined => sockets.get(market)?.socket,
    stop() {
      undoOnStop();
      authWatch.unsubscribe();
      watchers.splice(0);
      for (const market of [...sockets.keys()]) close(market);
      monitoring.stop();
      dropMonitoring();
    },
  };
  return feed;
}

export type MarketFeed = ReturnType<typeof createMarketFeed>;

const feeds = new WeakMap<AppSystem, MarketFeed>();

/** Gives a system its feed before first use (tests: a fake transport). */
export function installMarketFeed(system: AppSystem, options: MarketFeedOptions = {}): MarketFeed {
  feeds.get(system)?.stop();
  const feed = createMarketFeed(system, options);
  feeds.set(system, feed);
  return feed;
}

/** The system's feed, created with the real websocket on first use. */
export function marketFeedOf(system: AppSystem): MarketFeed {
  return feeds.get(system) ?? installMarketFeed(system);
}
