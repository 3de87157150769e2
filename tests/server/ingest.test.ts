import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGEST_MAX_KLINES } from '../../contract/market/ingest';
import { startTestServer, type TestServer } from './support/testServer';

const PATH = '/api/irproxy/simple_cache_receive/';
const CODE = 'secret-code-123';
const T0 = Date.UTC(2024, 2, 1, 10, 0);
const MIN = 60_000;

const candle = (symbol: string, minute: number, price = 1_000_000 + minute * 10) => ({
  symbol,
  open_time: T0 + minute * MIN,
  open: price,
  high: price + 50,
  low: price - 50,
  close: price + 20,
  volume: 1.5 + minute,
});

let server: TestServer;

/** `code: null` sends no auth_code at all. */
const push = (body: unknown, code: string | null = CODE, target = server) =>
  target.call('POST', code === null ? PATH : `${PATH}?auth_code=${encodeURIComponent(code)}`, { json: body });

/** What is stored, read straight from the database (ground truth, not another endpoint). */
async function stored(market = 'ir_crypto', target = server) {
  const rows = await target.server.store.db
    .selectFrom('klines')
    .selectAll()
    .where('market', '=', market)
    .where('source', '=', 'irproxy')
    .orderBy('symbol')
    .orderBy('timeframe')
    .orderBy('open_time')
    .execute();
  return rows.map((r) => ({ ...r, open_time: Number(r.open_time), open: Number(r.open), high: Number(r.high), low: Number(r.low), close: Number(r.close), volume: Number(r.volume) }));
}

beforeAll(async () => {
  server = await startTestServer({ IRPROXY_AUTH_CODE: CODE });
});
afterAll(async () => server.close());

describe('irproxy simple_cache_receive', () => {
  it('stores a batch whole, under the irproxy source, and says what it did', async () => {
    const klines = [candle('BTCIRT', 0), candle('BTCIRT', 1), candle('BTCIRT', 2), candle('ETHIRT', 0), candle('ETHIRT', 1)];
    const res = await push({ market: 'ir_crypto', klines });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ market: 'ir_crypto', timeframe: '1m', received: 5, inserted: 5, updated: 0, unchanged: 0 });
    const rows = await stored();
    expect(rows).toHaveLength(5);
    expect(rows[1]).toEqual({ market: 'ir_crypto', source: 'irproxy', timeframe: '1m', ...candle('BTCIRT', 1) });
  });

  it('is idempotent by open time: the same batch changes nothing, a changed candle replaces the stored one', async () => {
    const before = await stored();
    const again = await push({ market: 'ir_crypto', klines: [candle('BTCIRT', 0), candle('BTCIRT', 1), candle('BTCIRT', 2), candle('ETHIRT', 0), candle('ETHIRT', 1)] });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ received: 5, inserted: 0, updated: 0, unchanged: 5 });
    expect(await stored()).toEqual(before);

    const changed = { ...candle('BTCIRT', 2), close: 1_000_040, high: 1_000_100 };
    const mixed = await push({ market: 'ir_crypto', klines: [candle('BTCIRT', 1), changed, candle('BTCIRT', 3)] });
    expect(mixed.body).toMatchObject({ received: 3, inserted: 1, updated: 1, unchanged: 1 });
    const rows = await stored();
    expect(rows).toHaveLength(6);
    expect(rows.find((r) => r.symbol === 'BTCIRT' && r.open_time === changed.open_time)).toMatchObject({ close: 1_000_040, high: 1_000_100 });
  });

  it('refuses a wrong, missing or repeated auth_code with 401 and stores nothing, before looking at the body', async () => {
    const before = await stored();
    const batch = { market: 'ir_crypto', klines: [candle('BTCIRT', 50)] };
    for (const res of [
      await push(batch, 'secret-code-124'),
      await push(batch, null),
      await push(batch, ''),
      await server.call('POST', `${PATH}?auth_code=${CODE}&auth_code=${CODE}`, { json: batch }),
      await push({ nonsense: true }, 'wrong'),
    ]) {
      expect(res.status).toBe(401);
      expect(typeof res.body.detail).toBe('string');
    }
    expect(await stored()).toEqual(before);
  });

  it('a server without IRPROXY_AUTH_CODE refuses every push', async () => {
    const closed = await startTestServer();
    try {
      for (const code of [CODE, 'anything', null]) {
        const res = await push({ market: 'ir_crypto', klines: [candle('BTCIRT', 0)] }, code, closed);
        expect(res.status).toBe(401);
        expect(res.body.detail).toContain('IRPROXY_AUTH_CODE');
      }
      expect(await stored('ir_crypto', closed)).toEqual([]);
    } finally {
      await closed.close();
    }
  });

  it('a partly bad batch is a 422 naming the bad item, and nothing of it is stored', async () => {
    const before = await stored();
    const good = [candle('BTCIRT', 100), candle('BTCIRT', 101)];
    const cases: [unknown[], (string | number)[]][] = [
      [[...good, { ...candle('BTCIRT', 102), low: 2_000_000 }], ['body', 'klines', 2, 'low']],
      [[...good, { ...candle('BTCIRT', 102), high: 1 }], ['body', 'klines', 2, 'high']],
      [[...good, { ...candle('BTCIRT', 102), open_time: T0 + 102 * MIN + 7 }], ['body', 'klines', 2, 'open_time']],
      [[...good, candle('BTCIRT', 100)], ['body', 'klines', 2, 'open_time']],
      [[...good, { ...candle('BTCIRT', 102), volume: -1 }], ['body', 'klines', 2, 'volume']],
      [[...good, { ...candle('BTCIRT', 102), close: '1000' }], ['body', 'klines', 2, 'close']],
      [[...good, { ...candle('BTCIRT', 102), extra: 1 }], ['body', 'klines', 2, 'extra']],
      [[good[0], candle('NOPEIRT', 5), good[1]], ['body', 'klines', 1, 'symbol']],
    ];
    for (const [klines, loc] of cases) {
      const res = await push({ market: 'ir_crypto', klines });
      expect(res.status, JSON.stringify(loc)).toBe(422);
      expect(res.body.detail.map((d: { loc: unknown }) => d.loc)).toContainEqual(loc);
    }
    const empty = await push({ market: 'ir_crypto', klines: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.detail[0].loc).toEqual(['body', 'klines']);
    const badTimeframe = await push({ market: 'ir_crypto', timeframe: '7m', klines: good });
    expect(badTimeframe.status).toBe(422);
    expect(badTimeframe.body.detail[0].loc).toEqual(['body', 'timeframe']);
    expect(await stored()).toEqual(before);
  });

  it('takes a full batch of INGEST_MAX_KLINES candles, and refuses one more', async () => {
    const symbols = ['BTCIRT', 'ETHIRT', 'USDTIRT', 'BNBIRT', 'XRPIRT', 'TRXIRT', 'DOGEIRT', 'ADAIRT'];
    const klines = symbols.flatMap((symbol) => Array.from({ length: INGEST_MAX_KLINES / symbols.length }, (_, i) => candle(symbol, 10_000 + i)));
    const before = (await stored()).length;
    const tooMany = await push({ market: 'ir_crypto', klines: [...klines, candle('BTCIRT', 9_999)] });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail[0].loc).toEqual(['body', 'klines']);
    expect(await stored()).toHaveLength(before);
    const res = await push({ market: 'ir_crypto', klines });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: INGEST_MAX_KLINES, inserted: INGEST_MAX_KLINES });
    expect(await stored()).toHaveLength(before + INGEST_MAX_KLINES);
  });

  it('an unknown market is a 404', async () => {
    const res = await push({ market: 'nasdaq', klines: [candle('AAPL', 0)] });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('Market not found');
  });

  it("checks 1d candles against the market's midnight", async () => {
    // Tehran is UTC+3:30: its 2 March starts at 1 March 20:30 UTC.
    const tehranMidnight = Date.UTC(2024, 2, 1, 20, 30);
    const day = { ...candle('USDTIRT', 0), open_time: tehranMidnight };
    const ok = await push({ market: 'ir_crypto', timeframe: '1d', klines: [day] });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ timeframe: '1d', inserted: 1 });
    const utcMidnight = await push({ market: 'ir_crypto', timeframe: '1d', klines: [{ ...day, open_time: Date.UTC(2024, 2, 3) }] });
    expect(utcMidnight.status).toBe(422);
    expect(utcMidnight.body.detail[0].loc).toEqual(['body', 'klines', 0, 'open_time']);
    const rows = (await stored()).filter((r) => r.timeframe === '1d');
    expect(rows.map((r) => [r.symbol, r.open_time])).toEqual([['USDTIRT', tehranMidnight]]);
  });

  it('the pushed candles are what the klines endpoint serves for that source', async () => {
    const { token } = await server.createUser('ingest-reader@bazaar.test');
    const res = await server.call(
      'GET',
      `/api/core/market/klines?market=ir_crypto&symbol=ETHIRT&source=irproxy&timeframe=1m&from_timestamp=${T0}&to_timestamp=${T0 + 5 * MIN}`,
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([0, 1].map((m) => {
      const { symbol: _s, ...values } = candle('ETHIRT', m);
      return values;
    }));
  });
});
