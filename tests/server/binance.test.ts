import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBinanceSource } from '../../server/feeds/binance/binanceSource';
import { BinanceApiError, BinanceDataError, BinanceError, BinanceRateLimitError } from '../../server/feeds/binance/binanceErrors';
import { collectHistory, type LiveCandle, type LiveSubscription, type SourceMarket, type Tick } from '../../server/feeds/source';
import { startBinancePeer, type BinancePeer } from './support/binancePeer';

const crypto: SourceMarket = { name: 'crypto', timezone: 'UTC', tradingHours: null };
const LISTED = Date.UTC(2024, 0, 1);
const NOW = Date.UTC(2024, 0, 10, 12, 0, 30);
const MIN = 60_000;

let peer: BinancePeer;
/** Waits the adapter asked for (Retry-After, backoff), recorded instead of slept. */
let waits: number[];

const source = (extra: Parameters<typeof createBinanceSource>[0] = {}) =>
  createBinanceSource({
    restUrl: peer.restUrl,
    wsUrl: peer.wsUrl,
    now: () => NOW,
    rest: { sleep: async (ms) => void waits.push(ms), maxAttempts: 3, backoffMs: 100 },
    stream: { reconnectMinMs: 20, reconnectMaxMs: 100 },
    ...extra,
  });

const history = (from: number, to: number, symbol = 'BTCUSDT', timeframe: '1m' | '1h' = '1m') =>
  collectHistory(source(), { market: crypto, symbol, timeframe, from, to });

const expectRejects = async <E extends Error>(promise: Promise<unknown>, type: new (...args: any[]) => E) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
};

beforeAll(async () => {
  peer = await startBinancePeer({ symbols: ['BTCUSDT', 'ETHUSDT'], listedAt: LISTED, now: NOW });
});
afterAll(async () => peer.close());
afterEach(() => {
  peer.requests.length = 0;
  waits = [];
});
waits = [];

describe('binance REST klines', () => {
  it('pages a long range 1000 candles at a time, each page starting after the last', async () => {
    const from = Date.UTC(2024, 0, 2);
    const to = from + 2499 * MIN;
    const candles = await history(from, to);
    expect(candles).toHaveLength(2500);
    expect(candles.every((c, i) => c.open_time === from + i * MIN)).toBe(true);
    const expected = peer.candle('BTCUSDT', from + 1234 * MIN);
    expect(candles[1234]).toEqual({
      open_time: expected.openTime,
      open: expected.open,
      high: expected.high,
      low: expected.low,
      close: expected.close,
      volume: expected.volume,
    });
    expect(peer.requests.map((r) => [Number(r.query.startTime), r.query.limit, r.query.symbol, r.query.interval])).toEqual([
      [from, '1000', 'BTCUSDT', '1m'],
      [from + 1000 * MIN, '1000', 'BTCUSDT', '1m'],
      [from + 2000 * MIN, '1000', 'BTCUSDT', '1m'],
    ]);
  });

  it('stops at the last closed candle and at the listing, and serves other intervals', async () => {
    const candles = await history(NOW - 5 * MIN, NOW + 60 * MIN);
    // The candle opening at 12:00 still forms at 12:00:30.
    expect(candles.map((c) => c.open_time)).toEqual([1, 2, 3, 4].map((k) => Date.UTC(2024, 0, 10, 12) - (5 - k) * MIN));
    const early = await history(LISTED - 10 * MIN, LISTED + 2 * MIN);
    expect(early.map((c) => c.open_time)).toEqual([LISTED, LISTED + MIN, LISTED + 2 * MIN]);
    const hours = await history(LISTED, LISTED + 3 * 3_600_000, 'ETHUSDT', '1h');
    expect(hours.map((c) => c.open_time)).toEqual([0, 1, 2, 3].map((h) => LISTED + h * 3_600_000));
    expect(hours[0]!.open).toBe(peer.candle('ETHUSDT', LISTED).open);
    expect(hours[0]!.close).toBe(peer.candle('ETHUSDT', LISTED + 59 * MIN).close);
  });

  it('an empty window asks nothing', async () => {
    expect(await history(NOW + MIN, NOW + 10 * MIN)).toEqual([]);
    expect(peer.requests).toHaveLength(0);
  });

  it('waits as long as a 429 Retry-After says, then goes on', async () => {
    peer.fail({ kind: 'status', status: 429, retryAfterSeconds: 7 });
    const candles = await history(LISTED, LISTED + 9 * MIN);
    expect(candles).toHaveLength(10);
    expect(waits).toEqual([7000]);
    expect(peer.requests).toHaveLength(2);
  });

  it('retries a 5xx after a backoff, asking for the same page again, and pages on', async () => {
    const from = Date.UTC(2024, 0, 3);
    peer.fail({ kind: 'error', status: 503, code: -1001, msg: 'Internal error; unable to process your request.' });
    const candles = await collectHistory(source(), { market: crypto, symbol: 'BTCUSDT', timeframe: '1m', from, to: from + 1499 * MIN });
    expect(candles).toHaveLength(1500);
    expect(new Set(candles.map((c) => c.open_time)).size).toBe(1500);
    expect(peer.requests.map((r) => Number(r.query.startTime))).toEqual([from, from, from + 1000 * MIN]);
    expect(waits).toEqual([100]);
  });

  it('backs off without Retry-After and fails clearly when still limited after every try', async () => {
    peer.fail(...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 429 as const })));
    const error = await expectRejects(history(LISTED, LISTED + MIN), BinanceRateLimitError);
    expect(error.status).toBe(429);
    expect(error.message).toContain('Too much request weight used');
    expect(waits).toEqual([100, 200]);
    expect(peer.requests).toHaveLength(3);
  });

  it('a 418 ban longer than it will wait fails at once, naming the wait', async () => {
    peer.fail({ kind: 'status', status: 418, retryAfterSeconds: 86_400 });
    const error = await expectRejects(history(LISTED, LISTED + MIN), BinanceRateLimitError);
    expect(error.status).toBe(418);
    expect(error.message).toMatch(/418.*IP banned.*Retry-After 86400 s/);
    expect(waits).toEqual([]);
  });

  it("surfaces Binance's {code, msg} and does not retry a refused request", async () => {
    const error = await expectRejects(history(LISTED, LISTED + MIN, 'NOPEUSDT'), BinanceApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe(-1121);
    expect(error.message).toContain('Invalid symbol.');
    expect(peer.requests).toHaveLength(1);
  });

  it('rejects malformed answers, naming what is wrong', async () => {
    peer.fail({ kind: 'malformed', body: '<html>gateway</html>' });
    const notJson = await expectRejects(history(LISTED, LISTED + MIN), BinanceDataError);
    expect(notJson.message).toContain('not JSON');
    peer.fail({ kind: 'badRow' });
    const badRow = await expectRejects(history(LISTED, LISTED + MIN), BinanceDataError);
    expect(badRow.message).toMatch(/row 0 is malformed: 2: must be a decimal string/);
    peer.fail({ kind: 'malformed', body: '{"not":"an array"}' });
    await expectRejects(history(LISTED, LISTED + MIN), BinanceDataError);
  });

  it('an unreachable exchange fails after its tries with the cause', async () => {
    const closed = await startBinancePeer();
    const url = closed.restUrl;
    await closed.close();
    const error = await expectRejects(
      collectHistory(source({ restUrl: url }), { market: crypto, symbol: 'BTCUSDT', timeframe: '1m', from: LISTED, to: LISTED + MIN }),
      BinanceError,
    );
    expect(error.message).toMatch(/unreachable.*ECONNREFUSED/);
    expect(waits).toEqual([100, 200]);
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('task revoked'));
    const request = { market: crypto, symbol: 'BTCUSDT', timeframe: '1m' as const, from: LISTED, to: LISTED + MIN, signal: controller.signal };
    await expect(collectHistory(source(), request)).rejects.toThrow('task revoked');
    expect(peer.requests).toHaveLength(0);
  });

  it('refuses 1d for a market whose days are not UTC days', async () => {
    const tse: SourceMarket = { name: 'tse', timezone: 'Asia/Tehran', tradingHours: null };
    const error = await expectRejects(
      collectHistory(source(), { market: tse, symbol: 'BTCUSDT', timeframe: '1d', from: LISTED, to: NOW }),
      BinanceError,
    );
    expect(error.message).toContain('Asia/Tehran');
  });
});

describe('binance streams', () => {
  interface Received {
    ticks: Tick[][];
    candles: LiveCandle[];
    errors: Error[];
  }
  let subscription: LiveSubscription | undefined;

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(check()).toBe(true);
  };

  afterEach(async () => {
    await subscription?.close();
    subscription = undefined;
    // The peer forgets a socket when its close arrives: wait, so the next test counts only its own.
    await until(() => peer.connections().length === 0);
  });

  const follow = (symbols: string[]) => {
    const received: Received = { ticks: [], candles: [], errors: [] };
    subscription = source().subscribe!(
      { market: crypto, symbols: symbols.map((name) => ({ name })), intervalMs: 50 },
      {
        onTicks: (ticks) => received.ticks.push(ticks),
        onCandleClose: (candles) => received.candles.push(...candles),
        onError: (error) => received.errors.push(error),
      },
    );
    return received;
  };

  it('listens to the kline and ticker streams of every symbol on one combined connection', async () => {
    follow(['BTCUSDT', 'ethusdt']);
    await peer.waitForConnections(1);
    expect(peer.connections()).toEqual([['btcusdt@kline_1m', 'btcusdt@ticker', 'ethusdt@kline_1m', 'ethusdt@ticker']]);
  });

  it('turns closing klines into candles and prices into coalesced ticks', async () => {
    const received = follow(['BTCUSDT']);
    await peer.waitForConnections(1);
    const t = Date.UTC(2024, 0, 10, 11, 58);
    peer.pushKline('BTCUSDT', t, false);
    peer.pushKline('BTCUSDT', t, true);
    await until(() => received.candles.length === 1);
    const c = peer.candle('BTCUSDT', t);
    expect(received.candles[0]).toEqual({
      symbol: 'BTCUSDT',
      timeframe: '1m',
      closed: true,
      open_time: t,
      open: c.open,
      high: c.high,
      low: c.low,
      close: c.close,
      volume: c.volume,
    });
    peer.pushTicker('BTCUSDT', 43_210.5, t + 90_000);
    await until(() => received.ticks.flat().some((tick) => tick.price === 43_210.5));
    const all = received.ticks.flat();
    expect(all.every((tick) => tick.symbol === 'BTCUSDT')).toBe(true);
    // The same candle's cumulative volume sent twice counts once.
    expect(all.reduce((sum, tick) => sum + tick.volume, 0)).toBeCloseTo(c.volume, 9);
    expect(received.errors).toEqual([]);
  });

  it('reports malformed messages and keeps listening', async () => {
    const received = follow(['BTCUSDT']);
    await peer.waitForConnections(1);
    peer.pushRaw('not json at all');
    peer.pushRaw(JSON.stringify({ stream: 'btcusdt@kline_1m', data: { e: 'kline', E: 1, s: 'BTCUSDT', k: { t: 'soon' } } }));
    peer.pushKline('BTCUSDT', Date.UTC(2024, 0, 10, 11, 0), true);
    await until(() => received.candles.length === 1 && received.errors.length === 2);
    expect(received.errors[0]!.message).toContain('not JSON');
    expect(received.errors[1]!.message).toMatch(/kline event is malformed: k\.t/);
  });

  it('reconnects after the exchange drops the connection, and reports the drop', async () => {
    const received = follow(['ETHUSDT']);
    await peer.waitForConnections(1);
    peer.dropConnections();
    await until(() => received.errors.some((e) => e.message.includes('reconnecting')));
    await until(() => peer.connections().length === 1);
    peer.pushKline('ETHUSDT', Date.UTC(2024, 0, 10, 11, 30), true);
    await until(() => received.candles.length === 1);
    expect(received.candles[0]!.symbol).toBe('ETHUSDT');
  });

  it('follows symbols added and removed, and ignores the ones it no longer follows', async () => {
    const received = follow(['BTCUSDT']);
    await peer.waitForConnections(1);
    subscription!.add([{ name: 'ETHUSDT' }]);
    await until(() => peer.connections().length === 1 && peer.connections()[0]!.includes('ethusdt@ticker'));
    subscription!.remove(['BTCUSDT']);
    await until(() => peer.connections().length === 1 && !peer.connections()[0]!.includes('btcusdt@ticker'));
    peer.pushTicker('BTCUSDT', 1, NOW);
    peer.pushTicker('ETHUSDT', 2_500, NOW);
    await until(() => received.ticks.length > 0);
    expect(received.ticks.flat().map((t) => [t.symbol, t.price])).toEqual([['ETHUSDT', 2_500]]);
  });

  it('calls nothing after close', async () => {
    const received = follow(['BTCUSDT']);
    await peer.waitForConnections(1);
    await subscription!.close();
    await until(() => peer.connections().length === 0);
    peer.pushKline('BTCUSDT', NOW - MIN, true);
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toEqual({ ticks: [], candles: [], errors: [] });
  });
});
