import { assertEvent, assign, setup } from 'xstate';

/**
 * Small pieces of UI state keyed by id (a table's density, a panel's open section…), each
 * optionally remembered under `ui.<id>` in storage. A persisted item stays persisted when set
 * again without saying otherwise; `persist: false` forgets the stored copy.
 */
export interface UiInput {
  /** Items read from storage (`ui.<id>`) by the caller, by id. */
  persisted: Record<string, unknown>;
}

export interface UiContext {
  items: Record<string, unknown>;
  /** The ids whose value is mirrored in storage. */
  persistedIds: string[];
}

export type UiEvent = { type: 'ui.set'; id: string; value: unknown; persist?: boolean } | { type: 'ui.remove'; id: string };

export interface PersistItemParams {
  id: string;
  value: unknown;
}

const withoutKey = (record: Record<string, unknown>, id: string) => Object.fromEntries(Object.entries(record).filter(([key]) => key !== id));

export const uiMachine = setup({
  types: {
    input: {} as UiInput,
    context: {} as UiContext,
    events: {} as UiEvent,
  },
  actions: {
    /** Provided by the caller: write `value` under `ui.<id>`. */
    persistItem: (_, _params: PersistItemParams) => {},
    /** Provided by the caller: remove `ui.<id>`. */
    removePersistedItem: (_, _params: { id: string }) => {},
    setItem: assign({
      items: ({ context, event }) => {
        assertEvent(event, 'ui.set');
        return { ...context.items, [event.id]: event.value };
      },
    }),
    markPersisted: assign({
      persistedIds: ({ context, event }) => {
        assertEvent(event, 'ui.set');
        return context.persistedIds.includes(event.id) ? context.persistedIds : [...context.persistedIds, event.id];
      },
    }),
    unmarkPersisted: assign({
      persistedIds: ({ context, event }) => {
        assertEvent(event, ['ui.set', 'ui.remove']);
        return context.persistedIds.filter((id) => id !== event.id);
      },
    }),
    removeItem: assign({
      items: ({ context, event }) => {
        assertEvent(event, 'ui.remove');
        return withoutKey(context.items, event.id);
      },
    }),
  },
  guards: {
    /** Asked to persist, or already persisted and not asked to stop. */
    persists: ({ context, event }) => {
      assertEvent(event, 'ui.set');
      return event.persist === true || (event.persist === undefined && context.persistedIds.includes(event.id));
    },
    stopsPersisting: ({ context, event }) => {
      assertEvent(event, 'ui.set');
      return event.persist === false && context.persistedIds.includes(event.id);
    },
    isPersisted: ({ context, event }) => {
      assertEvent(event, 'ui.remove');
      return context.persistedIds.includes(event.id);
    },
    hasItem: ({ context, event }) => {
      assertEvent(event, 'ui.remove');
      return event.id in context.items;
    },
  },
}).createMachine({
  id: 'ui',
  context: ({ input }) => ({ items: { ...input.persisted }, persistedIds: Object.keys(input.persisted) }),
  on: {
    'ui.set': [
      {
        guard: 'persists',
        actions: ['setItem', 'markPersisted', { type: 'persistItem', params: ({ event }) => ({ id: event.id, value: event.value }) }],
      },
      {
        guard: 'stopsPersisting',
        actions: ['setItem', 'unmarkPersisted', { type: 'removePersistedItem', params: ({ event }) => ({ id: event.id }) }],
      },
      { actions: 'setItem' },
    ],
    'ui.remove': [
      { guard: 'isPersisted', actions: ['removeItem', 'unmarkPersisted', { type: 'removePersistedItem', params: ({ event }) => ({ id: event.id }) }] },
      { guard: 'hasItem', actions: 'removeItem' },
    ],
  },
});

export type UiMachine = typeof uiMachine;
