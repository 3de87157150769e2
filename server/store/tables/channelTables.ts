import type { Generated } from 'kysely';

/**
 * Tables of notification channels and their delivery attempts (migration 010). Both hang off
 * their owner (user → channel → delivery, FK cascade), so removing either takes the log with it.
 */

/** One delivery channel of one user. `config` is JSON text and holds the secrets (webhook secret, bot token). */
export interface NotificationChannelsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  name: string;
  is_active: number;
  min_priority: number;
  /** JSON array of categories; empty means all. */
  categories: string;
  config: string;
  consecutive_failures: number;
  paused_for_failures_at: number | null;
  last_success_at: number | null;
  last_error_message: string | null;
  last_error_at: number | null;
  created_at: number;
  updated_at: number;
}

/** One attempt of one notification (or a test message) through one channel. */
export interface ChannelDeliveriesTable {
  id: Generated<number>;
  channel_id: number;
  /** No FK: the log outlives a deleted notification. Null for a test message. */
  notification_id: number | null;
  is_test: number;
  task_id: string | null;
  attempt: number;
  outcome: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  next_retry_at: number | null;
  at: number;
}

export interface ChannelTables {
  notification_channels: NotificationChannelsTable;
  channel_deliveries: ChannelDeliveriesTable;
}
