import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Klines } from '../../contract/market/klines';
import type { KlineWrite } from '../../server/store/repositories/klines';
import { HOUR, MIN, T0, query, sixHours, storeCandles } from './klines/klineFixture';
import { startTestServer, type TestServer } from './support/testServer';

type Candle = [open_time: number, open: number, high: number, low: number, close: number, volume: number];
const at = (iso: string) => Date.parse(iso);

// Hand-computed from the fixture's rule (see klineFixture.ts).
const HOURS: Candle[] = [
  [T0, 1000, 1064, 997, 1060, 60],
  [T0 + HOUR, 1060, 1104, 1057, 1100, 40],
  [T0 + 2 * HOUR, 1130, 1184, 1127, 1180, 50],
  [T0 + 3 * HOUR, 1180, 1244, 1177, 1240, 60],
  [T0 + 4 * HOUR, 1240, 1304, 1237, 1300, 60],
  [T0 + 5 * HOUR, 1300, 1364, 1297, 1360, 60],
];

/** Around a Tehran midnight (20:30 UTC), for ir_crypto (Asia/Tehran) and crypto (UTC) alike. */
const midnightRows = (market: string, symbol: string): KlineWrite[] =>
  (
    [
      [at('2024-03-09T20:28:00Z'), 1, 2, 0.5, 1.5, 1],
      [at('2024-03-09T20:29:00Z'), 1.5, 3, 1.4, 2.5, 2],
      [at('2024-03-09T20:30:00Z'), 2.5, 2.6, 2, 2.1, 4],
      [at('2024-03-09T23:59:00Z'), 2.1, 5, 2.1, 4, 8],
      [at('2024-03-10T00:00:00Z'), 4, 4.5, 3.5, 3.6, 16],
    ] as Candle[]
  ).map(([open_time, open, high, low, close, volume]) => ({ market, symbol, source: 'simulated', timeframe: '1m', open_time, open, high, low, close, volume }));

describe('klines', () => {
  let t: TestServer;
  let token: string;
  const get = (params: Record<string, string | number | boolean>) =>
    t.call('GET', `/api/core/market/klines?${query({ market: 'crypto', symbol: 'BTCUSDT', ...params })}`, { token });
  /** Candles of an answer as rows, whichever shape it came in. */
  const candles = (body: Klines): Candle[] =>
    body.return_as === 'arrays'
      ? body.data.open_time.map((time, i) => [time, body.data.open[i]!, body.data.high[i]!, body.data.low[i]!, body.data.close[i]!, body.data.volume[i]!])
      : body.data.map((c) => [c.open_time, c.open, c.high, c.low, c.close, c.volume]);

  beforeAll(async () => {
    t = await startTestServer();
    token = (await t.createUser('trader@bazaar.test')).token;
    await storeCandles(t, sixHours());
    await storeCandles(t, midnightRows('ir_crypto', 'BTCIRT'));
    await storeCandles(t, midnightRows('crypto', 'ETHUSDT'));
  });
  afterAll(async () => t?.close());

  it('serves stored 1m candles as objects by default, with the header', async () => {
    const res = await get({ timeframe: '1m', from_timestamp: T0 });
    expect(res.status).toBe(200);
    expect(Klines.parse(res.body)).toBeTruthy();
    expect(res.body).toMatchObject({ return_as: 'objects', market: 'crypto', symbol: 'BTCUSDT', source: 'simulated', timeframe: '1m', count: 330, has_more: false, forming_open_time: null });
    expect(res.body.data[0]).toEqual({ open_time: T0, open: 1000, high: 1005, low: 997, close: 1001, volume: 1 });
    expect(res.body.data[99].open_time).toBe(T0 + 99 * MIN);
    expect(res.body.data[100].open_time).toBe(T0 + 130 * MIN);
  });

  it('aggregates every timeframe with exact UTC boundaries', async () => {
    const expected: Record<string, { count: number; some: Candle[] }> = {
      '3m': { count: 111, some: [[T0 + 99 * MIN, 1099, 1104, 1096, 1100, 1], [T0 + 129 * MIN, 1130, 1136, 1127, 1132, 2]] },
      '5m': { count: 66, some: [[T0 + 95 * MIN, 1095, 1104, 1092, 1100, 5], [T0 + 130 * MIN, 1130, 1139, 1127, 1135, 5]] },
      '15m': { count: 23, some: [[T0 + 90 * MIN, 1090, 1104, 1087, 1100, 10], [T0 + 120 * MIN, 1130, 1139, 1127, 1135, 5]] },
      '30m': { count: 12, some: [[T0 + 90 * MIN, 1090, 1104, 1087, 1100, 10], [T0 + 120 * MIN, 1130, 1154, 1127, 1150, 20]] },
      '1h': { count: 6, some: HOURS },
      '2h': { count: 3, some: [[T0, 1000, 1104, 997, 1100, 100], [T0 + 2 * HOUR, 1130, 1244, 1127, 1240, 110], [T0 + 4 * HOUR, 1240, 1364, 1237, 1360, 120]] },
      '4h': { count: 2, some: [[T0, 1000, 1244, 997, 1240, 210], [T0 + 4 * HOUR, 1240, 1364, 1237, 1360, 120]] },
      '12h': { count: 1, some: [[T0, 1000, 1364, 997, 1360, 330]] },
      '1d': { count: 1, some: [[T0, 1000, 1364, 997, 1360, 330]] },
    };
    for (const [timeframe, { count, some }] of Object.entries(expected)) {
      const res = await get({ timeframe, from_timestamp: T0 });
      expect(res.status, timeframe).toBe(200);
      expect(res.body.count, timeframe).toBe(count);
      const byTime = new Map(candles(res.body).map((c) => [c[0], c]));
      for (const candle of some) expect(byTime.get(candle[0]), `${timeframe} at ${candle[0]}`).toEqual(candle);
      expect(res.body.forming_open_time).toBeNull();
    }
  });

  it('answers columns with return_as=arrays, the same candles as objects', async () => {
    const arrays = await get({ timeframe: '1h', from_timestamp: T0, return_as: 'arrays' });
    expect(arrays.body.return_as).toBe('arrays');
    expect(arrays.body.data.open_time).toEqual(HOURS.map((c) => c[0]));
    expect(arrays.body.data.close).toEqual(HOURS.map((c) => c[4]));
    expect(candles(arrays.body)).toEqual(HOURS);
    const objects = await get({ timeframe: '1h', from_timestamp: T0, return_as: 'objects' });
    expect(candles(objects.body)).toEqual(candles(arrays.body));
  });

  it('keeps the oldest candles under limit, the newest with read_from_last, and says more exist', async () => {
    const oldest = await get({ timeframe: '1h', from_timestamp: T0, limit: 2 });
    expect(candles(oldest.body)).toEqual(HOURS.slice(0, 2));
    expect(oldest.body.has_more).toBe(true);
    const newest = await get({ timeframe: '1h', from_timestamp: T0, limit: 2, read_from_last: true });
    expect(candles(newest.body)).toEqual(HOURS.slice(4));
    expect(newest.body.has_more).toBe(true);
    const all = await get({ timeframe: '1h', from_timestamp: T0, limit: 6, read_from_last: true });
    expect(all.body.has_more).toBe(false);
    const minutes = await get({ timeframe: '1m', from_timestamp: T0, limit: 3, read_from_last: true, to_timestamp: T0 + 131 * MIN });
    expect(candles(minutes.body).map((c) => c[0])).toEqual([T0 + 99 * MIN, T0 + 130 * MIN, T0 + 131 * MIN]);
    expect(minutes.body.has_more).toBe(true);
  });

  it('pages forward with an exclusive from_timestamp and reaches the end', async () => {
    const seen: number[] = [];
    let from = T0;
    let inclusive = true;
    for (let page = 0; page < 10; page += 1) {
      const res = await get({ timeframe: '15m', from_timestamp: from, from_timestamp_inclusive: inclusive, limit: 5 });
      seen.push(...res.body.data.map((c: { open_time: number }) => c.open_time));
      if (!res.body.has_more) break;
      from = seen.at(-1)!;
      inclusive = false;
    }
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('bounds the window by open time: from inclusive or not, a from inside a candle, to inclusive', async () => {
    const times = async (params: Record<string, string | number | boolean>) =>
      candles((await get({ timeframe: '1h', ...params })).body).map((c) => (c[0] - T0) / HOUR);
    expect(await times({ from_timestamp: T0 + HOUR })).toEqual([1, 2, 3, 4, 5]);
    expect(await times({ from_timestamp: T0 + HOUR, from_timestamp_inclusive: false })).toEqual([2, 3, 4, 5]);
    expect(await times({ from_timestamp: T0 + 90 * MIN })).toEqual([2, 3, 4, 5]);
    expect(await times({ from_timestamp: T0, to_timestamp: T0 + 2 * HOUR })).toEqual([0, 1, 2]);
    expect(await times({ from_timestamp: T0, to_timestamp: T0 + 2 * HOUR - 1 })).toEqual([0, 1]);
    // A candle is whole even when the window's end cuts through it.
    const cut = await get({ timeframe: '1h', from_timestamp: T0, to_timestamp: T0 + 2 * HOUR + 1 });
    expect(candles(cut.body).at(-1)).toEqual(HOURS[2]);
    expect((await get({ timeframe: '1h', from_timestamp: T0 + 6 * HOUR })).body.count).toBe(0);
  });

  it('cuts daily candles at the market midnight: 20:30 UTC in Tehran, 00:00 UTC for crypto', async () => {
    const from = at('2024-03-08T00:00:00Z');
    const tehran = await t.call('GET', `/api/core/market/klines?${query({ market: 'ir_crypto', symbol: 'BTCIRT', timeframe: '1d', from_timestamp: from })}`, { token });
    expect(candles(tehran.body)).toEqual([
      [at('2024-03-08T20:30:00Z'), 1, 3, 0.5, 2.5, 3],
      [at('2024-03-09T20:30:00Z'), 2.5, 5, 2, 3.6, 28],
    ]);
    const utc = await get({ symbol: 'ETHUSDT', timeframe: '1d', from_timestamp: from });
    expect(candles(utc.body)).toEqual([
      [at('2024-03-09T00:00:00Z'), 1, 5, 0.5, 4, 15],
      [at('2024-03-10T00:00:00Z'), 4, 4.5, 3.5, 3.6, 16],
    ]);
    // 12h stays on UTC boundaries in Tehran too.
    const halfDays = await t.call('GET', `/api/core/market/klines?${query({ market: 'ir_crypto', symbol: 'BTCIRT', timeframe: '12h', from_timestamp: from })}`, { token });
    expect(candles(halfDays.body)).toEqual([
      [at('2024-03-09T12:00:00Z'), 1, 5, 0.5, 4, 15],
      [at('2024-03-10T00:00:00Z'), 4, 4.5, 3.5, 3.6, 16],
    ]);
  });

  it('includes the forming candle only with latest=true, and flags it', async () => {
    const minute = Math.floor(Date.now() / MIN) * MIN;
    const rows: KlineWrite[] = [-2, -1, 0].map((k) => ({ market: 'crypto', symbol: 'SOLUSDT', source: 'simulated', timeframe: '1m', open_time: minute + k * MIN, open: 10, high: 12 + k, low: 9, close: 11, volume: 2 }));
    await storeCandles(t, rows);
    const before = Date.now();
    const withForming = await get({ symbol: 'SOLUSDT', timeframe: '1m', from_timestamp: minute - 2 * MIN, latest: true });
    const without = await get({ symbol: 'SOLUSDT', timeframe: '1m', from_timestamp: minute - 2 * MIN });
    const after = Date.now();
    const last = withForming.body.data.at(-1).open_time;
    expect([Math.floor(before / MIN) * MIN, Math.floor(after / MIN) * MIN]).toContain(withForming.body.forming_open_time);
    expect(withForming.body.forming_open_time).toBe(last);
    expect(without.body.forming_open_time).toBeNull();
    for (const c of without.body.data) expect(c.open_time + MIN).toBeLessThanOrEqual(after);

    // The UTC day holding them is forming too; without latest it is left out.
    const day = Math.floor(before / 86_400_000) * 86_400_000;
    const daily = await get({ symbol: 'SOLUSDT', timeframe: '1d', from_timestamp: day, latest: true });
    expect(daily.body.forming_open_time).toBe(day);
    expect(daily.body.data).toEqual([{ open_time: day, open: 10, high: 12, low: 9, close: 11, volume: 6 }]);
    expect((await get({ symbol: 'SOLUSDT', timeframe: '1d', from_timestamp: day })).body.count).toBe(0);
  });

  it('reads the named source, and the market default when none is named', async () => {
    await storeCandles(t, [{ market: 'crypto', symbol: 'BTCUSDT', source: 'binance', timeframe: '1m', open_time: T0, open: 7, high: 8, low: 6, close: 7.5, volume: 9 }]);
    const binance = await get({ timeframe: '1m', from_timestamp: T0, source: 'binance' });
    expect(binance.body).toMatchObject({ source: 'binance', count: 1, data: [{ open_time: T0, open: 7, high: 8, low: 6, close: 7.5, volume: 9 }] });
    expect((await get({ timeframe: '1m', from_timestamp: T0, limit: 1 })).body).toMatchObject({ source: 'simulated', data: [{ open: 1000 }] });
    expect((await get({ timeframe: '1m', source: 'nasdaq' })).status).toBe(422);
  });

  it('stores idempotently by key: a batch sent again changes nothing, a changed candle replaces the stored one', async () => {
    const rows = midnightRows('tse', 'فولاد');
    expect(await storeCandles(t, rows)).toEqual({ inserted: 5, updated: 0, unchanged: 0 });
    expect(await storeCandles(t, rows)).toEqual({ inserted: 0, updated: 0, unchanged: 5 });
    const changed = { ...rows[0]!, close: 1.75 };
    expect(await storeCandles(t, [changed, rows[1]!, rows[1]!])).toEqual({ inserted: 0, updated: 1, unchanged: 2 });
    const res = await t.call('GET', `/api/core/market/klines?${query({ market: 'tse', symbol: 'فولاد', timeframe: '1m', from_timestamp: rows[0]!.open_time, limit: 1 })}`, { token });
    expect(res.body.data).toEqual([{ open_time: rows[0]!.open_time, open: 1, high: 2, low: 0.5, close: 1.75, volume: 1 }]);
  });

  it('counts a large mixed batch exactly: new, changed and resent candles', async () => {
    const first = sixHours('crypto', 'BNBUSDT');
    expect(await storeCandles(t, first)).toEqual({ inserted: 330, updated: 0, unchanged: 0 });
    const gap = Array.from({ length: 30 }, (_, k) => ({ ...first[0]!, open_time: T0 + (100 + k) * MIN }));
    const again = [...first, ...gap].map((row, i) => (i === 10 || i === 200 ? { ...row, close: row.close + 0.5 } : row));
    expect(await storeCandles(t, again)).toEqual({ inserted: 30, updated: 2, unchanged: 328 });
    const res = await get({ symbol: 'BNBUSDT', timeframe: '1m', from_timestamp: T0 });
    expect(res.body.count).toBe(360);
    expect(res.body.data[10].close).toBe(1011.5);
    expect(res.body.data[100]).toEqual({ open_time: T0 + 100 * MIN, open: 1000, high: 1005, low: 997, close: 1001, volume: 1 });
  });

  it('refuses a bad batch from a source whole, storing none of it', async () => {
    const { klines } = t.server.app.ctx.services;
    const good = { market: 'crypto', symbol: 'XRPUSDT', source: 'simulated', timeframe: '1m' as const, open_time: T0, open: 1, high: 2, low: 0.5, close: 1.5, volume: 3 };
    await expect(klines.insert([good, { ...good, open_time: T0 + MIN, low: 5 }])).rejects.toMatchObject({ status: 422, fieldErrors: [{ loc: ['klines', 1, 'low'] }] });
    await expect(klines.insert([good, { ...good, open_time: T0 + 30_000 }])).rejects.toMatchObject({ status: 422, fieldErrors: [{ loc: ['klines', 1, 'open_time'] }] });
    expect((await get({ symbol: 'XRPUSDT', timeframe: '1m', from_timestamp: 0 })).body.count).toBe(0);
    expect(await klines.insert([good])).toEqual({ inserted: 1, updated: 0, unchanged: 0 });
  });

  it('gives the last candle of a symbol in any timeframe', async () => {
    const { klines } = t.server.app.ctx.services;
    expect(await klines.lastKline('crypto', 'BTCUSDT', '1h')).toEqual({
      market: 'crypto', symbol: 'BTCUSDT', source: 'simulated', timeframe: '1h', closed: true,
      open_time: T0 + 5 * HOUR, open: 1300, high: 1364, low: 1297, close: 1360, volume: 60,
    });
    expect(await klines.lastKline('crypto', 'ADAUSDT', '1m')).toBeNull();
    await expect(klines.lastKline('crypto', 'NOPEUSDT', '1m')).rejects.toMatchObject({ status: 404 });
  });

  it('answers 404 for an unknown market or symbol and 422 naming a bad parameter', async () => {
    expect((await get({ market: 'nasdaq', timeframe: '1m' })).status).toBe(404);
    expect((await get({ symbol: 'NOPEUSDT', timeframe: '1m' })).status).toBe(404);
    const field = async (params: Record<string, string | number | boolean>) => {
      const res = await get(params);
      expect(res.status, JSON.stringify(params)).toBe(422);
      return res.body.detail.map((d: { loc: string[] }) => d.loc.join('.'));
    };
    expect(await field({ timeframe: '7m' })).toContain('query.timeframe');
    expect(await field({ timeframe: '1m', limit: 10_001 })).toContain('query.limit');
    expect(await field({ timeframe: '1m', limit: 0 })).toContain('query.limit');
    expect(await field({ timeframe: '1m', from_timestamp: 2000, to_timestamp: 1000 })).toContain('query.from_timestamp');
    expect(await field({ timeframe: '1m', from_timestamp: 'yesterday' })).toContain('query.from_timestamp');
    expect(await field({ timeframe: '1m', return_as: 'csv' })).toContain('query.return_as');
    expect(await field({ timeframe: '1m', latest: 'maybe' })).toContain('query.latest');
    expect((await get({ timeframe: '1m', limit: 10_000 })).status).toBe(200);
    // Times past the end of the Date range are valid epoch ms, and simply hold no candles.
    const far = { timeframe: '1d', from_timestamp: 8_700_000_000_000_000, to_timestamp: 9_000_000_000_000_000 };
    expect((await get(far)).body.count).toBe(0);
    const farTehran = await t.call('GET', `/api/core/market/klines?${query({ market: 'ir_crypto', symbol: 'BTCIRT', ...far, from_timestamp: 0 })}`, { token });
    expect(farTehran.body.count).toBe(2);
  });

  it('requires sign-in', async () => {
    expect((await t.call('GET', `/api/core/market/klines?${query({ market: 'crypto', symbol: 'BTCUSDT', timeframe: '1m' })}`)).status).toBe(401);
  });
});
