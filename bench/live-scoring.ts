/**
 * Live scoring (issue 5): 1,000 symbols × 5 subscriptions scored on one candle close — every
 * scorer updated, every score (total and per rule) stored, signals recorded and acted on, owners
 * told — target ≤ 200 ms. The strategy engine runs inside a real server on SQLite; the close is
 * what a feed does (candles stored, then published on the market's klines topic), timed from the
 * publish until the engine's queue is idle. Run: npx tsx bench/live-scoring.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/config';
import { klineTopic } from '../server/feeds/priceHub';
import { startServer } from '../server/server';
import { marketListsRepository } from '../server/store/repositories/marketLists';

const SYMBOLS = 1000;
const SUBSCRIPTIONS = 5;
const WARM_MINUTES = 120;
const CLOSES = 7;
const MIN = 60_000;
const ADMIN = { email: 'bench@bazaar.test', password: 'bench-password-1' };

const dataDir = mkdtempSync(join(tmpdir(), 'bench-scoring-'));
const config = loadConfig({
  PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', FIRST_SUPERUSER: ADMIN.email,
  FIRST_SUPERUSER_PASSWORD: ADMIN.password, STATIC_DIR: join(dataDir, 'none'), FEED_ENABLED: 'false',
});
const server = await startServer(config);
const { klines, engine } = server.app.ctx.services;
try {
  const now = Date.now();
  const names = Array.from({ length: SYMBOLS }, (_, i) => `S${i}USDT`);
  await marketListsRepository.insertMissing(
    server.store.db,
    names.map((name, i) => ({
      market: 'crypto', list: 'symbols', name,
      data: JSON.stringify({ title: { fa: name, en: name }, main_symbol: `S${i}`, quote_symbol: 'USDT', sub_market: 'spot', category: null, price_precision: 4, min_order_size: '0.1' }),
      is_active: 1, created_at: now, updated_at: now,
    })),
  );

  // Seeded random walks: WARM_MINUTES of history before the closes measured.
  let seed = 7;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  const prices = names.map(() => 100 + random() * 50);
  const first = Math.floor(now / MIN) * MIN - (WARM_MINUTES + CLOSES + 1) * MIN;
  const minute = (t: number) =>
    names.map((symbol, i) => {
      const open = prices[i]!;
      const close = (prices[i] = Math.max(1, open * (1 + (random() - 0.5) * 0.01)));
      return { market: 'crypto', symbol, source: 'simulated', timeframe: '1m' as const, open_time: t, open, high: Math.max(open, close) * 1.001, low: Math.min(open, close) * 0.999, close, volume: 1 + random() * 10 };
    });
  for (let m = 0; m < WARM_MINUTES; m++) await klines.insert(minute(first + m * MIN));

  const login = await fetch(`${server.url}/api/user/auth/access-token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const call = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { id: number; data?: { id: number }[] };
  };
  const group = await call('POST', '/api/relations/create_group', { name: 'All 1,000', symbols: names.map((symbol) => ({ market: 'crypto', symbol })) });
  const strategies = await fetch(`${server.url}/api/strategy/?limit=10`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json() as Promise<{ data: { id: number }[] }>);
  for (let s = 0; s < SUBSCRIPTIONS; s++) {
    const strategy = strategies.data[s % strategies.data.length]!;
    await call('POST', '/api/relations/create_subscription', { name: `Bench ${s}`, strategy_id: strategy.id, timeframe: '1m', group_ids: [group.id], confirmation_mode: 30 });
  }
  const warmStart = performance.now();
  await engine.refresh();
  const warmMs = performance.now() - warmStart;

  const passes: number[] = [];
  for (let c = 0; c < CLOSES; c++) {
    const rows = minute(first + (WARM_MINUTES + c) * MIN);
    await klines.insert(rows);
    const t0 = performance.now();
    await server.app.ctx.bus.publish(klineTopic('crypto'), { market: 'crypto', source: 'simulated', timeframe: '1m', data: rows });
    // The bus delivers on a later turn; wait until the engine has taken the batch and finished it.
    const before = engine.status().data.closes;
    while (engine.status().data.closes < before + SYMBOLS) await new Promise((resolve) => setImmediate(resolve));
    await engine.idle();
    passes.push(performance.now() - t0);
  }
  const status = engine.status();
  const sorted = [...passes].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(`\nlive scoring: ${SYMBOLS.toLocaleString('en')} symbols × ${SUBSCRIPTIONS} subscriptions (${status.data.scorers.toLocaleString('en')} scorers), SQLite\n`);
  console.log(`${'one candle close scored, stored, pushed (median)'.padEnd(52)} ${`${median.toFixed(1)} ms`.padStart(12)}   target ≤ 200 ms   ${median <= 200 ? 'ok' : 'MISSED'}`);
  console.log(`${'  max over the closes'.padEnd(52)} ${`${sorted.at(-1)!.toFixed(1)} ms`.padStart(12)}`);
  console.log(`${'  score rows per close (a total and every rule each)'.padEnd(52)} ${String(Math.round(status.data.scores / (CLOSES + 1))).padStart(12)}`);
  console.log(`${'  warm-up of every scorer from storage'.padEnd(52)} ${`${warmMs.toFixed(0)} ms`.padStart(12)}`);
  console.log(`\nload average ${loadavg()[0]!.toFixed(2)} on ${cpus().length} CPUs while measuring.\n`);
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
