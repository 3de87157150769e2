import { createActor, type ActorRefFrom } from 'xstate';
import { ScoreLiveMessage } from '../../contract/live/appSocket';
import { TaskLiveMessage } from '../../contract/system/tasks';
import { liveSignalsMachine } from '../machines/liveSignalsMachine';
import type { AppSystem } from './appSystem';
import { signalsTags } from './signalsEndpoints';

/**
 * Routes the app socket's `score` and `task` messages to the live-signals actor, one per app
 * system: the signals board, the dashboard's newest signals and the backtest's progress bar all
 * read it. Signing out empties it; a reconnect after a drop refetches the score reads, since
 * frames sent while the socket was down are gone.
 *
 * Loaded only by signed-in screens (lazy chunks), so none of it reaches the sign-in page.
 */

export type LiveSignalsActor = ActorRefFrom<typeof liveSignalsMachine>;

export function createSignalsLive(system: AppSystem) {
  const actor = createActor(liveSignalsMachine, { input: {}, inspect: system.inspector.inspect });
  const drop = system.adopt('liveSignals', liveSignalsMachine, actor);
  actor.start();

  const resync = actor.on('signals.resync', () => system.queries.send({ type: 'query.invalidate', tags: [signalsTags.scores] }));

  const stopWatching = system.watchAppSocket((event) => {
    if (event.type === 'status') {
      actor.send({ type: event.open ? 'signals.connected' : 'signals.disconnected' });
      return;
    }
    const type = (event.message as { _type?: unknown } | null)?._type;
    if (type === 'score') {
      const parsed = ScoreLiveMessage.safeParse(event.message);
      if (parsed.success) actor.send({ type: 'signals.scores', scores: parsed.data.data.scores, signals: parsed.data.data.signals });
    } else if (type === 'task') {
      const parsed = TaskLiveMessage.safeParse(event.message);
      if (parsed.success) actor.send({ type: 'signals.task', task: parsed.data.data });
    }
  });

  const signedIn = () => system.auth.getSnapshot().matches('loggedIn');
  let wasSignedIn = signedIn();
  const authWatch = system.auth.subscribe(() => {
    const now = signedIn();
    if (wasSignedIn && !now) actor.send({ type: 'signals.clear' });
    wasSignedIn = now;
  });

  const undoOnStop = system.onStop(() => store.stop());
  const store = {
    actor,
    stop() {
      undoOnStop();
      stopWatching();
      resync.unsubscribe();
      authWatch.unsubscribe();
      actor.stop();
      drop();
    },
  };
  return store;
}

export type SignalsLive = ReturnType<typeof createSignalsLive>;

const stores = new WeakMap<AppSystem, SignalsLive>();

/** The system's live-signals store, created on first use. */
export function signalsLiveOf(system: AppSystem): SignalsLive {
  let store = stores.get(system);
  if (!store) {
    store = createSignalsLive(system);
    stores.set(system, store);
  }
  return store;
}
