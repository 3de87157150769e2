/**
 * Klines (issue 4): serving 10,000 1m candles as columns through the real server (target ≤ 20 ms
 * median), aggregating a year of 1m candles to 1h (target ≤ 150 ms), bulk insert into SQLite
 * (target ≥ 200,000 candles/s). Prints the figures; run: npx tsx bench/klines.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/config';
import { aggregateCandles } from '../server/domain/klines/aggregate';
import { createBucketer } from '../server/domain/klines/buckets';
import { startServer } from '../server/server';
import { createKlinesRepository, toColumns, type KlineWrite } from '../server/store/repositories/klines';

const MIN = 60_000;
const YEAR_MINUTES = 365 * 24 * 60;
const START = Date.parse('2024-01-01T00:00:00Z');
const ADMIN = { email: 'bench@bazaar.test', password: 'bench-password-1' };

/** A seeded random walk, so every run measures the same candles. */
function walk(symbol: string, count: number, start = START): KlineWrite[] {
  let seed = 42;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  let price = 50_000;
  const rows: KlineWrite[] = new Array(count);
  for (let i = 0; i < count; i += 1) {
    const open = price;
    const close = Math.max(1, open * (1 + (random() - 0.5) * 0.004));
    const high = Math.max(open, close) * (1 + random() * 0.001);
    const low = Math.min(open, close) * (1 - random() * 0.001);
    // Quoted as an exchange quotes BTCUSDT: prices to the cent, volume to 5 decimals.
    const cents = (value: number) => Math.round(value * 100) / 100;
    rows[i] = {
      market: 'crypto', symbol, source: 'simulated', timeframe: '1m', open_time: start + i * MIN,
      open: cents(open), high: cents(high), low: cents(low), close: cents(close), volume: Math.round(random() * 1e6) / 1e5,
    };
    price = close;
  }
  return rows;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const line = (label: string, value: string, target: string, ok: boolean) =>
  console.log(`${label.padEnd(52)} ${value.padStart(16)}   target ${target.padEnd(22)} ${ok ? 'ok' : 'MISSED'}`);

const dataDir = mkdtempSync(join(tmpdir(), 'bench-klines-'));
const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  FIRST_SUPERUSER: ADMIN.email,
  FIRST_SUPERUSER_PASSWORD: ADMIN.password,
  STATIC_DIR: join(dataDir, 'no-static'),
  FEED_ENABLED: 'false',
});
const server = await startServer(config);
try {
  const repo = createKlinesRepository(server.store);

  // 1. Bulk insert: a year of 1m candles, one month per call (a back-fill's batch size).
  const year = walk('BTCUSDT', YEAR_MINUTES);
  const month = 30 * 24 * 60;
  const insertStart = performance.now();
  for (let i = 0; i < year.length; i += month) await repo.upsert(year.slice(i, i + month));
  const insertMs = performance.now() - insertStart;
  const perSecond = (year.length / insertMs) * 1000;

  // 2. Aggregation 1m → 1h over the year: pure fold, and the full read (SQLite + fold).
  const columns = toColumns(year);
  const hourly = createBucketer('1h', 'UTC');
  const foldRuns: number[] = [];
  for (let run = 0; run < 7; run += 1) {
    const t0 = performance.now();
    const { candles } = aggregateCandles(columns, hourly, Date.now());
    foldRuns.push(performance.now() - t0);
    if (candles.open_time.length !== 365 * 24) throw new Error(`expected 8760 hourly candles, got ${candles.open_time.length}`);
  }
  const { klines } = server.app.ctx.services;
  const readRuns: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const t0 = performance.now();
    const answer = await klines.read({
      market: 'crypto', symbol: 'BTCUSDT', timeframe: '1h', from_timestamp: START, to_timestamp: START + YEAR_MINUTES * MIN - 1,
      from_timestamp_inclusive: true, limit: 10_000, read_from_last: false, latest: false, return_as: 'arrays',
    });
    readRuns.push(performance.now() - t0);
    if (answer.count !== 365 * 24) throw new Error(`expected 8760 hourly candles, got ${answer.count}`);
  }

  // 3. Serving the newest 10,000 1m candles as columns over HTTP.
  const login = await fetch(`${server.url}/api/user/auth/access-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }).toString(),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const url = `${server.url}/api/core/market/klines?market=crypto&symbol=BTCUSDT&timeframe=1m&limit=10000&read_from_last=true&return_as=arrays`;
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' };
  const serveRuns: number[] = [];
  let bytes = 0;
  for (let run = 0; run < 120; run += 1) {
    const t0 = performance.now();
    const response = await fetch(url, { headers });
    const body = await response.text();
    const elapsed = performance.now() - t0;
    if (response.status !== 200) throw new Error(`klines answered ${response.status}: ${body.slice(0, 200)}`);
    if (run >= 20) serveRuns.push(elapsed); // the first calls warm the JIT and the statement cache
    bytes = body.length;
  }
  const gzipHeaders = { authorization: `Bearer ${token}`, 'accept-encoding': 'br' };
  const gzipRuns: number[] = [];
  for (let run = 0; run < 60; run += 1) {
    const t0 = performance.now();
    await (await fetch(url, { headers: gzipHeaders })).arrayBuffer();
    if (run >= 10) gzipRuns.push(performance.now() - t0);
  }

  // Where the serving time goes, in process: the service's read, then JSON text.
  const newest = {
    market: 'crypto', symbol: 'BTCUSDT', timeframe: '1m' as const, from_timestamp_inclusive: true, limit: 10_000,
    read_from_last: true, latest: true, return_as: 'arrays' as const,
  };
  const serviceRuns: number[] = [];
  const jsonRuns: number[] = [];
  for (let run = 0; run < 40; run += 1) {
    const t0 = performance.now();
    const answer = await klines.read(newest);
    const t1 = performance.now();
    JSON.stringify(answer);
    if (run >= 10) {
      serviceRuns.push(t1 - t0);
      jsonRuns.push(performance.now() - t1);
    }
  }

  console.log(`\nklines benchmark (${year.length.toLocaleString('en')} 1m candles of one symbol, SQLite)\n`);
  line('serve 10,000 1m candles, columnar (median, identity)', ms(median(serveRuns)), '≤ 20 ms', median(serveRuns) <= 20);
  console.log(`${''.padEnd(52)} ${(bytes / 1024).toFixed(0).padStart(13)} KB   (p90 ${ms([...serveRuns].sort((a, b) => a - b)[Math.floor(serveRuns.length * 0.9)]!)})`);
  line('  of which: service read of 10,000 rows (median)', ms(median(serviceRuns)), '(for reference)', true);
  line('  of which: JSON text (median)', ms(median(jsonRuns)), '(for reference)', true);
  line('  same, brotli (incl. Node fetch decompressing)', ms(median(gzipRuns)), '(for reference)', true);
  line('aggregate a year of 1m → 1h, pure fold (median)', ms(median(foldRuns)), '≤ 150 ms', median(foldRuns) <= 150);
  line('  read + aggregate through the service (median)', ms(median(readRuns)), '(for reference)', true);
  line('bulk insert into SQLite', `${Math.round(perSecond).toLocaleString('en')} /s`, '≥ 200,000 candles/s', perSecond >= 200_000);
  const [load1] = loadavg();
  console.log(`\nload average ${load1!.toFixed(2)} on ${cpus().length} CPUs while measuring: figures from a busy machine run high.\n`);
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
