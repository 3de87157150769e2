import { z } from 'zod';
import { EpochMs, Id } from '../common';
import { MarketName, SymbolName } from '../codes';
import { defineSocket } from '../endpoint';
import { NotificationLiveMessage } from '../notifications/schemas';
import { Score, Signal } from '../signals/scores';
import { ServiceLiveMessage } from '../system/services';
import { TaskLiveMessage } from '../system/tasks';

/** Browsers cannot set headers on a websocket, so the access token travels in the query. */
export const AppSocketQuery = z.object({ token: z.string().min(1).max(4096) });

/** What changed in the market info the app caches (symbols of a market, or the user's subscriptions). */
export const MarketInfoLiveMessage = z.object({
  _type: z.literal('market_info'),
  params: z.object({ kind: z.enum(['symbols', 'subscriptions', 'sub_markets', 'categories']), market: MarketName.nullable() }),
  data: z.object({ changed_at: EpochMs }),
});

/** New scores of one of the user's subscriptions after a candle close; `signals` holds any crossing. */
export const ScoreLiveMessage = z.object({
  _type: z.literal('score'),
  params: z.object({ subscription_id: Id, market: MarketName, symbol: SymbolName.optional() }),
  data: z.object({ scores: z.array(Score), signals: z.array(Signal) }),
});

export const PongMessage = z.object({
  _type: z.literal('pong'),
  params: z.object({}).optional(),
  data: z.object({ server_time: EpochMs }),
});

export const AppServerMessage = z.discriminatedUnion('_type', [
  NotificationLiveMessage,
  TaskLiveMessage,
  ServiceLiveMessage,
  MarketInfoLiveMessage,
  ScoreLiveMessage,
  PongMessage,
]);
export type AppServerMessage = z.infer<typeof AppServerMessage>;

/** The heartbeat (every 30 s) and, after a reconnect, the id of the newest notification seen. */
export const AppClientMessage = z.discriminatedUnion('_type', [
  z.object({ _type: z.literal('ping'), params: z.object({}).optional(), data: z.unknown().optional() }),
  z.object({
    _type: z.literal('resume'),
    params: z.object({ last_notification_id: Id.nullable() }),
    data: z.unknown().optional(),
  }),
]);
export type AppClientMessage = z.infer<typeof AppClientMessage>;

export const appSocket = defineSocket({
  id: 'websocket.app',
  method: 'WS',
  path: '/api/ws/app',
  access: 'user',
  area: 'websocket',
  summary:
    "The signed-in user's live channel: notifications, task progress, service status, market info and scores. Closes 4401 on a bad token.",
  query: AppSocketQuery,
  serverMessage: AppServerMessage,
  clientMessage: AppClientMessage,
});
