import type { AnyActorRef, AnyStateMachine, InspectionEvent } from 'xstate';

/** A running actor the statechart visualizer can draw: its machine definition and its ref. */
export interface InspectedActor {
  /** Stable name: `auth`, `shell`, `notifications`, `queries`, `ui`, `socket:app`, `query:<key>`… */
  id: string;
  machine: AnyStateMachine;
  ref: AnyActorRef;
}

export interface RecordedEvent {
  actorId: string;
  /** The event's type (`auth.login`, `xstate.done.actor.login`…). */
  type: string;
  at: number;
}

const KEEP_PER_ACTOR = 50;

/**
 * Watches the actors through XState's inspection API and keeps each one's recent events, so the
 * visualizer can list them live. Pass `inspect` to `createActor(…, { inspect })`.
 */
export function createInspector() {
  const events = new Map<string, RecordedEvent[]>();
  const names = new Map<string, string>();
  const listeners = new Set<() => void>();

  return {
    /** Names the actor with this session id as `id` in the recordings. */
    name(ref: AnyActorRef, id: string) {
      names.set(ref.sessionId, id);
    },
    inspect(event: InspectionEvent) {
      if (event.type !== '@xstate.event') return;
      const actorId = names.get(event.actorRef.sessionId);
      if (!actorId) return;
      const list = events.get(actorId) ?? [];
      list.push({ actorId, type: event.event.type, at: Date.now() });
      if (list.length > KEEP_PER_ACTOR) list.splice(0, list.length - KEEP_PER_ACTOR);
      events.set(actorId, list);
      for (const listener of listeners) listener();
    },
    recent(actorId: string): readonly RecordedEvent[] {
      return events.get(actorId) ?? [];
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Inspector = ReturnType<typeof createInspector>;
