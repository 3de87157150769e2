import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
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

function toRow(write: NotificationWrite, now: number) {
  return {
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

/** The list's filters in store terms (times in epoch ms); every field is optional and they AND. */
export interface NotificationFilter {
  userId: number;
  status?: number[];
  priority?: number[];
  category?: string[];
  sub_category?: string;
  portfolio_id?: number;
  market?: string;
  broker_id?: string;
  symbol?: string;
  created_after?: number;
  created_before?: number;
  /** Epoch ms of "now" when only unexpired ones are wanted. */
  not_expired_at?: number;
  after_id?: number;
  updated_after?: number;
}

const EXPIRED = 50;

function whereFilter(eb: ExpressionBuilder<Database, 'notifications'>, f: NotificationFilter): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [eb('user_id', '=', f.userId)];
  if (f.status?.length) parts.push(eb('status', 'in', f.status));
  if (f.priority?.length) parts.push(eb('priority', 'in', f.priority));
  if (f.category?.length) parts.push(eb('category', 'in', f.category));
  if (f.sub_category !== undefined) parts.push(eb('sub_category', '=', f.sub_category));
  if (f.portfolio_id !== undefined) parts.push(eb('portfolio_id', '=', f.portfolio_id));
  if (f.market !== undefined) parts.push(eb('market', '=', f.market));
  if (f.broker_id !== undefined) parts.push(eb('broker_id', '=', f.broker_id));
  if (f.symbol !== undefined) parts.push(eb('symbol', '=', f.symbol));
  if (f.created_after !== undefined) parts.push(eb('created_at', '>=', f.created_after));
  if (f.created_before !== undefined) parts.push(eb('created_at', '<', f.created_before));
  if (f.not_expired_at !== undefined) {
    parts.push(eb('status', '!=', EXPIRED));
    parts.push(eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', f.not_expired_at)]));
  }
  if (f.after_id !== undefined) parts.push(eb('id', '>', f.after_id));
  if (f.updated_after !== undefined) parts.push(eb('updated_at', '>', f.updated_after));
  return eb.and(parts);
}

export const notificationsRepository = {
  /** One page (by id) and the total of matches. */
  async list(
    db: Db,
    filter: NotificationFilter,
    page: { offset: number; limit: number; order: 'asc' | 'desc' },
  ): Promise<{ data: Notification[]; count: number }> {
    const rows = await db
      .selectFrom('notifications')
      .selectAll()
      .where((eb) => whereFilter(eb, filter))
      .orderBy('id', page.order)
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    const total = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where((eb) => whereFilter(eb, filter))
      .executeTakeFirstOrThrow();
    return { data: rows.map(toNotification), count: Number(total.n) };
  },

  async get(db: Db, userId: number, id: number): Promise<Notification | undefined> {
    const row = await db.selectFrom('notifications').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return row ? toNotification(row) : undefined;
  },

  /** Sets the status of the user's notifications among `ids`; returns the changed rows (unchanged statuses included, updated_at moved). */
  async setStatus(db: Db, userId: number, ids: number[], status: number, now = Date.now()): Promise<Notification[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .updateTable('notifications')
      .set({ status, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .returningAll()
      .execute();
    return rows.map(toNotification);
  },

  async delete(db: Db, userId: number, id: number): Promise<Notification | undefined> {
    const row = await db.deleteFrom('notifications').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
    return row ? toNotification(row) : undefined;
  },

  /** Marks every active-or-not notification past its expires_at as expired (50); returns them. */
  async expireDue(db: Db, now = Date.now()): Promise<Notification[]> {
    const rows = await db
      .updateTable('notifications')
      .set({ status: EXPIRED, updated_at: now })
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', now)
      .where('status', '!=', EXPIRED)
      .returningAll()
      .execute();
    return rows.map(toNotification);
  },

  /** Many at once, in the caller's transaction; chunked to stay under the databases' parameter limits. */
  async insertMany(db: Db, writes: NotificationWrite[], now = Date.now()): Promise<Notification[]> {
    const out: Notification[] = [];
    const CHUNK = 500;
    for (let i = 0; i < writes.length; i += CHUNK) {
      const rows = await db
        .insertInto('notifications')
        .values(writes.slice(i, i + CHUNK).map((write) => toRow(write, now)))
        .returningAll()
        .execute();
      out.push(...rows.map(toNotification));
    }
    return out;
  },

  async insert(db: Db, write: NotificationWrite, now = Date.now()): Promise<Notification> {
    const row = await db
      .insertInto('notifications')
      .values(toRow(write, now))
      .returningAll()
      .executeTakeFirstOrThrow();
    return toNotification(row);
  },
};
