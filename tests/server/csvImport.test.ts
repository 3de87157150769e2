import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../server/domain/errors';
import { createCsvImporter, type CsvImporter } from '../../server/feeds/csv/csvImport';
import { createCsvSource } from '../../server/feeds/csv/csvSource';
import { collectHistory } from '../../server/feeds/source';
import { startTestServer, type TestServer } from './support/testServer';

const MIN = 60_000;
const T0 = Date.UTC(2024, 4, 6, 6, 0); // 09:30 in Tehran

let server: TestServer;
let importer: CsvImporter;

async function stored(symbol: string, timeframe = '1m') {
  const rows = await server.server.store.db
    .selectFrom('klines')
    .select(['open_time', 'open', 'high', 'low', 'close', 'volume', 'source'])
    .where('market', '=', 'tse')
    .where('symbol', '=', symbol)
    .where('timeframe', '=', timeframe)
    .orderBy('open_time')
    .execute();
  return rows.map((r) => ({ ...r, open_time: Number(r.open_time), open: Number(r.open), high: Number(r.high), low: Number(r.low), close: Number(r.close), volume: Number(r.volume) }));
}

/** The ValidationError an import throws, with its field errors' messages. */
async function rejection(text: string, symbol = 'فولاد', timeframe: '1m' | '1d' = '1m') {
  const error = await importer.importText({ market: 'tse', symbol, text, timeframe }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).fieldErrors;
}

beforeAll(async () => {
  server = await startTestServer();
  const { markets, klines } = server.server.app.ctx.services;
  importer = createCsvImporter({ markets, klines });
});
afterAll(async () => server.close());

describe('csv import of OHLCV files', () => {
  it('reads tolerant headers, epoch seconds and milliseconds, and stores the candles under csv', async () => {
    const text = [
      'Open_Time,Open,High,Low,Close,Volume,trades',
      `${T0 / 1000},5120,5180,5100,5150,120000,14`,
      `${T0 + MIN},5150,5160,5140,5141.5,80000,9`,
      '',
      `${(T0 + 2 * MIN) / 1000},5141.5,5145,5130,5132,1e5,3`,
    ].join('\n');
    const result = await importer.importText({ market: 'tse', symbol: 'فولاد', text });
    expect(result).toEqual({ received: 3, inserted: 3, updated: 0, unchanged: 0, firstOpenTime: T0, lastOpenTime: T0 + 2 * MIN });
    expect(await stored('فولاد')).toEqual([
      { source: 'csv', open_time: T0, open: 5120, high: 5180, low: 5100, close: 5150, volume: 120000 },
      { source: 'csv', open_time: T0 + MIN, open: 5150, high: 5160, low: 5140, close: 5141.5, volume: 80000 },
      { source: 'csv', open_time: T0 + 2 * MIN, open: 5141.5, high: 5145, low: 5130, close: 5132, volume: 100000 },
    ]);
    const again = await importer.importText({ market: 'tse', symbol: 'فولاد', text });
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
  });

  it("reads ISO dates as the market's wall clock unless they carry an offset, with ; separators, quotes, a BOM and CRLF", async () => {
    const text =
      '\uFEFF"Date";"O";"H";"L";"C";"Vol."\r\n' +
      '"2024-05-06 09:30";100;110;95;105;"1000"\r\n' +
      '2024-05-06T06:01:00Z;105;106;104;104;10\r\n' +
      '2024-05-06T09:32:00+03:30;104;104;100;101;7\r\n';
    await importer.importText({ market: 'tse', symbol: 'فملی', text });
    expect((await stored('فملی')).map((r) => [r.open_time, r.close])).toEqual([
      [T0, 105],
      [T0 + MIN, 104],
      [T0 + 2 * MIN, 101],
    ]);
  });

  it("checks daily rows against the market's midnight, and a file without volume stores 0", async () => {
    const ok = 'date,open,high,low,close\n2024-05-04,10,12,9,11\n2024-05-05,11,13,10,12\n';
    await importer.importText({ market: 'tse', symbol: 'خودرو', text: ok, timeframe: '1d' });
    // Tehran's midnight of 4 May is 3 May 20:30 UTC.
    expect((await stored('خودرو', '1d')).map((r) => [r.open_time, r.volume])).toEqual([
      [Date.UTC(2024, 4, 3, 20, 30), 0],
      [Date.UTC(2024, 4, 4, 20, 30), 0],
    ]);
    const errors = await rejection('time,open,high,low,close\n2024-05-06T00:00:00Z,1,1,1,1\n', 'خودرو', '1d');
    expect(errors.map((e) => e.msg)).toEqual(['line 2: time 2024-05-06T00:00:00.000Z is not the start of a 1d candle']);
  });

  it('names every bad line and stores nothing of a file with one bad row among good ones', async () => {
    const good = Array.from({ length: 500 }, (_, i) => `${T0 + i * MIN},10,12,9,11,5`);
    const text = [
      'time,open,high,low,close,volume',
      ...good.slice(0, 3),
      `${T0 + 3 * MIN},10,9,8,11,5`,
      `${T0 + 4 * MIN},10,12,13,11,5`,
      `yesterday,10,12,9,11,5`,
      `${T0 + 6 * MIN + 30_000},10,12,9,11,5`,
      `${T0 + 7 * MIN},ten,12,9,11,`,
      `${T0 + 8 * MIN},-1,12,9,11,5`,
      good[1],
      `2024-02-30,1,1,1,1,1`,
      ...good.slice(20),
    ].join('\n');
    const errors = await rejection(text, 'شپنا');
    expect(errors.map((e) => e.msg)).toEqual([
      'line 5: high must not be below open or close',
      'line 6: low must not be above open, close or high',
      'line 7: time "yesterday" is neither epoch seconds, epoch milliseconds nor an ISO date',
      `line 8: time ${new Date(T0 + 6 * MIN + 30_000).toISOString()} is not the start of a 1m candle`,
      'line 9: open "ten" is not a non-negative number',
      'line 9: volume is empty',
      'line 10: open "-1" is not a non-negative number',
      'line 11: time repeats the candle of line 3',
      'line 12: time "2024-02-30" is not a real date',
    ]);
    expect(errors[0]!.loc).toEqual(['csv', 5, 'high']);
    expect(await stored('شپنا')).toEqual([]);
  });

  it('says which columns are missing or ambiguous, and refuses an empty file', async () => {
    const missing = await rejection('when,open,high,low,close\n1,1,1,1,1\n');
    expect(missing[0]!.msg).toBe('line 1: no time column (the header has: when, open, high, low, close)');
    const twice = await rejection('# exported\ndate,time,open,high,low,close\n1,1,1,1,1,1\n');
    expect(twice[0]!.msg).toBe('line 2: more than one column could be the time column');
    const empty = await rejection('time,open,high,low,close\n\n');
    expect(empty[0]!.msg).toContain('no candles');
    const unclosed = await rejection('time,open,high,low,close\n"1,1,1,1,1\n');
    expect(unclosed[0]!.msg).toBe('line 2: a quoted cell is not closed');
  });

  it('an unknown market or symbol is not found', async () => {
    const text = 'time,open,high,low,close\n1714975200,1,1,1,1\n';
    await expect(importer.importText({ market: 'tse', symbol: 'NOPE', text })).rejects.toBeInstanceOf(NotFoundError);
    await expect(importer.importText({ market: 'nasdaq', symbol: 'AAPL', text })).rejects.toThrow('Market not found');
  });
});

describe('csv source', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bs-csv-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const tse = { name: 'tse', timezone: 'Asia/Tehran', tradingHours: null };

  it('serves the 1m history of <market>/<symbol>.csv in the window, and nothing for a missing file', async () => {
    mkdirSync(join(dir, 'tse'));
    const rows = Array.from({ length: 12_000 }, (_, i) => `${T0 + i * MIN},10,12,9,11,${i}`);
    writeFileSync(join(dir, 'tse', 'فولاد.csv'), ['time,open,high,low,close,volume', ...rows.reverse()].join('\n'));
    const source = createCsvSource({ directory: dir });
    const chunks: number[] = [];
    for await (const chunk of source.fetchHistory({ market: tse, symbol: 'فولاد', timeframe: '1m', from: T0 + 100 * MIN, to: T0 + 11_099 * MIN })) {
      chunks.push(chunk.length);
    }
    expect(chunks).toEqual([5000, 5000, 1000]);
    const window = await collectHistory(source, { market: tse, symbol: 'فولاد', timeframe: '1m', from: T0 + 100 * MIN, to: T0 + 102 * MIN });
    expect(window.map((c) => [c.open_time, c.volume])).toEqual([100, 101, 102].map((i) => [T0 + i * MIN, i]));
    expect(await collectHistory(source, { market: tse, symbol: 'فملی', timeframe: '1m', from: T0, to: T0 + MIN })).toEqual([]);
    expect(source.subscribe).toBeUndefined();
  });
});
