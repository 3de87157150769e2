import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { EndpointDef, ResponseOf } from '../../contract/endpoint';
import type { CallInput } from '../services/apiClient';
import type { appShellMachine } from '../machines/appShellMachine';
import type { authMachine } from '../machines/authMachine';
import { mutationMachine } from '../machines/mutationMachine';
import type { notificationsMachine } from '../machines/notificationsMachine';
import type { AppSystem } from './appSystem';
import { registerEndpoint } from './endpointRegistry';

export const AppSystemContext = createContext<AppSystem | null>(null);

export function useAppSystem(): AppSystem {
  const system = useContext(AppSystemContext);
  if (!system) throw new Error('useAppSystem outside <AppSystemContext.Provider>');
  return system;
}

export const useAuthRef = () => useAppSystem().auth;
export const useShellRef = () => useAppSystem().shell;

export function useAuthSelector<T>(selector: (snapshot: SnapshotFrom<typeof authMachine>) => T): T {
  return useSelector(useAppSystem().auth, selector);
}

export function useShellSelector<T>(selector: (snapshot: SnapshotFrom<typeof appShellMachine>) => T): T {
  return useSelector(useAppSystem().shell, selector);
}

export function useNotificationsSelector<T>(selector: (snapshot: SnapshotFrom<typeof notificationsMachine>) => T): T {
  return useSelector(useAppSystem().notifications, selector);
}

/** The cache key of a call: the endpoint and its arguments. */
export const queryKey = (endpoint: EndpointDef, args: CallInput) => `${endpoint.id}:${JSON.stringify(args)}`;

export interface QueryOptions {
  retentionMs?: number;
  refetchOnFocus?: boolean;
  tags?: string[];
}

export interface QueryView<T> {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  refetch: () => void;
}

/** Subscribes to a cached query (one actor per key in the query client) while mounted. */
export function useQuery<E extends EndpointDef>(endpoint: E, args: CallInput, options: QueryOptions = {}): QueryView<ResponseOf<E>> {
  const { queries } = useAppSystem();
  const key = queryKey(endpoint, args);
  const tagsKey = (options.tags ?? []).join(',');
  useEffect(() => {
    registerEndpoint(endpoint);
    queries.send({
      type: 'query.subscribe',
      key,
      endpointId: endpoint.id,
      args: args as Record<string, unknown>,
      retentionMs: options.retentionMs,
      refetchOnFocus: options.refetchOnFocus,
      tags: tagsKey ? tagsKey.split(',') : [],
    });
    return () => queries.send({ type: 'query.unsubscribe', key });
    // `args` is represented by `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queries, key, endpoint, options.retentionMs, options.refetchOnFocus, tagsKey]);
  const query = useSelector(queries, (s) => s.context.queries[key]);
  const data = useSelector(query, (s) => s?.context.data) as ResponseOf<E> | undefined;
  const error = useSelector(query, (s) => s?.context.error ?? null);
  const isLoading = useSelector(query, (s) => (s ? s.hasTag('loading') : true));
  return { data, error, isLoading, refetch: () => query?.send({ type: 'query.refetch' }) };
}

/** A form submission through the mutation machine; on success the given tags refetch. */
export function useMutation<E extends EndpointDef>(endpoint: E, options: { invalidates?: string[] } = {}) {
  const { api, queries } = useAppSystem();
  const logic = useMemo(
    () =>
      mutationMachine.provide({
        actors: {
          submit: fromPromise<unknown, unknown>(async ({ input }) => api.call(endpoint, input as CallInput)),
        },
      }),
    [api, endpoint],
  );
  const actor = useActorRef(logic);
  // Invalidated once the form has its success (not before: a refetch finishing first would
  // re-render, or unmount, the form while it still thinks it is submitting).
  const tags = (options.invalidates ?? []).join(',');
  useEffect(() => {
    if (!tags) return undefined;
    let succeeded = actor.getSnapshot().matches('succeeded');
    const subscription = actor.subscribe((snapshot) => {
      const now = snapshot.matches('succeeded');
      if (now && !succeeded) queries.send({ type: 'query.invalidate', tags: tags.split(',') });
      succeeded = now;
    });
    return () => subscription.unsubscribe();
  }, [actor, queries, tags]);
  const submitting = useSelector(actor, (s) => s.hasTag('loading'));
  const succeeded = useSelector(actor, (s) => s.matches('succeeded'));
  const error = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : null));
  const result = useSelector(actor, (s) => s.context.result) as ResponseOf<E> | null;
  return {
    submit: (payload: CallInput) => actor.send({ type: 'mutation.submit', payload }),
    reset: () => actor.send({ type: 'mutation.reset' }),
    submitting,
    succeeded,
    error,
    result,
  };
}
