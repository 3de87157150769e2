import { z } from 'zod';
import { NotificationStatus, TIMEFRAMES } from './constants';

/**
 * The numeric codes of DOMAIN.md. Each is a const object (for readable code) and a zod schema
 * (for validation); the values are what travels on the wire.
 */
const codeSchema = <T extends Record<string, number>>(codes: T) =>
  z.union(Object.values(codes).map((value) => z.literal(value)) as unknown as [z.ZodLiteral<T[keyof T]>]);

export { ACTIVE_NOTIFICATION_STATUSES, MARKETS, NotificationStatus, TIMEFRAMES } from './constants';
export const NotificationStatusCode = codeSchema(NotificationStatus);

export const NotificationPriority = { low: 10, normal: 20, high: 30, urgent: 40 } as const;
export const NotificationPriorityCode = codeSchema(NotificationPriority);

export const NotificationCategory = z.enum(['signal', 'order', 'balance', 'price', 'task', 'system', 'broadcast']);
export type NotificationCategory = z.infer<typeof NotificationCategory>;

export const PortfolioStatus = { active: 10, paused: 20, archived: 30 } as const;
export const PortfolioStatusCode = codeSchema(PortfolioStatus);

export const AccountType = { paper: 10, live: 20, watchOnly: 30 } as const;
export const AccountTypeCode = codeSchema(AccountType);

export const OrderSide = z.enum(['buy', 'sell']);
export type OrderSide = z.infer<typeof OrderSide>;

export const OrderType = { market: 10, limit: 20, stop: 30 } as const;
export const OrderTypeCode = codeSchema(OrderType);

export const OrderStatus = { pendingConfirmation: 10, open: 20, filled: 30, cancelled: 40, rejected: 50 } as const;
export const OrderStatusCode = codeSchema(OrderStatus);

export const ConfirmationMode = { automatic: 10, ask: 20, notifyOnly: 30 } as const;
export const ConfirmationModeCode = codeSchema(ConfirmationMode);

export const TransactionType = {
  deposit: 10,
  dividend: 11,
  withdrawal: 20,
  fee: 21,
  buy: 30,
  sell: 40,
  trade: 50,
} as const;
export const TransactionTypeCode = codeSchema(TransactionType);

export const Currency = { IRR: 10, USD: 20, EUR: 30, anyMarket: 100 } as const;
export const CurrencyCode = codeSchema(Currency);

export const Timeframe = z.enum(TIMEFRAMES);
export type Timeframe = z.infer<typeof Timeframe>;

/** Celery's task states. */
export const TaskState = z.enum(['PENDING', 'STARTED', 'PROGRESS', 'SUCCESS', 'FAILURE', 'REVOKED']);
export type TaskState = z.infer<typeof TaskState>;

export const TASK_NAMES = [
  'market.data_update',
  'market.backfill',
  'strategy.recompute_scores',
  'strategy.backtest',
  'notification.expire',
  'notification.deliver',
  'system.test',
  'email.send',
] as const;
export const TaskName = z.enum(TASK_NAMES);
export type TaskName = z.infer<typeof TaskName>;

export const ServiceStatus = z.enum(['running', 'stopped', 'error']);
export type ServiceStatus = z.infer<typeof ServiceStatus>;

/** Market names: the defaults and any an admin adds (lower-case slug). */
export const MarketName = z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, 'must be a market name such as "crypto"');

/** Symbol names: `BTCUSDT`, `FOLD1`, or Persian tickers of the Tehran exchange. */
export const SymbolName = z.string().trim().min(1).max(32);

export const MarketListName = z.enum(['symbols', 'sub_markets', 'categories', 'sources']);
export type MarketListName = z.infer<typeof MarketListName>;

export const DataSourceName = z.enum(['simulated', 'binance', 'csv', 'irproxy']);
export type DataSourceName = z.infer<typeof DataSourceName>;
