import type { Kysely, Selectable, Updateable } from 'kysely';
import type { NotificationCategory } from '../../../contract/codes';
import { DEFAULT_TELEGRAM_API_BASE_URL, type Channel, type ChannelDelivery, type ChannelType } from '../../../contract/notifications/channels';
import type { Database } from '../schema';
import type { NotificationChannelsTable } from '../tables/channelTables';
import { toBool, toIso } from './times';

type Db = Kysely<Database>;
export type ChannelRow = Selectable<NotificationChannelsTable>;

/** What the server keeps in `config`: the user's fields plus the webhook's signing secret. */
export type StoredChannelConfig =
  | { type: 'email'; address: string }
  | { type: 'webhook'; url: string; secret: string }
  | { type: 'telegram'; bot_token: string; chat_id: string; api_base_url?: string };

export interface ChannelWrite {
  user_id: number;
  type: ChannelType;
  name: string;
  is_active: boolean;
  min_priority: number;
  categories: NotificationCategory[];
  config: StoredChannelConfig;
}

/** The last few characters only: enough to recognise a secret, never enough to use it. */
const hint = (secret: string) => `…${secret.slice(-4)}`;

export function storedConfig(row: ChannelRow): StoredChannelConfig {
  return { type: row.type, ...(JSON.parse(row.config) as object) } as StoredChannelConfig;
}

export function toChannel(row: ChannelRow, deliveries: ChannelDelivery[]): Channel {
  const base = {
    id: row.id,
    user_id: row.user_id,
    name: row.name,
    is_active: toBool(row.is_active),
    min_priority: row.min_priority as Channel['min_priority'],
    categories: JSON.parse(row.categories) as NotificationCategory[],
    paused_for_failures_at: row.paused_for_failures_at === null ? null : toIso(row.paused_for_failures_at),
    consecutive_failures: row.consecutive_failures,
    last_success_at: row.last_success_at === null ? null : toIso(row.last_success_at),
    last_error:
      row.last_error_message === null || row.last_error_at === null
        ? null
        : { message: row.last_error_message, at: toIso(row.last_error_at) },
    recent_deliveries: deliveries,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
  const config = storedConfig(row);
  switch (config.type) {
    case 'email':
      return { ...base, type: 'email', config: { address: config.address } };
    case 'webhook':
      return { ...base, type: 'webhook', config: { url: config.url, secret_hint: hint(config.secret) } };
    case 'telegram':
      return {
        ...base,
        type: 'telegram',
        config: {
          bot_token_hint: hint(config.bot_token),
          chat_id: config.chat_id,
          api_base_url: config.api_base_url ?? DEFAULT_TELEGRAM_API_BASE_URL,
        },
      };
  }
}

const configText = (config: StoredChannelConfig) => {
  const { type: _type, ...rest } = config;
  return JSON.stringify(rest);
};

export const channelsRepository = {
  async insert(db: Db, write: ChannelWrite, now = Date.now()): Promise<ChannelRow> {
    return db
      .insertInto('notification_channels')
      .values({
        user_id: write.user_id,
        type: write.type,
        name: write.name,
        is_active: write.is_active ? 1 : 0,
        min_priority: write.min_priority,
        categories: JSON.stringify(write.categories),
        config: configText(write.config),
        consecutive_failures: 0,
        paused_for_failures_at: null,
        last_success_at: null,
        last_error_message: null,
        last_error_at: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async get(db: Db, userId: number, id: number): Promise<ChannelRow | undefined> {
    return db.selectFrom('notification_channels').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  },

  async getById(db: Db, id: number): Promise<ChannelRow | undefined> {
    return db.selectFrom('notification_channels').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async listForUser(db: Db, userId: number): Promise<ChannelRow[]> {
    return db.selectFrom('notification_channels').selectAll().where('user_id', '=', userId).orderBy('id', 'asc').execute();
  },

  async countForUser(db: Db, userId: number): Promise<number> {
    const row = await db
      .selectFrom('notification_channels')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The active channels of a user that take this priority (the category filter is JSON, checked by the caller). */
  async activeForUser(db: Db, userId: number, priority: number): Promise<ChannelRow[]> {
    return db
      .selectFrom('notification_channels')
      .selectAll()
      .where('user_id', '=', userId)
      .where('is_active', '=', 1)
      .where('min_priority', '<=', priority)
      .orderBy('id', 'asc')
      .execute();
  },

  async update(
    db: Db,
    id: number,
    change: Omit<Updateable<NotificationChannelsTable>, 'config'> & { config?: StoredChannelConfig },
    now = Date.now(),
  ): Promise<ChannelRow | undefined> {
    const { config, ...rest } = change;
    return db
      .updateTable('notification_channels')
      .set({ ...rest, ...(config ? { config: configText(config) } : {}), updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  },

  async delete(db: Db, userId: number, id: number): Promise<boolean> {
    const result = await db.deleteFrom('notification_channels').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
};
