import type { Kysely } from 'kysely';
import type { NotificationCategory } from '../../../contract/codes';
import type { Notification } from '../../../contract/notifications/schemas';
import type { Database, NotificationRow } from '../schema';
import { toIso } from './times';

type Db = Kysely<Database>;

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    user_id: row.user_id,
    title: row.title,
    body: row.body,
    status: row.status as Notification['status'],
    priority: row.priority as Notification['priority'],
    category: row.category as NotificationCategory,
    sub_category: row.sub_category,
    portfolio_id: row.portfolio_id,
    market: row.market,
    broker_id: row.broker_id,
    symbol: row.symbol,
    data: row.data === null ? null : (JSON.parse(row.data) as Notification['data']),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    expires_at: row.expires_at === null ? null : toIso(row.expires_at),
  };
}

/** A new notification; status starts at 10 (new). */
export interface NotificationWrite {
  user_id: number;
  title: string;
  body: string;
  priority: Notification['priority'];
  category: NotificationCategory;
  sub_category?: string | null;
  portfolio_id?: number | null;
  market?: string | null;
  broker_id?: string | null;
  symbol?: string | null;
  data?: Record<string, unknown> | null;
  /** Epoch ms; null never expires. */
  expires_at?: number | null;
}

export const notificationsRepository = {
  async insert(db: Db, write: NotificationWrite, now = Date.now()): Promise<Notification> {
    const row = await db
      .insertInto('notifications')
      .values({
        user_id: write.user_id,
        title: write.title,
        body: write.body,
        status: 10,
        priority: write.priority,
        category: write.category,
        sub_category: write.sub_category ?? null,
        portfolio_id: write.portfolio_id ?? null,
        market: write.market ?? null,
        broker_id: write.broker_id ?? null,
        symbol: write.symbol ?? null,
        data: write.data ? JSON.stringify(write.data) : null,
        created_at: now,
        updated_at: now,
        expires_at: write.expires_at ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toNotification(row);
  },
};
