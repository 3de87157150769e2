import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Message } from '../../../contract/common';
import type {
  BroadcastResult,
  BulkSetNotificationStatus,
  BulkSetNotificationStatusResult,
  Notification,
  NotificationBroadcast,
  NotificationCreate,
  NotificationList,
  NotificationListQuery,
  SettableNotificationStatus,
} from '../../../contract/notifications/schemas';
import type { Database, UserRow } from '../../store/schema';
import { notificationsRepository, type NotificationFilter } from '../../store/repositories/notifications';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { Notifier } from './notifier';

type ListQuery = z.output<typeof NotificationListQuery>;
type Create = z.output<typeof NotificationCreate>;
type Broadcast = z.output<typeof NotificationBroadcast>;
type BulkSet = z.output<typeof BulkSetNotificationStatus>;

const ms = (iso: string | undefined) => (iso === undefined ? undefined : Date.parse(iso));

/** expires_at must lie ahead: one already past would be born expired. */
function futureExpiry(expiresAt: string | null | undefined, now: number): number | null {
  if (expiresAt === undefined || expiresAt === null) return null;
  const at = Date.parse(expiresAt);
  if (at <= now) throw ValidationError.field(['body', 'expires_at'], 'must be in the future');
  return at;
}

/**
 * A user's notifications: the list with every filter, status changes, deletes, creation and the
 * admin broadcast. Every change is pushed to the owner at once through the notifier.
 */
export function createNotificationsService(deps: { db: Kysely<Database>; notifier: Notifier }) {
  const { db, notifier } = deps;

  return {
    async list(userId: number, q: ListQuery, now = Date.now()): Promise<NotificationList> {
      const filter: NotificationFilter = {
        userId,
        ...(q.status ? { status: q.status } : {}),
        ...(q.priority ? { priority: q.priority } : {}),
        ...(q.category ? { category: q.category } : {}),
        ...(q.sub_category !== undefined ? { sub_category: q.sub_category } : {}),
        ...(q.portfolio_id !== undefined ? { portfolio_id: q.portfolio_id } : {}),
        ...(q.market !== undefined ? { market: q.market } : {}),
        ...(q.broker_id !== undefined ? { broker_id: q.broker_id } : {}),
        ...(q.symbol !== undefined ? { symbol: q.symbol } : {}),
        ...(q.created_after !== undefined ? { created_after: ms(q.created_after)! } : {}),
        ...(q.created_before !== undefined ? { created_before: ms(q.created_before)! } : {}),
        ...(q.not_expired ? { not_expired_at: now } : {}),
        ...(q.after_id !== undefined ? { after_id: q.after_id } : {}),
        ...(q.updated_after !== undefined ? { updated_after: ms(q.updated_after)! } : {}),
      };
      return notificationsRepository.list(db, filter, { offset: q.offset, limit: q.limit, order: q.order ?? 'desc' });
    },

    async setStatus(userId: number, id: number, status: SettableNotificationStatus): Promise<Notification> {
      const [changed] = await notificationsRepository.setStatus(db, userId, [id], status);
      if (!changed) throw new NotFoundError('Notification');
      await notifier.push(changed, 'updated');
      return changed;
    },

    async bulkSetStatus(userId: number, body: BulkSet): Promise<BulkSetNotificationStatusResult> {
      const ids = [...new Set(body.ids)];
      const changed = await db.transaction().execute((trx) => notificationsRepository.setStatus(trx, userId, ids, body.status));
      for (const notification of changed) await notifier.push(notification, 'updated');
      const found = new Set(changed.map((n) => n.id));
      return { updated: changed.length, not_found: ids.filter((id) => !found.has(id)) };
    },

    async remove(userId: number, id: number): Promise<Message> {
      const gone = await notificationsRepository.delete(db, userId, id);
      if (!gone) throw new NotFoundError('Notification');
      await notifier.push(gone, 'deleted');
      return { msg: 'Notification deleted' };
    },

    async create(user: UserRow, body: Create, now = Date.now()): Promise<Notification> {
      const userId = body.user_id ?? user.id;
      if (userId !== user.id) {
        if (user.is_superuser !== 1) throw new ForbiddenError('Only an admin may notify another user');
        const target = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
        if (!target) throw new NotFoundError('User');
      }
      return notifier.notify(
        {
          user_id: userId,
          title: body.title,
          body: body.body,
          priority: body.priority,
          category: body.category,
          sub_category: body.sub_category ?? null,
          portfolio_id: body.portfolio_id ?? null,
          market: body.market ?? null,
          broker_id: body.broker_id ?? null,
          symbol: body.symbol ?? null,
          data: body.data ?? null,
          expires_at: futureExpiry(body.expires_at, now),
        },
        now,
      );
    },

    /** One row per recipient, all written in one transaction, then each pushed. */
    async broadcast(body: Broadcast, now = Date.now()): Promise<BroadcastResult> {
      const expiresAt = futureExpiry(body.expires_at, now);
      const audience = body.audience;
      let recipients: number[];
      let unknown: number[] = [];
      if (audience.type === 'all') {
        let query = db.selectFrom('users').select('id');
        if (audience.active_only) query = query.where('is_active', '=', 1);
        recipients = (await query.orderBy('id').execute()).map((r) => r.id);
      } else {
        const wanted = [...new Set(audience.user_ids)];
        const rows = await db.selectFrom('users').select('id').where('id', 'in', wanted).where('is_active', '=', 1).execute();
        const found = new Set(rows.map((r) => r.id));
        recipients = wanted.filter((id) => found.has(id));
        unknown = wanted.filter((id) => !found.has(id));
      }
      await notifier.notifyMany(
        recipients.map((userId) => ({
          user_id: userId,
          title: body.title,
          body: body.body,
          priority: body.priority,
          category: body.category,
          sub_category: body.sub_category ?? null,
          market: body.market ?? null,
          symbol: body.symbol ?? null,
          data: body.data ?? null,
          expires_at: expiresAt,
        })),
        now,
      );
      return {
        recipients: recipients.length,
        unknown_user_ids: unknown,
        msg: `Sent to ${recipients.length} user${recipients.length === 1 ? '' : 's'}`,
      };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
