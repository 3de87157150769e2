import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  ReadLastScoresQuery,
  ReadScoreQuery,
  ReadSymbolScoreHistoryQuery,
  Score,
  ScoreList,
} from '../../../contract/signals/scores';
import { scoresRepository, toScore, type ScoreWrite } from '../../store/repositories/scores';
import { signalsRepository, type SignalWrite } from '../../store/repositories/signals';
import type { SubscriptionFilter, SubscriptionWithName } from '../../store/repositories/subscriptions';
import type { Database, ScoreRow } from '../../store/schema';
import type { PortfoliosService } from '../portfolios/portfoliosService';
import { rankLatest } from './scoreRanking';
import type { SubscriptionsService } from './subscriptionsService';

type Db = Kysely<Database>;

/** Filters every score read shares (see the contract's ScoreFilters). */
type CommonFilters = Pick<
  z.output<typeof ReadLastScoresQuery>,
  'portfolio_id' | 'subscription_id' | 'strategy_id' | 'strategy_timeframe' | 'timeframe' | 'market'
>;

/**
 * Scores and signals: what the live engine writes (idempotently) and the three reads of the
 * portfolio manager. Only the caller's own subscriptions are ever read; with `portfolio_id`, only
 * those linked to that portfolio (which must be the caller's: 404 otherwise).
 */
export function createScoresService(deps: { db: Db; subscriptions: SubscriptionsService; portfolios: PortfoliosService }) {
  const { db, subscriptions, portfolios } = deps;

  /** The caller's subscriptions the filters leave; a named subscription or portfolio not theirs is a 404. */
  async function scope(userId: number, filters: CommonFilters): Promise<SubscriptionWithName[]> {
    if (filters.portfolio_id !== undefined) await portfolios.owned(userId, filters.portfolio_id);
    if (filters.subscription_id !== undefined) await subscriptions.owned(userId, filters.subscription_id);
    const filter: SubscriptionFilter = {
      ...(filters.subscription_id !== undefined ? { ids: [filters.subscription_id] } : {}),
      ...(filters.portfolio_id !== undefined ? { portfolioId: filters.portfolio_id } : {}),
    };
    return subscriptions.ofOwner(userId, filter);
  }

  const seriesOf = (
    subscriptionId: number,
    query: CommonFilters & { market: string; symbol: string },
    scoreType: string | undefined,
  ) => ({
    subscriptionId,
    market: query.market,
    symbol: query.symbol,
    ...(scoreType !== undefined ? { scoreType } : {}),
    ...(query.timeframe !== undefined ? { timeframe: query.timeframe } : {}),
    ...(query.strategy_id !== undefined ? { strategyId: query.strategy_id } : {}),
    ...(query.strategy_timeframe !== undefined ? { strategyTimeframe: query.strategy_timeframe } : {}),
  });

  return {
    /** The newest score at or before `timestamp` (or the newest); null when there is none yet. */
    async readScore(userId: number, query: z.output<typeof ReadScoreQuery>): Promise<Score | null> {
      const [subscription] = await scope(userId, query);
      if (!subscription) return null; // not linked to the named portfolio
      const row = await scoresRepository.newestAtOrBefore(db, { ...seriesOf(subscription.id, query, query.score_type), scoreType: query.score_type }, query.timestamp);
      return row ? toScore(row) : null;
    },

    /** The signals board: the newest score of each symbol of the caller's subscriptions, ranked and paged. */
    async readLastScores(userId: number, query: z.output<typeof ReadLastScoresQuery>): Promise<ScoreList> {
      const subs = await scope(userId, query);
      const wanted = query.score_type === '*' ? undefined : [query.score_type];
      // Listing needs each symbol's total even when another score type is asked for.
      const scoreTypes = wanted && query.listed_only && !wanted.includes('total') ? [...wanted, 'total'] : wanted;
      const rows = await scoresRepository.latest(db, {
        subscriptionIds: subs.map((s) => s.id),
        ...(query.market !== undefined ? { market: query.market } : {}),
        ...(query.symbols !== undefined ? { symbols: query.symbols } : {}),
        ...(scoreTypes !== undefined ? { scoreTypes } : {}),
        ...(query.timeframe !== undefined ? { timeframe: query.timeframe } : {}),
        ...(query.strategy_id !== undefined ? { strategyId: query.strategy_id } : {}),
        ...(query.strategy_timeframe !== undefined ? { strategyTimeframe: query.strategy_timeframe } : {}),
        ...(query.since !== undefined ? { since: query.since } : {}),
      });
      const levels = new Map(subs.map((s) => [s.id, s.listing_level]));
      const ranked = rankLatest(rows, { wanted, listedOnly: query.listed_only, levels, sort: query.sort });
      return { data: ranked.slice(query.skip, query.skip + query.limit).map(toScore), count: ranked.length };
    },

    /** A symbol's scores over a time range, oldest first. */
    async readHistory(userId: number, query: z.output<typeof ReadSymbolScoreHistoryQuery>): Promise<ScoreList> {
      const [subscription] = await scope(userId, query);
      if (!subscription) return { data: [], count: 0 };
      const scoreType = query.score_type === '*' ? undefined : query.score_type;
      const rows: ScoreRow[] = await scoresRepository.history(db, seriesOf(subscription.id, query, scoreType), {
        from: query.from_timestamp,
        to: query.to_timestamp,
        limit: query.limit,
      });
      return { data: rows.map(toScore), count: rows.length };
    },

    // ---- what the live engine calls

    /** Stores a batch of scores; a score already stored (same key) is kept as it was. */
    insertScores: (batch: readonly ScoreWrite[]) => scoresRepository.insertScores(db, batch),
    /** Close time of the last scored candle of a symbol, where scoring resumes after a restart. */
    lastScoredTime: (subscriptionId: number, market: string, symbol: string) =>
      scoresRepository.lastScoredTime(db, subscriptionId, market, symbol),
    /** Records a signal once per subscription, symbol and candle; `created: false` when it already was. */
    insertSignal: (signal: SignalWrite) => signalsRepository.insertSignal(db, signal),
    /** Records the signal's notification and what it did in each linked portfolio. */
    setSignalOutcome: (id: number, outcome: Parameters<typeof signalsRepository.setOutcome>[2]) =>
      signalsRepository.setOutcome(db, id, outcome),
  };
}

export type ScoresService = ReturnType<typeof createScoresService>;
