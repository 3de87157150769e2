import { klineTopic } from '../../../server/feeds/priceHub';
import type { TestServer } from './testServer';

const MIN = 60_000;

/**
 * Price-only rules, so a crossing is known by hand: a close under 95 scores −60, over 100 scores
 * +60; entry 50, exit −50. Ready from the first candle (no indicator to warm up).
 */
export const THRESHOLD_STRATEGY = {
  version: 1,
  indicators: {},
  rules: [
    { name: 'above', when: ['gt', 'close', 100], score: 60 },
    { name: 'below', when: ['lt', 'close', 95], score: -60 },
  ],
  entry: 50,
  exit: -50,
};

export type SeriesCandle = ReturnType<ReturnType<typeof candleSeries>['candle']>;

/**
 * One symbol's 1m candles by index from 100 minutes ago (so all of them are closed), and `close`,
 * which does what a feed does on a candle close: store the candles, then (unless `publish` is
 * false) publish them on the market's klines topic, where the strategy engine hears them.
 */
export function candleSeries(ts: () => TestServer, market = 'crypto', symbol = 'BTCUSDT') {
  const base = Math.floor(Date.now() / MIN) * MIN - 100 * MIN;
  const candle = (i: number, close: number) => ({
    market, symbol, source: 'simulated', timeframe: '1m' as const,
    open_time: base + i * MIN, open: close, high: close + 1, low: close - 1, close, volume: 2,
  });
  const close = async (rows: ReturnType<typeof candle>[], publish = true) => {
    const { app } = ts().server;
    await app.ctx.services.klines.insert(rows);
    if (publish) await app.ctx.bus.publish(klineTopic(market), { market, source: 'simulated', timeframe: '1m', data: rows });
  };
  return { base, candle, close };
}
