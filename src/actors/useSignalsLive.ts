import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { Score } from '../../contract/signals/scores';
import type { liveSignalsMachine, LiveScore } from '../machines/liveSignalsMachine';
import { useAppSystem, useQuery } from './hooks';
import { signalsApi, signalsTags } from './signalsEndpoints';
import { signalsLiveOf, type LiveSignalsActor } from './signalsLive';

export function useLiveSignalsRef(): LiveSignalsActor {
  return signalsLiveOf(useAppSystem()).actor;
}

export function useLiveSignalsSelector<T>(selector: (snapshot: SnapshotFrom<typeof liveSignalsMachine>) => T): T {
  return useSelector(useLiveSignalsRef(), selector);
}

export type LiveStatus = 'live' | 'stale' | 'waiting';

/** Whether scores on screen follow the engine, are the last known ones, or the socket is not open yet. */
export function useLiveStatus(): LiveStatus {
  return useLiveSignalsSelector((s) => (s.hasTag('live') ? 'live' : s.hasTag('stale') ? 'stale' : 'waiting'));
}

export function useLiveTotals(): Record<string, LiveScore> {
  return useLiveSignalsSelector((s) => s.context.totals);
}

const EMPTY: Score[] = [];

/**
 * The newest total score of every subscription × symbol, read once (and again after a reconnect
 * or a change of subscriptions) and merged into the live store, which the socket keeps current.
 */
export function useLastScores(query: { listed_only?: boolean; sort?: 'strength' | 'newest' | 'symbol'; limit?: number } = {}) {
  const actor = useLiveSignalsRef();
  const read = useQuery(
    signalsApi.readLastScores,
    { query: { score_type: 'total', limit: 10_000, ...query } },
    { tags: [signalsTags.scores, signalsTags.subscriptions] },
  );
  const scores = read.data?.data ?? EMPTY;
  useEffect(() => {
    if (scores.length) actor.send({ type: 'signals.seed', scores });
  }, [actor, scores]);
  return { isLoading: read.isLoading && !read.data, error: read.error, refetch: read.refetch };
}
