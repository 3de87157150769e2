import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  MAX_CHANNELS_PER_USER,
  type ChannelCreate,
  type ChannelList,
  type ChannelSaved,
  type ChannelUpdate,
} from '../../../../contract/notifications/channels';
import type { Message } from '../../../../contract/common';
import type { Database } from '../../../store/schema';
import { channelsRepository, storedConfig, toChannel, type ChannelRow, type StoredChannelConfig } from '../../../store/repositories/channels';
import { deliveriesRepository } from '../../../store/repositories/deliveries';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { NotificationSettings } from '../settings';
import type { ChannelDelivery } from './delivery';
import { refuseUrl } from './urlGuard';

type Create = z.output<typeof ChannelCreate>;
type Update = z.output<typeof ChannelUpdate>;

const newSecret = () => randomBytes(32).toString('hex');

/** The name a channel gets when the user gives none: what it delivers to. */
function defaultName(config: StoredChannelConfig): string {
  switch (config.type) {
    case 'email':
      return config.address;
    case 'webhook':
      return new URL(config.url).host;
    case 'telegram':
      return `Telegram ${config.chat_id}`;
  }
}

/** Channels CRUD of one user; anyone else's channel answers 404. */
export function createChannelsService(deps: { db: Kysely<Database>; delivery: ChannelDelivery; settings: () => NotificationSettings }) {
  const { db, delivery } = deps;

  /** SSRF: user-given URLs must not reach loopback or private addresses in production (422). */
  const checkUrls = async (config: StoredChannelConfig) => {
    const allow = deps.settings().allowPrivateWebhooks;
    const fields: [string, string | undefined][] =
      config.type === 'webhook' ? [['url', config.url]] : config.type === 'telegram' ? [['api_base_url', config.api_base_url]] : [];
    for (const [field, url] of fields) {
      if (url === undefined) continue;
      const refused = await refuseUrl(url, allow);
      if (refused) throw ValidationError.field(['body', 'config', field], refused, 'value_error.url');
    }
  };

  // The delivery log first, then the channel: an attempt's outcome and the channel's counters
  // commit together, so counters read after the log are never older than the outcomes in it.
  const shape = async (row: ChannelRow) => {
    const log = (await deliveriesRepository.recent(db, [row.id])).get(row.id) ?? [];
    return toChannel((await channelsRepository.getById(db, row.id)) ?? row, log);
  };

  const own = async (userId: number, id: number) => {
    const row = await channelsRepository.get(db, userId, id);
    if (!row) throw new NotFoundError('Channel');
    return row;
  };

  return {
    async list(userId: number): Promise<ChannelList> {
      const ids = (await channelsRepository.listForUser(db, userId)).map((r) => r.id);
      // As in `shape`: the logs first, then the channels' counters.
      const logs = await deliveriesRepository.recent(db, ids);
      const rows = await channelsRepository.listForUser(db, userId);
      return { data: rows.map((row) => toChannel(row, logs.get(row.id) ?? [])), count: rows.length };
    },

    async create(userId: number, body: Create): Promise<ChannelSaved> {
      let secret: string | null = null;
      let config: StoredChannelConfig;
      if (body.type === 'webhook') {
        secret = newSecret();
        config = { type: 'webhook', url: body.config.url, secret };
      } else if (body.type === 'telegram') {
        config = { type: 'telegram', ...body.config };
      } else {
        config = { type: 'email', address: body.config.address.toLowerCase() };
      }
      await checkUrls(config);
      const row = await db.transaction().execute(async (trx) => {
        if ((await channelsRepository.countForUser(trx, userId)) >= MAX_CHANNELS_PER_USER) {
          throw new ConflictError(`A user may keep at most ${MAX_CHANNELS_PER_USER} channels; remove one first`);
        }
        return channelsRepository.insert(trx, {
          user_id: userId,
          type: body.type,
          name: body.name ?? defaultName(config),
          is_active: body.is_active,
          min_priority: body.min_priority,
          categories: [...new Set(body.categories)],
          config,
        });
      });
      return { channel: await shape(row), secret, test_task_id: null };
    },

    async update(userId: number, id: number, body: Update): Promise<ChannelSaved> {
      const row = await own(userId, id);
      if (body.type !== row.type) throw ValidationError.field(['body', 'type'], `a channel's type never changes: this one is "${row.type}"`);
      const current = storedConfig(row);
      let secret: string | null = null;
      let config: StoredChannelConfig | undefined;
      if (body.config && Object.keys(body.config).length > 0) config = { ...current, ...body.config } as StoredChannelConfig;
      if (body.type === 'webhook' && body.rotate_secret) {
        secret = newSecret();
        config = { ...(config ?? current), secret } as StoredChannelConfig;
      }
      if (config) await checkUrls(config);
      const resuming = body.is_active === true && row.is_active !== 1;
      const updated = await channelsRepository.update(db, row.id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.is_active !== undefined ? { is_active: body.is_active ? 1 : 0 } : {}),
        ...(body.min_priority !== undefined ? { min_priority: body.min_priority } : {}),
        ...(body.categories !== undefined ? { categories: JSON.stringify([...new Set(body.categories)]) } : {}),
        // Resuming forgives the past failures: the user says it is fixed.
        ...(resuming ? { paused_for_failures_at: null, consecutive_failures: 0 } : {}),
        ...(config ? { config } : {}),
      });
      if (!updated) throw new NotFoundError('Channel');
      const testTaskId = body.send_test ? delivery.sendTest(updated) : null;
      return { channel: await shape(updated), secret, test_task_id: testTaskId };
    },

    async remove(userId: number, id: number): Promise<Message> {
      if (!(await channelsRepository.delete(db, userId, id))) throw new NotFoundError('Channel');
      return { msg: 'Channel deleted' };
    },
  };
}
