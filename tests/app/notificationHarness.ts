import type { Channel, ChannelDelivery } from '../../contract/notifications/channels';
import type { Notification } from '../../contract/notifications/schemas';
import { ApiError } from '../../src/services/apiErrors';
import type { CallInput } from '../../src/services/apiClient';
import { createServer, NOW, T0 } from './support/signalsHarness';

/** A notification as the server would send it; `id` orders them (newer is larger). */
export function notification(id: number, extra: Partial<Notification> = {}): Notification {
  const at = new Date(T0 + id * 60_000).toISOString();
  return {
    id, user_id: 1, title: `Notification ${id}`, body: '', status: 10, priority: 20, category: 'system', sub_category: null,
    portfolio_id: null, market: null, broker_id: null, symbol: null, data: null, created_at: at, updated_at: at, expires_at: null, ...extra,
  };
}

export function delivery(id: number, extra: Partial<ChannelDelivery> = {}): ChannelDelivery {
  return { id, channel_id: 1, notification_id: 3, is_test: false, task_id: null, attempt: 1, outcome: 'success', status_code: 200, error: null, duration_ms: 12, next_retry_at: null, at: NOW, ...extra };
}

export function channel(id: number, extra: Partial<Channel> = {}): Channel {
  return {
    id, user_id: 1, name: `me@b.test`, type: 'email', config: { address: 'me@b.test' }, is_active: true, min_priority: 10, categories: [],
    paused_for_failures_at: null, consecutive_failures: 0, last_success_at: null, last_error: null, recent_deliveries: [], created_at: NOW, updated_at: NOW,
    ...extra,
  } as Channel;
}

/**
 * The signals harness's in-memory server plus the notification rows: a store of notifications
 * (filtered by status, priority, category and symbol, paged), statuses, deletes, channels and
 * broadcasts, each call recorded by the fake API for the test to read.
 */
export function notificationServer(initial: Notification[] = []) {
  const server = createServer();
  const store = { items: [...initial], channels: [] as Channel[], nextId: 500 };
  const q = (input: CallInput) => (input.query ?? {}) as Record<string, string | number | boolean | undefined>;
  const b = (input: CallInput) => input.body as Record<string, any>;
  const idOf = (input: CallInput) => Number((input.params as { id: number }).id);
  const csv = (value: unknown) => (value === undefined ? null : String(value).split(','));
  const find = (id: number) => {
    const found = store.items.find((n) => n.id === id);
    if (!found) throw new ApiError('HTTP_ERROR', 404, { detail: 'Notification not found' }, 'Notification not found');
    return found;
  };
  Object.assign(server.routes, {
    'notifications.list': (input: CallInput) => {
      const query = q(input);
      const [status, priority, category] = [csv(query.status), csv(query.priority), csv(query.category)];
      let rows = store.items
        .filter((n) => !status || status.includes(String(n.status)))
        .filter((n) => !priority || priority.includes(String(n.priority)))
        .filter((n) => !category || category.includes(n.category))
        .filter((n) => query.symbol === undefined || n.symbol === query.symbol)
        .filter((n) => query.after_id === undefined || n.id > Number(query.after_id));
      rows = rows.sort((x, y) => (query.order === 'asc' ? x.id - y.id : y.id - x.id));
      const offset = Number(query.offset ?? 0);
      const limit = Number(query.limit ?? 100);
      return { data: rows.slice(offset, offset + limit), count: rows.length };
    },
    'notifications.setStatus': (input: CallInput) => {
      const n = find(idOf(input));
      Object.assign(n, { status: Number(q(input).status), updated_at: new Date(Date.parse(n.updated_at) + 1000).toISOString() });
      return { ...n };
    },
    'notifications.bulkSetStatus': (input: CallInput) => {
      const { ids, status } = b(input) as { ids: number[]; status: number };
      const held = ids.filter((id) => store.items.some((n) => n.id === id));
      for (const n of store.items) if (held.includes(n.id)) n.status = status as Notification['status'];
      return { updated: held.length, not_found: ids.filter((id) => !held.includes(id)) };
    },
    'notifications.delete': (input: CallInput) => {
      find(idOf(input));
      store.items = store.items.filter((n) => n.id !== idOf(input));
      return { msg: 'deleted' };
    },
    'notifications.broadcast': (input: CallInput) => {
      const audience = b(input).audience as { type: string; user_ids?: number[] };
      const unknown = (audience.user_ids ?? []).filter((id) => id > 10);
      return { recipients: audience.type === 'all' ? 3 : (audience.user_ids?.length ?? 0) - unknown.length, unknown_user_ids: unknown, msg: 'sent' };
    },
    'notifications.listChannels': () => ({ data: store.channels, count: store.channels.length }),
    'notifications.createChannel': (input: CallInput) => {
      const body = b(input);
      const id = store.nextId++;
      const base = { name: body.name ?? body.config.address ?? body.config.url ?? body.config.chat_id, min_priority: body.min_priority, categories: body.categories };
      const created =
        body.type === 'webhook'
          ? channel(id, { ...base, type: 'webhook', config: { url: body.config.url, secret_hint: '…f00d' } } as Partial<Channel>)
          : channel(id, { ...base, type: body.type, config: body.config } as Partial<Channel>);
      store.channels.push(created);
      return { channel: created, secret: body.type === 'webhook' ? 'whsec_0123456789abcdef0123456789abf00d' : null, test_task_id: null };
    },
    'notifications.updateChannel': (input: CallInput) => {
      const c = store.channels.find((x) => x.id === idOf(input))!;
      const body = b(input);
      if (body.is_active !== undefined) c.is_active = body.is_active;
      return { channel: c, secret: body.rotate_secret ? 'whsec_rotated' : null, test_task_id: body.send_test ? 'task-test' : null };
    },
    'notifications.deleteChannel': (input: CallInput) => {
      store.channels = store.channels.filter((c) => c.id !== idOf(input));
      return { msg: 'deleted' };
    },
  });
  return { server, store };
}
