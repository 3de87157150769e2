import { describe, expect, it } from 'vitest';
import { CLOSE_GRACE_MS, createCandleCloser, type EngineCandle } from '../../../server/engine/candleCloser';

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 5, 10, 0); // a Monday, 10:00 UTC
const minute = (i: number, close: number, volume = 1): EngineCandle => ({ open_time: T0 + i * MIN, open: close - 1, high: close + 2, low: close - 3, close, volume });

describe('candle closer', () => {
  it('closes 1m at once and 5m on the minute that ends its bucket, folded by hand', () => {
    const closer = createCandleCloser('crypto', 'UTC', T0);
    const closes = [];
    for (let i = 0; i < 5; i++) closes.push(...closer.add('BTCUSDT', minute(i, 100 + i, i + 1), ['1m', '5m']));
    expect(closes.filter((c) => c.timeframe === '1m')).toHaveLength(5);
    const five = closes.filter((c) => c.timeframe === '5m');
    expect(five).toHaveLength(1);
    // open of the first (99), max high (104 + 2), min low (100 - 3), close of the last, summed volume.
    expect(five[0]).toMatchObject({ symbol: 'BTCUSDT', closeTime: T0 + 5 * MIN, partial: false, candle: { open_time: T0, open: 99, high: 106, low: 97, close: 104, volume: 15 } });
  });

  it('closes a bucket early when a minute of a later bucket arrives (a gap), and marks buckets begun before it started as partial', () => {
    const closer = createCandleCloser('crypto', 'UTC', T0 + 2 * MIN);
    expect(closer.add('ETHUSDT', minute(2, 10), ['5m'])).toEqual([]);
    const closed = closer.add('ETHUSDT', minute(7, 12), ['5m']);
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({ partial: true, closeTime: T0 + 5 * MIN, candle: { open_time: T0, close: 10 } });
  });

  it('ignores a minute older than the forming candle, and the sweep closes a bucket whose end passed the grace period', () => {
    const closer = createCandleCloser('tse', 'Asia/Tehran', T0);
    closer.add('FOLD1', minute(60, 50), ['1h']);
    expect(closer.add('FOLD1', minute(10, 40), ['1h'])).toEqual([]);
    expect(closer.sweep(T0 + 120 * MIN)).toEqual([]);
    const swept = closer.sweep(T0 + 120 * MIN + CLOSE_GRACE_MS);
    expect(swept).toHaveLength(1);
    expect(swept[0]).toMatchObject({ symbol: 'FOLD1', timeframe: '1h', closeTime: T0 + 120 * MIN, candle: { close: 50 } });
    expect(closer.sweep(T0 + 500 * MIN)).toEqual([]);
  });

  it('cuts 1d at the market time zone midnight (Tehran, UTC+03:30)', () => {
    const closer = createCandleCloser('tse', 'Asia/Tehran', 0);
    const dayStart = Date.UTC(2026, 0, 4, 20, 30);
    const late = { ...minute(0, 5), open_time: dayStart + 24 * 60 * MIN - MIN };
    const closed = closer.add('FOLD1', late, ['1d']);
    expect(closed[0]).toMatchObject({ closeTime: dayStart + 24 * 60 * MIN, candle: { open_time: dayStart } });
  });
});
