import { z } from 'zod';
import { EpochMs, QueryBool } from '../common';
import { DataSourceName, MarketName, SymbolName } from '../codes';
import { Candle } from './klines';
import { MarketPrice, MarketVolume } from './primitives';

/**
 * `/api/ws/market/{market}/live_price`. Every message is `{ _type, params, data }`.
 * Closes: 4401 bad or expired token (log out, do not reconnect), 4404 unknown market.
 * A slow client is never buffered without bound: its pending ticks coalesce to the newest price of
 * each symbol, so it may skip intermediate prices but never receives a stale one after a newer one.
 */
export const LivePriceQuery = z.object({
  /** Browsers cannot set headers on a websocket, so the bearer token comes here. */
  token: z.string().min(1).max(4096),
  /** Omitted: the market's default source. */
  source: DataSourceName.optional(),
  /** Send a `snapshot` of every active symbol first. Default false. */
  initialize_market: QueryBool.default(false),
});
export type LivePriceQuery = z.input<typeof LivePriceQuery>;

/** The live state of one symbol; prices are numbers like every candle (see `MarketPrice`). */
export const LivePrice = z.object({
  symbol: SymbolName,
  price: MarketPrice,
  /** Time of the last trade or tick, epoch ms. */
  timestamp: EpochMs,
  /** Price 24 hours ago; change_24h_pct = (price − open_24h) / open_24h × 100. */
  open_24h: MarketPrice,
  change_24h_pct: z.number(),
  high_24h: MarketPrice,
  low_24h: MarketPrice,
  volume_24h: MarketVolume,
  /** The forming 1m candle, so a chart of any timeframe can move its last candle exactly. */
  candle: Candle,
});
export type LivePrice = z.infer<typeof LivePrice>;

export const LiveSnapshotItem = LivePrice.extend({
  /** Hourly closes of the last 24 hours, oldest first, for the markets screen's sparkline. */
  sparkline: z.array(MarketPrice).max(48),
});
export type LiveSnapshotItem = z.infer<typeof LiveSnapshotItem>;

const StreamParams = z.object({
  market: MarketName,
  source: DataSourceName,
  /** When the server sent the message, epoch ms. */
  timestamp: EpochMs,
});

export const LiveErrorCode = z.enum(['bad_message', 'unknown_symbol', 'too_many_symbols', 'feed_error']);
export type LiveErrorCode = z.infer<typeof LiveErrorCode>;

export const LivePriceServerMessage = z.discriminatedUnion('_type', [
  z.object({ _type: z.literal('snapshot'), params: StreamParams, data: z.array(LiveSnapshotItem) }),
  /** The symbols that changed since the previous batch, one entry each (coalesced per interval). */
  z.object({ _type: z.literal('prices'), params: StreamParams, data: z.array(LivePrice) }),
  /** Confirms subscribe/unsubscribe: the symbols now followed, null = every symbol of the market. */
  z.object({
    _type: z.literal('subscription'),
    params: StreamParams,
    data: z.object({ symbols: z.array(SymbolName).nullable() }),
  }),
  z.object({ _type: z.literal('pong'), params: StreamParams, data: z.object({ server_time: EpochMs }) }),
  /** A problem that does not end the connection; fatal ones close it with a code instead. */
  z.object({
    _type: z.literal('error'),
    params: StreamParams,
    data: z.object({ code: LiveErrorCode, message: z.string() }),
  }),
]);
export type LivePriceServerMessage = z.infer<typeof LivePriceServerMessage>;

export const LIVE_MAX_SYMBOLS = 1000;

const SymbolSet = z.strictObject({
  symbols: z.array(SymbolName).min(1).max(LIVE_MAX_SYMBOLS),
});

/**
 * A new connection follows every symbol of the market. The first `subscribe` narrows it to the
 * symbols named, later ones add to them; `unsubscribe` removes (emptying the set stops `prices`).
 */
export const LivePriceClientMessage = z.discriminatedUnion('_type', [
  /** Every 30 s; `params` and `data` may be left out. */
  z.strictObject({ _type: z.literal('ping'), params: z.strictObject({}).optional(), data: z.null().optional() }),
  z.strictObject({ _type: z.literal('subscribe'), params: z.strictObject({}).optional(), data: SymbolSet }),
  z.strictObject({ _type: z.literal('unsubscribe'), params: z.strictObject({}).optional(), data: SymbolSet }),
]);
export type LivePriceClientMessage = z.input<typeof LivePriceClientMessage>;
