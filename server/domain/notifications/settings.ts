import type { Config } from '../../config';

/**
 * The notification area's server settings. They are read from `Config` when it has them (the
 * lines ALLOW_PRIVATE_WEBHOOKS, NOTIFICATION_RETRY_DELAYS_MS, CHANNEL_PAUSE_AFTER_FAILURES of
 * config.ts) and fall back to the production defaults otherwise. Read on every use, not copied
 * at start, so one config object stays the single source.
 */
export interface NotificationSettings {
  /** Webhooks and Telegram relays may point at loopback or private addresses (development, tests). Off in production: SSRF. */
  allowPrivateWebhooks: boolean;
  /** Waits before each retry of a failed delivery; its length is the number of retries. */
  deliveryRetryDelaysMs: number[];
  /** Failed attempts in a row after which a channel is paused and its owner told. */
  pauseAfterFailures: number;
  /** How often the expiry task runs. */
  expireIntervalMs: number;
  /** One attempt gives up after this long. */
  deliveryTimeoutMs: number;
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  allowPrivateWebhooks: false,
  // 10 s, 1 min, 5 min, 30 min: a peer that is down for a deploy still gets the message.
  deliveryRetryDelaysMs: [10_000, 60_000, 300_000, 1_800_000],
  pauseAfterFailures: 10,
  expireIntervalMs: 60_000,
  deliveryTimeoutMs: 10_000,
};

export type NotificationConfig = Partial<NotificationSettings>;

export function notificationSettings(config: Config): NotificationSettings {
  const c = config as Config & NotificationConfig;
  const d = DEFAULT_NOTIFICATION_SETTINGS;
  return {
    allowPrivateWebhooks: c.allowPrivateWebhooks ?? d.allowPrivateWebhooks,
    deliveryRetryDelaysMs: c.deliveryRetryDelaysMs ?? d.deliveryRetryDelaysMs,
    pauseAfterFailures: c.pauseAfterFailures ?? d.pauseAfterFailures,
    expireIntervalMs: c.expireIntervalMs ?? d.expireIntervalMs,
    deliveryTimeoutMs: c.deliveryTimeoutMs ?? d.deliveryTimeoutMs,
  };
}
