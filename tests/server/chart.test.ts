import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChartBars, ChartSymbolList, TV_RESOLUTIONS } from '../../contract/market/chart';
import { HOUR, MIN, T0, query, sixHours, storeCandles } from './klines/klineFixture';
import { startTestServer, type TestServer } from './support/testServer';

const at = (iso: string) => Date.parse(iso);

describe('chart (TradingView-style) calls', () => {
  let t: TestServer;
  let token: string;
  const call = (path: string, params: Record<string, string | number | boolean>) =>
    t.call('GET', `${path}?${query(params)}`, { token });
  const bars = (params: Record<string, string | number | boolean>) =>
    call('/api/tradingview/bars', { market: 'crypto', symbol: 'BTCUSDT', ...params });

  beforeAll(async () => {
    t = await startTestServer();
    token = (await t.createUser('charts@bazaar.test')).token;
    await storeCandles(t, sixHours());
    await storeCandles(t, [
      { market: 'tse', symbol: 'فولاد', source: 'simulated', timeframe: '1m', open_time: at('2024-03-09T05:30:00Z'), open: 5000, high: 5100, low: 4950, close: 5050, volume: 1000 },
      { market: 'tse', symbol: 'فولاد', source: 'simulated', timeframe: '1m', open_time: at('2024-03-09T08:59:00Z'), open: 5050, high: 5200, low: 5000, close: 5150, volume: 500 },
      { market: 'tse', symbol: 'فولاد', source: 'simulated', timeframe: '1m', open_time: at('2024-03-09T20:30:00Z'), open: 5150, high: 5160, low: 5140, close: 5155, volume: 10 },
    ]);
  });
  afterAll(async () => t?.close());

  describe('/tradingview/symbols', () => {
    it("describes a market's symbols for a chart, with the oldest stored candle", async () => {
      const res = await call('/api/tradingview/symbols', { market: 'crypto' });
      expect(res.status).toBe(200);
      const list = ChartSymbolList.parse(res.body);
      expect(list.count).toBe(list.data.length);
      expect(list.count).toBeGreaterThan(1);
      const btc = list.data.find((s) => s.name === 'BTCUSDT')!;
      expect(btc).toMatchObject({
        ticker: 'crypto:BTCUSDT', market: 'crypto', main_symbol: 'BTC', quote_symbol: 'USDT', timezone: 'UTC', session: '24x7',
        minmov: 1, has_intraday: true, supported_resolutions: [...TV_RESOLUTIONS], first_time: T0,
      });
      expect(btc.pricescale).toBe(10 ** btc.price_precision);
      expect(list.data.find((s) => s.name === 'ETHUSDT')!.first_time).toBeNull();
    });

    it('gives the Tehran exchange its time zone and Saturday–Wednesday session', async () => {
      const res = await call('/api/tradingview/symbols', { market: 'tse' });
      const steel = res.body.data.find((s: { name: string }) => s.name === 'فولاد');
      expect(steel).toMatchObject({ timezone: 'Asia/Tehran', session: '0900-1230:71234', pricescale: 1, first_time: at('2024-03-09T05:30:00Z') });
    });

    it('filters by is_active once a symbol is deactivated', async () => {
      const admin = await t.adminToken();
      const all = await call('/api/tradingview/symbols', { market: 'crypto' });
      const doge = all.body.data.find((s: { name: string }) => s.name === 'DOGEUSDT');
      const items = await t.call('GET', `/api/core/market/list/symbols?${query({ market: 'crypto', search: 'DOGEUSDT' })}`, { token: admin });
      const id = items.body.data[0].id;
      expect((await t.call('PUT', `/api/core/market/list/symbols/${id}`, { token: admin, json: { is_active: false } })).status).toBe(200);
      const active = await call('/api/tradingview/symbols', { market: 'crypto', is_active: true });
      const inactive = await call('/api/tradingview/symbols', { market: 'crypto', is_active: false });
      expect(doge.is_active).toBe(true);
      expect(active.body.data.map((s: { name: string }) => s.name)).not.toContain('DOGEUSDT');
      expect(inactive.body.data.map((s: { name: string }) => s.name)).toEqual(['DOGEUSDT']);
      expect(active.body.count + inactive.body.count).toBe(all.body.count);
    });

    it('answers 404 for an unknown market', async () => {
      expect((await call('/api/tradingview/symbols', { market: 'nasdaq' })).status).toBe(404);
    });
  });

  describe('/tradingview/bars', () => {
    it('answers UDF columns for a window, the resolution aggregated by hand-checked rules', async () => {
      const res = await bars({ resolution: '60', timestamp_from: T0 + HOUR, timestamp_to: T0 + 3 * HOUR });
      expect(res.status).toBe(200);
      expect(ChartBars.parse(res.body)).toBeTruthy();
      expect(res.body).toEqual({
        s: 'ok',
        t: [T0 + HOUR, T0 + 2 * HOUR, T0 + 3 * HOUR],
        o: [1060, 1130, 1180],
        h: [1104, 1184, 1244],
        l: [1057, 1127, 1177],
        c: [1100, 1180, 1240],
        v: [40, 50, 60],
      });
      // Our timeframe names are accepted as resolutions too.
      expect((await bars({ resolution: '1h', timestamp_from: T0 + HOUR, timestamp_to: T0 + 3 * HOUR })).body).toEqual(res.body);
      const fourHours = await bars({ resolution: '240', timestamp_from: T0 });
      expect(fourHours.body).toEqual({ s: 'ok', t: [T0, T0 + 4 * HOUR], o: [1000, 1240], h: [1244, 1364], l: [997, 1237], c: [1240, 1360], v: [210, 120] });
    });

    it('with countback answers that many bars ending at timestamp_to, whatever timestamp_from says', async () => {
      const res = await bars({ resolution: '60', timestamp_from: T0 + 5 * HOUR, timestamp_to: T0 + 4 * HOUR, countback: 2 });
      expect(res.status).toBe(422); // from after to is refused even with countback
      const back = await bars({ resolution: '60', timestamp_to: T0 + 4 * HOUR, countback: 2 });
      expect(back.body).toMatchObject({ s: 'ok', t: [T0 + 3 * HOUR, T0 + 4 * HOUR], c: [1240, 1300] });
      const ignoringFrom = await bars({ resolution: '60', timestamp_from: T0 + 4 * HOUR, timestamp_to: T0 + 4 * HOUR, countback: 2 });
      expect(ignoringFrom.body).toEqual(back.body);
      const minutes = await bars({ resolution: '1', timestamp_to: T0 + 130 * MIN, countback: 3 });
      expect(minutes.body.t).toEqual([T0 + 98 * MIN, T0 + 99 * MIN, T0 + 130 * MIN]);
      // Fewer only when history runs out.
      const all = await bars({ resolution: '60', timestamp_to: T0 + 10 * HOUR, countback: 100 });
      expect(all.body.t).toHaveLength(6);
    });

    it('answers no_data with nextTime pointing at the newest older bar', async () => {
      const after = await bars({ resolution: '60', timestamp_from: T0 + 10 * HOUR, timestamp_to: T0 + 12 * HOUR });
      expect(after.body).toEqual({ s: 'no_data', nextTime: T0 + 5 * HOUR });
      const inGap = await bars({ resolution: '1', timestamp_from: T0 + 105 * MIN, timestamp_to: T0 + 120 * MIN });
      expect(inGap.body).toEqual({ s: 'no_data', nextTime: T0 + 99 * MIN });
      const before = await bars({ resolution: '60', timestamp_from: T0 - 10 * HOUR, timestamp_to: T0 - HOUR });
      expect(before.body).toEqual({ s: 'no_data' });
      expect((await bars({ resolution: '60', timestamp_to: T0 - HOUR, countback: 5 })).body).toEqual({ s: 'no_data' });
    });

    it('includes the bar still forming when timestamp_to is omitted', async () => {
      const minute = Math.floor(Date.now() / MIN) * MIN;
      await storeCandles(t, [{ market: 'crypto', symbol: 'SOLUSDT', source: 'simulated', timeframe: '1m', open_time: minute, open: 150, high: 151, low: 149, close: 150.5, volume: 3 }]);
      const day = Math.floor(minute / 86_400_000) * 86_400_000;
      const res = await bars({ symbol: 'SOLUSDT', resolution: '1D', countback: 5 });
      expect(res.body).toEqual({ s: 'ok', t: [day], o: [150], h: [151], l: [149], c: [150.5], v: [3] });
    });

    it('cuts Tehran daily bars at 20:30 UTC (1D and D alike)', async () => {
      const params = { market: 'tse', symbol: 'فولاد', timestamp_from: at('2024-03-08T00:00:00Z'), timestamp_to: at('2024-03-11T00:00:00Z') };
      const daily = await call('/api/tradingview/bars', { ...params, resolution: '1D' });
      expect(daily.body).toEqual({
        s: 'ok',
        t: [at('2024-03-08T20:30:00Z'), at('2024-03-09T20:30:00Z')],
        o: [5000, 5150],
        h: [5200, 5160],
        l: [4950, 5140],
        c: [5150, 5155],
        v: [1500, 10],
      });
      expect((await call('/api/tradingview/bars', { ...params, resolution: 'D' })).body).toEqual(daily.body);
    });

    it('answers 404 for an unknown symbol and 422 naming a bad parameter', async () => {
      expect((await bars({ symbol: 'NOPEUSDT', resolution: '60', countback: 5 })).status).toBe(404);
      const field = async (params: Record<string, string | number | boolean>) => {
        const res = await bars(params);
        expect(res.status, JSON.stringify(params)).toBe(422);
        return res.body.detail.map((d: { loc: string[] }) => d.loc.join('.'));
      };
      expect(await field({ resolution: '60' })).toContain('query.timestamp_from');
      expect(await field({ resolution: '7', countback: 5 })).toContain('query.resolution');
      expect(await field({ resolution: '60', countback: 0 })).toContain('query.countback');
      expect(await field({ resolution: '60', countback: 10_001 })).toContain('query.countback');
      expect(await field({ resolution: '60', timestamp_from: 5, timestamp_to: 4 })).toContain('query.timestamp_from');
    });
  });

  describe('/tradingview/marks', () => {
    it('answers an empty list for a known symbol until signals exist', async () => {
      const res = await call('/api/tradingview/marks', { market: 'crypto', symbol: 'BTCUSDT', resolution: '60', timestamp_from: T0 });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: [], count: 0 });
    });

    it('answers 404 for an unknown symbol and 422 for a missing timestamp_from', async () => {
      expect((await call('/api/tradingview/marks', { market: 'crypto', symbol: 'NOPEUSDT', resolution: '60', timestamp_from: T0 })).status).toBe(404);
      const res = await call('/api/tradingview/marks', { market: 'crypto', symbol: 'BTCUSDT', resolution: '60' });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['query', 'timestamp_from']);
    });
  });

  describe('/portfolio/manager/read_last_market_kline', () => {
    it('answers 404 for any portfolio while portfolios do not exist, 422 for a bad id', async () => {
      const res = await call('/api/portfolio/manager/read_last_market_kline', { portfolio_id: 1, symbol: 'BTCUSDT' });
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe('Portfolio not found');
      expect((await call('/api/portfolio/manager/read_last_market_kline', { portfolio_id: 'one', symbol: 'BTCUSDT' })).status).toBe(422);
    });
  });

  it('requires sign-in', async () => {
    expect((await t.call('GET', `/api/tradingview/bars?${query({ market: 'crypto', symbol: 'BTCUSDT', resolution: '60', countback: 1 })}`)).status).toBe(401);
  });
});
