import type { Kysely } from 'kysely';
import type { OrderSide, Timeframe } from '../../../contract/codes';
import type { Signal, SignalOrder } from '../../../contract/signals/scores';
import type { Database, SignalRow } from '../schema';
import { toIso } from './times';

type Db = Kysely<Database>;

export function toSignal(row: SignalRow): Signal {
  return {
    id: row.id,
    subscription_id: row.subscription_id,
    strategy_id: row.strategy_id,
    strategy_version: row.strategy_version,
    market: row.market,
    symbol: row.symbol,
    timeframe: row.timeframe as Timeframe,
    side: row.side as OrderSide,
    score: row.score,
    level: row.level,
    price: row.price,
    timestamp: row.timestamp,
    notification_id: row.notification_id,
    orders: JSON.parse(row.orders) as SignalOrder[],
    created_at: toIso(row.created_at),
  };
}

/** A signal as the live engine records it; what becomes of it (notification, orders) is added after. */
export interface SignalWrite {
  user_id: number;
  subscription_id: number;
  strategy_id: number;
  strategy_version: number;
  market: string;
  symbol: string;
  timeframe: Timeframe;
  side: OrderSide;
  score: number;
  level: number;
  /** Decimal string: the candle's close. */
  price: string;
  /** Close time of the candle, ms. */
  timestamp: number;
}

/** The columns a chart mark needs. */
export type MarkSignalRow = Pick<
  SignalRow,
  'id' | 'subscription_id' | 'strategy_id' | 'timeframe' | 'side' | 'score' | 'timestamp' | 'notification_id'
> & {
  /** null once the strategy is deleted (a subscription may have moved to another one). */
  strategy_name: string | null;
  /** Status of the signal's notification; null when it has none (or it was deleted). */
  notification_status: number | null;
};

/** Signals: score crossings, once per subscription, symbol and candle. */
export const signalsRepository = {
  /**
   * Records a signal unless this subscription already has one for this symbol and candle.
   * `created` tells the engine whether to notify and place orders, so a restart that scores the
   * same candle again repeats nothing.
   */
  async insertSignal(db: Db, signal: SignalWrite, now = Date.now()): Promise<{ signal: Signal; created: boolean }> {
    const inserted = await db
      .insertInto('signals')
      .values({ ...signal, notification_id: null, orders: '[]', created_at: now })
      .onConflict((oc) => oc.columns(['subscription_id', 'market', 'symbol', 'timestamp']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { signal: toSignal(inserted), created: true };
    const existing = await db
      .selectFrom('signals')
      .selectAll()
      .where('subscription_id', '=', signal.subscription_id)
      .where('market', '=', signal.market)
      .where('symbol', '=', signal.symbol)
      .where('timestamp', '=', signal.timestamp)
      .executeTakeFirstOrThrow();
    return { signal: toSignal(existing), created: false };
  },

  /** Records the notification sent for the signal and what it did in each linked portfolio. */
  async setOutcome(db: Db, id: number, outcome: { notification_id?: number | null; orders?: SignalOrder[] }) {
    const change: { notification_id?: number | null; orders?: string } = {};
    if (outcome.notification_id !== undefined) change.notification_id = outcome.notification_id;
    if (outcome.orders !== undefined) change.orders = JSON.stringify(outcome.orders);
    if (Object.keys(change).length === 0) return;
    await db.updateTable('signals').set(change).where('id', '=', id).execute();
  },

  async findById(db: Db, id: number) {
    const row = await db.selectFrom('signals').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toSignal(row) : undefined;
  },

  /** The user's signals on a symbol since `from`, newest first, at most `limit`. */
  forMarks(db: Db, read: { userId: number; market: string; symbol: string; from: number; limit: number }): Promise<MarkSignalRow[]> {
    return db
      .selectFrom('signals')
      .leftJoin('strategies', 'strategies.id', 'signals.strategy_id')
      .leftJoin('notifications', 'notifications.id', 'signals.notification_id')
      .select([
        'signals.id',
        'signals.subscription_id',
        'signals.strategy_id',
        'signals.timeframe',
        'signals.side',
        'signals.score',
        'signals.timestamp',
        'signals.notification_id',
        'strategies.name as strategy_name',
        'notifications.status as notification_status',
      ])
      .where('signals.user_id', '=', read.userId)
      .where('signals.market', '=', read.market)
      .where('signals.symbol', '=', read.symbol)
      .where('signals.timestamp', '>=', read.from)
      .orderBy('signals.timestamp', 'desc')
      .orderBy('signals.id', 'desc')
      .limit(read.limit)
      .execute();
  },
};
