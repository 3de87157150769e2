import { createKlinesRepository, type KlineWrite } from '../../../server/store/repositories/klines';
import type { TestServer } from '../support/testServer';

export const MIN = 60_000;
export const HOUR = 3_600_000;
/** Six hours of BTCUSDT 1m candles start here (a Saturday, 00:00 UTC). */
export const T0 = Date.parse('2024-03-09T00:00:00Z');
/** Minutes 100–129 are missing: a feed outage. */
export const GAP = { from: 100, to: 130 };

/**
 * Candle i (minute i after T0): open 1000 + i, high open + 5, low open − 3, close open + 1,
 * volume 1, so every aggregate can be worked out by hand: a bucket opens at the open of its
 * first minute, closes at the close of its last, its high is its last minute's high, its low its
 * first minute's low and its volume its number of minutes.
 */
export function sixHours(market = 'crypto', symbol = 'BTCUSDT', source = 'simulated'): KlineWrite[] {
  const rows: KlineWrite[] = [];
  for (let i = 0; i < 360; i += 1) {
    if (i >= GAP.from && i < GAP.to) continue;
    const open = 1000 + i;
    rows.push({ market, symbol, source, timeframe: '1m', open_time: T0 + i * MIN, open, high: open + 5, low: open - 3, close: open + 1, volume: 1 });
  }
  return rows;
}

/** Writes candles straight into the server's store, the way a source does. */
export async function storeCandles(t: TestServer, rows: KlineWrite[]) {
  return createKlinesRepository(t.server.store).upsert(rows);
}

export const query = (params: Record<string, string | number | boolean>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
