import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const envBool = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']))
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/** Every setting the server reads from its environment, validated once at start-up. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional()),
  REDIS_URL: optionalText.pipe(z.string().regex(/^rediss?:\/\//, 'must start with redis://').optional()),
  /** Prefix of every Redis key and channel, so several deployments (or tests) can share one Redis. */
  REDIS_PREFIX: z.string().regex(/^[\w:.-]*$/, 'letters, digits, : . - _ only').default('bs:'),
  /** What this process runs (issue 9): everything, or one part of a scaled-out deployment. */
  ROLE: z.enum(['all', 'api', 'worker', 'feed']).default('all'),
  /** How long a silent feed or engine leader keeps its lease; a takeover after a crash takes about this long. */
  LEASE_TTL_MS: z.coerce.number().int().min(300).max(600_000).default(10_000),
  /** With REDIS_URL: how long a worker's hold on a running task lasts unrenewed (a dead worker's task is noticed after it). */
  TASK_LOCK_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  /** With REDIS_URL: how often workers look for tasks whose worker died. */
  TASK_STALLED_CHECK_MS: z.coerce.number().int().min(500).max(3_600_000).default(15_000),
  SECRET_KEY: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  FIRST_SUPERUSER: optionalText.pipe(z.email().optional()),
  FIRST_SUPERUSER_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  OPEN_REGISTRATION: envBool.default(true),
  SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional()),
  SMTP_FROM: z.string().default('Bazaar Signal <no-reply@bazaar-signal.local>'),
  ACCESS_TOKEN_EXPIRE_MINUTES: z.coerce.number().int().min(1).max(525_600).default(60 * 24 * 8),
  RESET_TOKEN_EXPIRE_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  IRPROXY_AUTH_CODE: optionalText,
  CORS_ORIGINS: optionalText,
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(1024 * 1024),
  STATIC_DIR: z.string().default('dist'),
  FEED_ENABLED: envBool.default(true),
  SEED_DEMO: envBool.default(true),
  FEED_BACKFILL_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  ALLOW_PRIVATE_WEBHOOKS: envBool.default(false),
  NOTIFICATION_RETRY_DELAYS_MS: z
    .string()
    .default('10000,60000,300000,1800000')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean).map(Number))
    .pipe(z.array(z.number().int().min(0).max(86_400_000)).max(10)),
  CHANNEL_PAUSE_AFTER_FAILURES: z.coerce.number().int().min(1).max(1000).default(10),
  BINANCE_REST_URL: z.url().default('https://api.binance.com'),
  BINANCE_WS_URL: z.url().default('wss://stream.binance.com:9443'),
  TASK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  GAP_REPAIR_INTERVAL_MS: z.coerce.number().int().min(0).max(7 * 86_400_000).default(3_600_000),
  TASK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisPrefix: string;
  /** all | api | worker | feed; anything but `all` needs REDIS_URL (server/roles/role.ts). */
  role: 'all' | 'api' | 'worker' | 'feed';
  leaseTtlMs: number;
  taskLockMs: number;
  taskStalledCheckMs: number;
  secretKey: string;
  firstSuperuser: string | undefined;
  firstSuperuserPassword: string | undefined;
  openRegistration: boolean;
  smtpUrl: string | undefined;
  smtpFrom: string;
  accessTokenExpireMinutes: number;
  resetTokenExpireMinutes: number;
  irproxyAuthCode: string | undefined;
  corsOrigins: string[];
  publicUrl: string;
  authRateLimitPerMinute: number;
  bodyLimitBytes: number;
  staticDir: string;
  /** Market data sources run (off in most tests). */
  feedEnabled: boolean;
  /** Give the first admin a demo watchlist, subscription and paper portfolio on the very first start. */
  seedDemo: boolean;
  /** Days of 1m history a fresh install back-fills for every default symbol. */
  feedBackfillDays: number;
  /** Webhook and Telegram URLs may reach loopback or private addresses (development and tests only: SSRF). */
  allowPrivateWebhooks: boolean;
  /** Waits before each retry of a failed delivery. */
  deliveryRetryDelaysMs: number[];
  /** Failed deliveries in a row before a channel is paused. */
  pauseAfterFailures: number;
  binanceRestUrl: string;
  binanceWsUrl: string;
  /** Tasks the embedded runner runs at once. */
  taskConcurrency: number;
  /** How often every active market's candles are checked for gaps (market.data_update, gaps); 0 disables. */
  gapRepairIntervalMs: number;
  /** Finished tasks are dropped after this many days. */
  taskRetentionDays: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
}

export class ConfigError extends Error {}

/** Reads and checks the environment; a bad value stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid settings in the environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Only one process can run without Redis: the other roles need each other through it.
  if (e.ROLE !== 'all' && !e.REDIS_URL) {
    throw new ConfigError(`Invalid settings in the environment:\n  ROLE: "${e.ROLE}" needs REDIS_URL (the processes of a scaled-out deployment meet in Redis); without it only ROLE=all runs`);
  }
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    role: e.ROLE,
    leaseTtlMs: e.LEASE_TTL_MS,
    taskLockMs: e.TASK_LOCK_MS,
    taskStalledCheckMs: e.TASK_STALLED_CHECK_MS,
    secretKey: e.SECRET_KEY ?? readOrCreateSecretKey(dataDir),
    firstSuperuser: e.FIRST_SUPERUSER,
    firstSuperuserPassword: e.FIRST_SUPERUSER_PASSWORD,
    openRegistration: e.OPEN_REGISTRATION,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    accessTokenExpireMinutes: e.ACCESS_TOKEN_EXPIRE_MINUTES,
    resetTokenExpireMinutes: e.RESET_TOKEN_EXPIRE_MINUTES,
    irproxyAuthCode: e.IRPROXY_AUTH_CODE,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    staticDir: resolve(e.STATIC_DIR),
    feedEnabled: e.FEED_ENABLED,
    seedDemo: e.SEED_DEMO,
    feedBackfillDays: e.FEED_BACKFILL_DAYS,
    allowPrivateWebhooks: e.ALLOW_PRIVATE_WEBHOOKS,
    deliveryRetryDelaysMs: e.NOTIFICATION_RETRY_DELAYS_MS,
    pauseAfterFailures: e.CHANNEL_PAUSE_AFTER_FAILURES,
    binanceRestUrl: e.BINANCE_REST_URL.replace(/\/+$/, ''),
    binanceWsUrl: e.BINANCE_WS_URL.replace(/\/+$/, ''),
    taskConcurrency: e.TASK_CONCURRENCY,
    gapRepairIntervalMs: e.GAP_REPAIR_INTERVAL_MS,
    taskRetentionDays: e.TASK_RETENTION_DAYS,
    logLevel: e.LOG_LEVEL,
  };
}

/** Without SECRET_KEY, one is generated on first start and kept so tokens survive restarts. */
function readOrCreateSecretKey(dataDir: string): string {
  const file = join(dataDir, 'secret_key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(48).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}
