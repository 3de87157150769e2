import { z } from 'zod';
import type { Candle } from '../../../contract/market/klines';
import { BinanceDataError } from './binanceErrors';

/**
 * Binance's wire shapes, checked before anything is stored: prices and volumes travel as decimal
 * strings, so each is parsed to a finite, non-negative number here and a bad one is an error that
 * names the row, never a NaN in the database.
 */
const Decimal = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'must be a decimal string')
  .transform(Number)
  .pipe(z.number().finite().nonnegative());
const Time = z.number().int().nonnegative();

/** `[openTime, open, high, low, close, volume, closeTime, …]`; the rest is ignored. */
const RestKlineRow = z
  .tuple([Time, Decimal, Decimal, Decimal, Decimal, Decimal, Time])
  .rest(z.unknown())
  .transform(([open_time, open, high, low, close, volume]) => ({ open_time, open, high, low, close, volume }));

const ErrorBody = z.object({ code: z.number().int(), msg: z.string() });

const KlineEvent = z.object({
  e: z.literal('kline'),
  E: Time,
  s: z.string(),
  k: z.object({ t: Time, T: Time, i: z.string(), o: Decimal, h: Decimal, l: Decimal, c: Decimal, v: Decimal, x: z.boolean() }),
});

const TickerEvent = z.object({
  e: z.literal('24hrTicker'),
  E: Time,
  s: z.string(),
  c: Decimal,
  o: Decimal,
  h: Decimal,
  l: Decimal,
  v: Decimal,
  q: Decimal,
});

export type StreamKline = Candle & { symbol: string; interval: string; closed: boolean; eventTime: number };
export interface StreamTicker {
  symbol: string;
  eventTime: number;
  lastPrice: number;
  open24h: number;
  high24h: number;
  low24h: number;
  /** Base-asset volume of the last 24 h (rolling). */
  volume24h: number;
}
export type StreamEvent = { type: 'kline'; kline: StreamKline } | { type: 'ticker'; ticker: StreamTicker } | { type: 'other' };

const describe = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');

/** A page of `/api/v3/klines`; a malformed row fails the whole page, naming its index. */
export function parseKlinePage(body: unknown): Candle[] {
  if (!Array.isArray(body)) throw new BinanceDataError('Binance klines answer is not an array');
  return body.map((row, index) => {
    const parsed = RestKlineRow.safeParse(row);
    if (!parsed.success) throw new BinanceDataError(`Binance kline row ${index} is malformed: ${describe(parsed.error)}`);
    return parsed.data;
  });
}

/** The `{code, msg}` of an error answer, when the body has that shape. */
export function parseErrorBody(body: unknown): { code: number; msg: string } | undefined {
  const parsed = ErrorBody.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

/**
 * One websocket message, raw (`/ws/…`: the event itself) or combined (`/stream?streams=…`:
 * `{stream, data}`). Messages of other kinds (subscription answers) are `other`; a kline or ticker
 * of the wrong shape throws.
 */
export function parseStreamMessage(text: string): StreamEvent {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    throw new BinanceDataError(`Binance stream sent text that is not JSON: ${text.slice(0, 80)}`);
  }
  const event =
    message && typeof message === 'object' && 'stream' in message && 'data' in message ? (message as { data: unknown }).data : message;
  const kind = event && typeof event === 'object' ? (event as { e?: unknown }).e : undefined;
  if (kind === 'kline') {
    const parsed = KlineEvent.safeParse(event);
    if (!parsed.success) throw new BinanceDataError(`Binance kline event is malformed: ${describe(parsed.error)}`);
    const { s, E, k } = parsed.data;
    return {
      type: 'kline',
      kline: { symbol: s, eventTime: E, interval: k.i, closed: k.x, open_time: k.t, open: k.o, high: k.h, low: k.l, close: k.c, volume: k.v },
    };
  }
  if (kind === '24hrTicker') {
    const parsed = TickerEvent.safeParse(event);
    if (!parsed.success) throw new BinanceDataError(`Binance ticker event is malformed: ${describe(parsed.error)}`);
    const t = parsed.data;
    return {
      type: 'ticker',
      ticker: { symbol: t.s, eventTime: t.E, lastPrice: t.c, open24h: t.o, high24h: t.h, low24h: t.l, volume24h: t.v },
    };
  }
  return { type: 'other' };
}
