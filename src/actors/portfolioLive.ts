import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { createActor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { PortfolioServerMessage } from '../../contract/portfolio/socket';
import { portfolioLiveMachine } from '../machines/portfolioLiveMachine';
import { socketMachine } from '../machines/socketMachine';
import { socketUrl } from '../services/socketTransport';
import type { AppSystem } from './appSystem';
import { useAppSystem } from './hooks';
import { portfolioTags } from './portfolioEndpoints';
import { websocketTransport } from './websocketTransport';

/**
 * One `/api/ws/portfolio/{id}` socket per portfolio some screen is watching (counted, so the
 * screen's panels share one connection), feeding a portfolio-live actor. Every data message also
 * refetches the reads it makes stale (balances, ledger and history on `balance`; orders on
 * `order`; the list and the portfolio on `portfolio`), and a reconnect after a drop refetches all
 * of them. Signing out closes every socket. Loaded only by the portfolio screens (lazy chunks).
 */

export type PortfolioLiveActor = ActorRefFrom<typeof portfolioLiveMachine>;

export interface PortfolioLiveOptions {
  /** The websocket behind the socket actors; tests pass a fake they drive. */
  transport?: typeof websocketTransport;
  origin?: string;
}

interface Entry {
  count: number;
  live: PortfolioLiveActor;
  closeSocket: () => void;
  openSocket: (token: string) => void;
  stop: () => void;
}

export function createPortfolioLive(system: AppSystem, options: PortfolioLiveOptions = {}) {
  const entries = new Map<number, Entry>();
  const token = () => {
    const auth = system.auth.getSnapshot();
    return auth.matches('loggedIn') ? (auth.context.user?.access_token ?? null) : null;
  };
  const invalidate = (tags: string[]) => system.queries.send({ type: 'query.invalidate', tags });

  function create(id: number): Entry {
    const live = createActor(portfolioLiveMachine, { input: { portfolioId: id }, inspect: system.inspector.inspect });
    system.inspector.name(live, `portfolioLive:${id}`);
    live.start();
    const changed = live.on('portfolio.changed', ({ what }) => {
      if (what === 'balance') invalidate([portfolioTags.balances(id), portfolioTags.one(id), portfolioTags.list]);
      else if (what === 'order') invalidate([portfolioTags.orders(id), portfolioTags.one(id)]);
      else invalidate([portfolioTags.one(id), portfolioTags.list]);
    });
    const resync = live.on('portfolio.resync', () =>
      invalidate([portfolioTags.one(id), portfolioTags.balances(id), portfolioTags.orders(id), portfolioTags.extras(id), portfolioTags.list]),
    );
    let socket: ActorRefFrom<typeof socketMachine> | null = null;
    let socketSubs: { unsubscribe: () => void }[] = [];
    const closeSocket = () => {
      for (const sub of socketSubs) sub.unsubscribe();
      socketSubs = [];
      if (socket) {
        socket.send({ type: 'socket.disconnect' });
        socket.stop();
        live.send({ type: 'portfolio.disconnected' });
      }
      socket = null;
    };
    const openSocket = (accessToken: string) => {
      if (socket) return;
      const url = socketUrl(`/api/ws/portfolio/${id}`, {}, options.origin);
      const actor = createActor(
        socketMachine.provide({
          actors: { transport: options.transport ?? websocketTransport },
          actions: { log: (_, entry) => console[entry.level](`[socket] ${entry.message}`, entry.url) },
        }),
        { input: { url, token: accessToken }, inspect: system.inspector.inspect },
      );
      system.inspector.name(actor, `socket:portfolio:${id}`);
      socketSubs.push(actor.on('auth.unauthorized', () => system.auth.send({ type: 'auth.unauthorized' })));
      socketSubs.push(
        actor.on('socket.message', ({ message }) => {
          const parsed = PortfolioServerMessage.safeParse(message);
          if (!parsed.success) return;
          const frame = parsed.data;
          if (frame._type === 'balance') live.send({ type: 'portfolio.balance', change: frame.data });
          else if (frame._type === 'order') live.send({ type: 'portfolio.order', order: frame.data });
          else if (frame._type === 'portfolio') live.send({ type: 'portfolio.detail', portfolio: frame.data, reason: frame.params.reason });
        }),
      );
      let wasOpen = false;
      socketSubs.push(
        actor.subscribe((snapshot) => {
          const isOpen = snapshot.matches('open');
          if (isOpen && !wasOpen) live.send({ type: 'portfolio.connected' });
          if (wasOpen && !isOpen) live.send({ type: 'portfolio.disconnected' });
          wasOpen = isOpen;
        }),
      );
      socket = actor;
      actor.start();
      actor.send({ type: 'socket.connect' });
    };
    return {
      count: 0,
      live,
      closeSocket,
      openSocket,
      stop() {
        changed.unsubscribe();
        resync.unsubscribe();
        closeSocket();
        live.stop();
      },
    };
  }

  const entryOf = (id: number) => {
    let entry = entries.get(id);
    if (!entry) {
      entry = create(id);
      entries.set(id, entry);
    }
    return entry;
  };

  // Signing out closes every socket and forgets what they pushed; signing in reopens the watched ones.
  let signedIn = token() !== null;
  const authWatch = system.auth.subscribe(() => {
    const now = token();
    if ((now !== null) === signedIn) return;
    signedIn = now !== null;
    for (const entry of entries.values()) {
      entry.closeSocket();
      if (now && entry.count > 0) entry.openSocket(now);
      if (!now) entry.live.send({ type: 'portfolio.clear' });
    }
  });

  return {
    /** The live actor of a portfolio (kept while the system lives, so screens can select from it at once). */
    actorOf: (id: number): PortfolioLiveActor => entryOf(id).live,
    /** Opens the portfolio's socket while watched; the returned function stops watching. */
    watch(id: number): () => void {
      const entry = entryOf(id);
      entry.count++;
      const accessToken = token();
      if (accessToken) entry.openSocket(accessToken);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        entry.count--;
        if (entry.count === 0) entry.closeSocket();
      };
    },
    stop() {
      authWatch.unsubscribe();
      for (const entry of entries.values()) entry.stop();
      entries.clear();
    },
  };
}

export type PortfolioLive = ReturnType<typeof createPortfolioLive>;

const stores = new WeakMap<AppSystem, PortfolioLive>();

/** Gives a system its portfolio sockets before first use (tests: a fake transport). */
export function installPortfolioLive(system: AppSystem, options: PortfolioLiveOptions = {}): PortfolioLive {
  stores.get(system)?.stop();
  const store = createPortfolioLive(system, options);
  stores.set(system, store);
  return store;
}

export function portfolioLiveOf(system: AppSystem): PortfolioLive {
  return stores.get(system) ?? installPortfolioLive(system);
}

/** Watches a portfolio's socket while mounted and returns its live actor. */
export function usePortfolioLiveRef(id: number): PortfolioLiveActor {
  const store = portfolioLiveOf(useAppSystem());
  useEffect(() => store.watch(id), [store, id]);
  return store.actorOf(id);
}

export type PortfolioLiveStatus = 'live' | 'stale' | 'waiting';

export function usePortfolioLiveSelector<T>(live: PortfolioLiveActor, selector: (s: SnapshotFrom<typeof portfolioLiveMachine>) => T): T {
  return useSelector(live, selector);
}

export function portfolioLiveStatus(s: SnapshotFrom<typeof portfolioLiveMachine>): PortfolioLiveStatus {
  return s.hasTag('live') ? 'live' : s.hasTag('stale') ? 'stale' : 'waiting';
}
