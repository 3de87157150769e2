/**
 * The markets screen loads a whole market's symbols in one call (limit up to 5000), and lists are
 * filtered in memory (domain/markets/listQuery.ts). This measures that call over HTTP on SQLite
 * with 5,000 symbols in one market: the whole list, a search, and a category page.
 * Run: npx tsx bench/market-lists.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/config';
import { startServer } from '../server/server';
import { marketListsRepository } from '../server/store/repositories/marketLists';

const SYMBOLS = 5000;
const RUNS = 40;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-lists-'));
const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  FIRST_SUPERUSER: 'bench@bazaar.test',
  FIRST_SUPERUSER_PASSWORD: 'bench-password-1',
  STATIC_DIR: join(dataDir, 'none'),
  FEED_ENABLED: 'false',
});
const server = await startServer(config);
try {
  const now = Date.now();
  const categories = ['layer1', 'defi', 'meme', 'payments'];
  await marketListsRepository.insertMissing(
    server.store.db,
    Array.from({ length: SYMBOLS }, (_, i) => ({
      market: 'crypto',
      list: 'symbols',
      name: `B${i}USDT`,
      data: JSON.stringify({
        title: { fa: `نماد ${i} / تتر`, en: `Bench coin ${i} / Tether` },
        main_symbol: `B${i}`,
        quote_symbol: 'USDT',
        sub_market: 'spot',
        category: categories[i % categories.length],
        price_precision: 4,
        min_order_size: '0.1',
      }),
      is_active: 1,
      created_at: now,
      updated_at: now,
    })),
  );
  const login = await fetch(`${server.url}/api/user/auth/access-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'bench@bazaar.test', password: 'bench-password-1' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };

  const measure = async (label: string, query: string) => {
    const times: number[] = [];
    let count = 0;
    let bytes = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/core/market/list/symbols?${query}`, {
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
      });
      const text = await res.text();
      times.push(performance.now() - started);
      count = (JSON.parse(text) as { data: unknown[] }).data.length;
      bytes = text.length;
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(`${label.padEnd(34)} items ${String(count).padStart(5)}  ${(bytes / 1024).toFixed(0).padStart(5)} KiB  median ${at(0.5)} ms  p90 ${at(0.9)} ms`);
  };

  console.log(`market-lists: ${SYMBOLS + 13} symbols in one market, SQLite, ${RUNS} runs each over HTTP`);
  await measure('whole market (limit=5000)', 'market=crypto&limit=5000');
  await measure('search "coin 42" (fa/en/name)', `market=crypto&limit=5000&search=${encodeURIComponent('coin 42')}`);
  await measure('category=meme, page of 100', 'market=crypto&category=meme&skip=200&limit=100');
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
