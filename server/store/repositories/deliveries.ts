import type { Kysely, Selectable } from 'kysely';
import type { ChannelDelivery } from '../../../contract/notifications/channels';
import type { Database } from '../schema';
import type { ChannelDeliveriesTable } from '../tables/channelTables';
import { toBool, toIso } from './times';

type Db = Kysely<Database>;
type DeliveryRow = Selectable<ChannelDeliveriesTable>;

/** The delivery log a channel shows. */
export const RECENT_DELIVERIES = 20;

export function toDelivery(row: DeliveryRow): ChannelDelivery {
  return {
    id: row.id,
    channel_id: row.channel_id,
    notification_id: row.notification_id,
    is_test: toBool(row.is_test),
    task_id: row.task_id,
    attempt: row.attempt,
    outcome: row.outcome as ChannelDelivery['outcome'],
    status_code: row.status_code,
    error: row.error,
    duration_ms: row.duration_ms,
    next_retry_at: row.next_retry_at === null ? null : toIso(row.next_retry_at),
    at: toIso(row.at),
  };
}

export interface DeliveryWrite {
  channel_id: number;
  notification_id: number | null;
  is_test: boolean;
  task_id: string | null;
  attempt: number;
}

export const deliveriesRepository = {
  /** Opens an attempt before it is made, so the webhook payload can carry its id; `finish` records the outcome. */
  async start(db: Db, write: DeliveryWrite, now = Date.now()): Promise<number> {
    const row = await db
      .insertInto('channel_deliveries')
      .values({
        channel_id: write.channel_id,
        notification_id: write.notification_id,
        is_test: write.is_test ? 1 : 0,
        task_id: write.task_id,
        attempt: write.attempt,
        // A row left like this means the server stopped mid-attempt: it did not succeed.
        outcome: 'failure',
        status_code: null,
        error: 'interrupted',
        duration_ms: 0,
        next_retry_at: null,
        at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async finish(
    db: Db,
    id: number,
    outcome: { outcome: 'success' | 'failure'; status_code: number | null; error: string | null; duration_ms: number; next_retry_at: number | null },
  ): Promise<void> {
    await db.updateTable('channel_deliveries').set(outcome).where('id', '=', id).execute();
  },

  /** The latest attempts of each channel, newest first. */
  async recent(db: Db, channelIds: number[], limit = RECENT_DELIVERIES): Promise<Map<number, ChannelDelivery[]>> {
    const out = new Map<number, ChannelDelivery[]>(channelIds.map((id) => [id, []]));
    for (const channelId of channelIds) {
      const rows = await db
        .selectFrom('channel_deliveries')
        .selectAll()
        .where('channel_id', '=', channelId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      out.set(channelId, rows.map(toDelivery));
    }
    return out;
  },
};
