import { useCallback, useSyncExternalStore } from 'react';
import { useAppSystem } from '../../actors/hooks';
import type { InspectedActor, Inspector } from '../../actors/inspector';
import { StatechartsView } from '../statecharts/StatechartsView';

/** `/dev/statecharts`: every running actor's machine, drawn live (lazy: its code loads on demand). */
export default function StatechartsPage() {
  const system = useAppSystem();
  const actors = useRunningActors(system);
  return <StatechartsView actors={actors} inspector={system.inspector} />;
}

/**
 * The system's actors, re-read when the set of ids changes (sockets open and close with the
 * session); the inspector's notifications are the moment to look.
 */
function useRunningActors(system: { listActors(): InspectedActor[]; inspector: Pick<Inspector, 'subscribe'> }): InspectedActor[] {
  const subscribe = useCallback((onChange: () => void) => system.inspector.subscribe(onChange), [system]);
  const ids = useCallback(() => system.listActors().map((actor) => actor.id).join('\n'), [system]);
  useSyncExternalStore(subscribe, ids, ids);
  return system.listActors();
}
