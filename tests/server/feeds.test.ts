import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { localDay, weekday, zoneOffsetMs } from '../../server/feeds/simulated/calendar';
import { createSimulatedSource } from '../../server/feeds/simulated/simulatedSource';
import { collectHistory, type SourceMarket } from '../../server/feeds/source';
import { startTestServer, type TestServer } from './support/testServer';

/*
 * The simulated source (reproducible walks, trading hours), the first back-fill of a fresh server
 * (count written, idempotent across a restart of the feeds) and the task runner's states.
 */

const MINUTE = 60_000;
const crypto: SourceMarket = { name: 'crypto', timezone: 'UTC', tradingHours: null };
const tse: SourceMarket = {
  name: 'tse',
  timezone: 'Asia/Tehran',
  tradingHours: [{ days: [6, 0, 1, 2, 3], open: '09:00', close: '12:30' }],
};
/** A fixed past week: Saturday 2025-03-01 00:00 UTC to Saturday 2025-03-08. */
const FROM = Date.UTC(2025, 2, 1);
const TO = Date.UTC(2025, 2, 8) - MINUTE;

describe('simulated source', () => {
  it('gives the same candles for the same seed, symbol and time, whatever range is asked', async () => {
    const a = createSimulatedSource({ seed: 's1' });
    const b = createSimulatedSource({ seed: 's1' });
    const whole = await collectHistory(a, { market: crypto, symbol: 'BTCUSDT', timeframe: '1m', from: FROM, to: FROM + 3 * 86_400_000 });
    const part = await collectHistory(b, { market: crypto, symbol: 'BTCUSDT', timeframe: '1m', from: FROM + 86_400_000 + 17 * MINUTE, to: FROM + 86_400_000 + 77 * MINUTE });
    expect(whole).toHaveLength(3 * 1440 + 1);
    expect(part).toHaveLength(61);
    const start = whole.findIndex((c) => c.open_time === part[0]!.open_time);
    expect(whole.slice(start, start + 61)).toEqual(part);
    const other = await collectHistory(createSimulatedSource({ seed: 's2' }), { market: crypto, symbol: 'BTCUSDT', timeframe: '1m', from: FROM, to: FROM + 10 * MINUTE });
    expect(other.map((c) => c.close)).not.toEqual(whole.slice(0, 11).map((c) => c.close));
    const eth = await collectHistory(a, { market: crypto, symbol: 'ETHUSDT', timeframe: '1m', from: FROM, to: FROM + 10 * MINUTE });
    expect(eth.map((c) => c.close)).not.toEqual(whole.slice(0, 11).map((c) => c.close));
  });

  it('makes consistent, plausible candles: continuous, high ≥ open/close ≥ low, volume > 0', async () => {
    const source = createSimulatedSource({ seed: 's1' });
    const candles = await collectHistory(source, { market: crypto, symbol: 'BTCUSDT', timeframe: '1m', from: FROM, to: TO });
    expect(candles).toHaveLength(7 * 1440);
    for (const [i, c] of candles.entries()) {
      expect(c.open_time).toBe(FROM + i * MINUTE);
      expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
      expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
      expect(c.volume).toBeGreaterThan(0);
      if (i > 0) expect(c.open).toBe(candles[i - 1]!.close);
    }
    // A week of BTC moves by percent, not by orders of magnitude.
    const ratio = candles.at(-1)!.close / candles[0]!.open;
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.6);
  });

  it('trades tse only Saturday to Wednesday 09:00–12:30 Tehran time, 210 candles a session', async () => {
    const source = createSimulatedSource({ seed: 's1' });
    const candles = await collectHistory(source, { market: tse, symbol: 'فولاد', timeframe: '1m', from: FROM, to: TO });
    const perDay = new Map<number, number>();
    for (const c of candles) {
      const local = c.open_time + zoneOffsetMs('Asia/Tehran', c.open_time);
      const minuteOfDay = Math.floor((local % 86_400_000) / MINUTE);
      expect(minuteOfDay).toBeGreaterThanOrEqual(9 * 60);
      expect(minuteOfDay).toBeLessThan(12 * 60 + 30);
      const day = localDay('Asia/Tehran', c.open_time);
      expect([6, 0, 1, 2, 3]).toContain(weekday(day));
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
      expect(Number.isInteger(c.close)).toBe(true); // whole rials
    }
    expect([...perDay.values()]).toEqual([210, 210, 210, 210, 210]);
  });

  it('never returns the forming minute', async () => {
    const now = Date.UTC(2025, 2, 3, 10, 30, 20);
    const source = createSimulatedSource({ seed: 's1', now: () => now });
    const candles = await collectHistory(source, { market: crypto, symbol: 'BTCUSDT', timeframe: '1m', from: now - 10 * MINUTE, to: now + 10 * MINUTE });
    expect(candles.at(-1)!.open_time).toBe(Date.UTC(2025, 2, 3, 10, 29));
  });
});

describe('first back-fill', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ FEED_ENABLED: 'true', FEED_BACKFILL_DAYS: '1' });
  });
  afterAll(async () => ts?.close());

  const tasksOf = () => ts.server.app.ctx.services.tasks.list().filter((t) => t.name === 'market.backfill');
  const waitForBackfills = async (count: number) => {
    const { tasks } = ts.server.app.ctx.services;
    for (let i = 0; i < 400 && tasksOf().length < count; i++) await new Promise((r) => setTimeout(r, 25));
    const all = tasksOf();
    expect(all.length).toBe(count);
    return Promise.all(all.map((t) => tasks.wait(t.id)));
  };
  const perSymbol = async () => {
    const rows = await ts.server.store.db
      .selectFrom('klines')
      .select(['market', 'symbol', sql<number>`count(*)`.as('n'), sql<number>`min(open_time)`.as('first'), sql<number>`max(open_time)`.as('last')])
      .where('timeframe', '=', '1m')
      .where('source', '=', 'simulated')
      .groupBy(['market', 'symbol'])
      .execute();
    return rows.map((r) => ({ ...r, n: Number(r.n), first: Number(r.first), last: Number(r.last) }));
  };

  it('writes one day of 1m candles for every active 24/7 symbol, then resumes without duplicates', async () => {
    const first = await waitForBackfills(3);
    expect(first.every((t) => t?.state === 'SUCCESS')).toBe(true);
    const { markets } = ts.server.app.ctx.services;
    const cryptoSymbols = (await markets.activeSymbols('crypto')).map((s) => s.name);
    const irSymbols = (await markets.activeSymbols('ir_crypto')).map((s) => s.name);
    const rows = await perSymbol();
    for (const symbol of [...cryptoSymbols, ...irSymbols]) {
      const row = rows.find((r) => r.symbol === symbol)!;
      expect(row, symbol).toBeDefined();
      // The window of one day back from the task's start holds exactly 1440 closed candles; live
      // closes may have added the minutes since, but never a gap or a duplicate.
      expect(row.n).toBeGreaterThanOrEqual(1440);
      expect(row.n).toBe((row.last - row.first) / MINUTE + 1);
    }
    const crypto = first.find((t) => (t?.args as { market: string }).market === 'crypto')!;
    expect(crypto.result).toMatchObject({ market: 'crypto', symbols: cryptoSymbols.length });
    expect((crypto.result as { inserted: number }).inserted).toBe(1440 * cryptoSymbols.length);
    // Every tse candle lies inside a session.
    for (const row of rows.filter((r) => r.market === 'tse')) {
      expect(row.n).toBeLessThanOrEqual(210 * 2);
    }

    // A restart of the feeds on the same database resumes from the newest stored candle.
    const feeds = ts.server.app.ctx.services.feeds;
    await feeds.stop();
    const before = await perSymbol();
    await feeds.start();
    const second = await waitForBackfills(6);
    const again = second.filter((t) => !first.some((f) => f?.id === t?.id));
    expect(again.every((t) => t?.state === 'SUCCESS')).toBe(true);
    const againCrypto = again.find((t) => (t?.args as { market: string }).market === 'crypto')!.result as { inserted: number; unchanged: number };
    // Only the minutes closed since (none or a few per symbol), plus the newest one re-read unchanged.
    expect(againCrypto.inserted).toBeLessThan(10 * cryptoSymbols.length);
    const after = await perSymbol();
    for (const row of after) {
      const old = before.find((b) => b.symbol === row.symbol && b.market === row.market)!;
      expect(row.first).toBe(old.first);
      expect(row.n).toBe((row.last - row.first) / MINUTE + 1);
    }
  });
});
