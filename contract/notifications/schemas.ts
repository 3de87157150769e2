import { z } from 'zod';
import { BrokerId, csvList, Id, IdParam, IsoDateTime, OffsetLimitQuery, QueryBool } from '../common';
import {
  MarketName,
  NotificationCategory,
  NotificationPriority,
  NotificationPriorityCode,
  NotificationStatus,
  NotificationStatusCode,
  SymbolName,
} from '../codes';
import { JsonObject, jsonObject } from '../system/json';


/** Finer grouping inside a category, e.g. `entry`/`exit` for signals or `filled` for orders. */
export const SubCategory = z.string().regex(/^[a-z][a-z0-9_.-]{0,63}$/, 'must be a slug such as "filled"');

export const NotificationTitle = z.string().trim().min(1).max(200);
export const NotificationBody = z.string().max(5_000);

/** 50 (expired) is set by the expiry task only; a client asking for it gets 422. */
export const SettableNotificationStatus = z.union([
  z.literal(NotificationStatus.new),
  z.literal(NotificationStatus.seen),
  z.literal(NotificationStatus.done),
  z.literal(NotificationStatus.dismissed),
]);
export type SettableNotificationStatus = z.infer<typeof SettableNotificationStatus>;

/**
 * `data` carries links for the detail drawer by convention: `order_id`, `subscription_id`,
 * `strategy_id`, `timeframe`, `score`, `side`, `task_id`…
 */
export const Notification = z.object({
  id: Id,
  user_id: Id,
  title: z.string(),
  body: z.string(),
  status: NotificationStatusCode,
  priority: NotificationPriorityCode,
  category: NotificationCategory,
  sub_category: z.string().nullable(),
  portfolio_id: Id.nullable(),
  market: z.string().nullable(),
  broker_id: z.string().nullable(),
  symbol: z.string().nullable(),
  data: JsonObject.nullable(),
  created_at: IsoDateTime,
  /** Moves on every status change; what `updated_after` compares. */
  updated_at: IsoDateTime,
  /** After it the expiry task sets status 50; null never expires. */
  expires_at: IsoDateTime.nullable(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationList = z.object({
  data: z.array(Notification),
  /** All matches before offset/limit (the bell's "new" count is `status=10&limit=1` → count). */
  count: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof NotificationList>;

/**
 * Filters combine with AND; list filters (status, priority, category) match any of their values.
 * Time bounds are half-open: created_after ≤ created_at < created_before.
 * Catch-up after a reconnect: `updated_after` = the newest `updated_at` the client holds returns every
 * notification created or changed since (with `order=asc` to page forward); `after_id` alone returns
 * only new ones. Deleted ones simply stop appearing.
 */
export const NotificationListQuery = OffsetLimitQuery.extend({
  status: csvList(z.coerce.number<string>().pipe(NotificationStatusCode), 5).optional(),
  priority: csvList(z.coerce.number<string>().pipe(NotificationPriorityCode), 4).optional(),
  category: csvList(NotificationCategory, 7).optional(),
  sub_category: SubCategory.optional(),
  portfolio_id: IdParam.optional(),
  market: MarketName.optional(),
  broker_id: BrokerId.optional(),
  symbol: SymbolName.optional(),
  created_after: IsoDateTime.optional(),
  created_before: IsoDateTime.optional(),
  /** true: only those without expires_at or expiring later than now (and not status 50). */
  not_expired: QueryBool.optional(),
  /** Only ids greater than this. */
  after_id: IdParam.optional(),
  /** Only those whose updated_at is later than this. */
  updated_after: IsoDateTime.optional(),
  /** By id: newest first (default) or oldest first. */
  order: z.enum(['desc', 'asc']).optional(),
}).refine(
  (q) => q.created_after === undefined || q.created_before === undefined || Date.parse(q.created_after) < Date.parse(q.created_before),
  { message: 'created_after must be before created_before', path: ['created_after'] },
);
export type NotificationListQuery = z.input<typeof NotificationListQuery>;

export const NotificationIdParams = z.object({ id: IdParam });

export const SetNotificationStatusQuery = z.object({
  status: z.coerce.number().pipe(SettableNotificationStatus),
});
export type SetNotificationStatusQuery = z.input<typeof SetNotificationStatusQuery>;

export const BulkSetNotificationStatus = z.strictObject({
  ids: z.array(Id).min(1).max(1_000),
  status: SettableNotificationStatus,
});
export type BulkSetNotificationStatus = z.input<typeof BulkSetNotificationStatus>;

export const BulkSetNotificationStatusResult = z.object({
  updated: z.number().int().nonnegative(),
  /** Ids that do not exist or are not yours (the same thing to you); the others were updated. */
  not_found: z.array(Id),
});
export type BulkSetNotificationStatusResult = z.infer<typeof BulkSetNotificationStatusResult>;

/** What a notification points at, shared by create and broadcast. */
const notificationContent = {
  title: NotificationTitle,
  body: NotificationBody.default(''),
  priority: NotificationPriorityCode.default(NotificationPriority.normal),
  sub_category: SubCategory.nullable().optional(),
  data: jsonObject(8_000).nullable().optional(),
  /** Must be in the future (422 otherwise); omitted never expires. */
  expires_at: IsoDateTime.nullable().optional(),
};

export const NotificationCreate = z
  .strictObject({
    ...notificationContent,
    category: NotificationCategory.default('system'),
    portfolio_id: Id.nullable().optional(),
    market: MarketName.nullable().optional(),
    broker_id: BrokerId.nullable().optional(),
    symbol: SymbolName.nullable().optional(),
    /** Admins only (403 for others); omitted means yourself. */
    user_id: Id.optional(),
  })
  .refine((n) => n.category !== 'broadcast', {
    message: 'category "broadcast" is reserved for /notification/broadcast',
    path: ['category'],
  });
export type NotificationCreate = z.input<typeof NotificationCreate>;

export const BroadcastAudience = z.discriminatedUnion('type', [
  /** Every user; `active_only` skips deactivated accounts. */
  z.strictObject({ type: z.literal('all'), active_only: z.boolean().default(true) }),
  z.strictObject({ type: z.literal('users'), user_ids: z.array(Id).min(1).max(10_000) }),
]);
export type BroadcastAudience = z.input<typeof BroadcastAudience>;

/** Each recipient gets their own notification row (own status); `audience` is required so nobody broadcasts to all by accident. */
export const NotificationBroadcast = z.strictObject({
  ...notificationContent,
  category: NotificationCategory.default('broadcast'),
  market: MarketName.nullable().optional(),
  symbol: SymbolName.nullable().optional(),
  audience: BroadcastAudience,
});
export type NotificationBroadcast = z.input<typeof NotificationBroadcast>;

export const BroadcastResult = z.object({
  recipients: z.number().int().nonnegative(),
  /** Ids of a `users` audience that match no (active) user; nobody was sent those. */
  unknown_user_ids: z.array(Id),
  msg: z.string(),
});
export type BroadcastResult = z.infer<typeof BroadcastResult>;

/**
 * `/api/ws/app` message to the owner on every change. The app's active list keeps status 10 and 20
 * and drops the rest, so `deleted` carries the last state.
 */
export const NotificationLiveMessage = z.object({
  _type: z.literal('notification'),
  params: z.object({ event: z.enum(['created', 'updated', 'deleted']) }),
  data: Notification,
});
export type NotificationLiveMessage = z.infer<typeof NotificationLiveMessage>;
