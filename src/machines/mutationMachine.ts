import { assertEvent, assign, fromPromise, setup } from 'xstate';

/**
 * One form submission at a time (sign-up, saving the profile, changing the password):
 * idle → submitting → succeeded | failed, and back to submitting on the next submit. The call
 * itself is the `submit` actor the caller provides, so views never fetch.
 */
export interface MutationContext {
  result: unknown;
  error: unknown;
}

export type MutationEvent = { type: 'mutation.submit'; payload: unknown } | { type: 'mutation.reset' };

export const mutationMachine = setup({
  types: {
    context: {} as MutationContext,
    events: {} as MutationEvent,
  },
  actors: {
    // Replaced by the caller with the real call; the default refuses so a missing provide is loud.
    submit: fromPromise<unknown, unknown>(async () => {
      throw new Error('mutationMachine: provide a `submit` actor');
    }),
  },
}).createMachine({
  id: 'mutation',
  initial: 'idle',
  context: { result: null, error: null },
  states: {
    idle: { on: { 'mutation.submit': 'submitting' } },
    submitting: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ event }: { event: MutationEvent }) => {
          assertEvent(event, 'mutation.submit');
          return event.payload;
        },
        onDone: { target: 'succeeded', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    succeeded: { on: { 'mutation.submit': 'submitting', 'mutation.reset': 'idle' } },
    failed: { on: { 'mutation.submit': 'submitting', 'mutation.reset': 'idle' } },
  },
});
