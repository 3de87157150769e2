import { describe, expect, it } from 'vitest';
import type { CandleColumns } from '../../contract/market/klines';
import { DEFAULT_LINE_COLOR, placeLines } from '../../src/views/chart/formingOverlay';
import { withMarker, withoutMarker } from '../../src/views/portfolios/markerInputs';
import type { Marker } from '../../contract/portfolio/rules';

const n = 40;
const candles: CandleColumns = {
  open_time: Array.from({ length: n }, (_, i) => i * 60_000),
  open: Array.from({ length: n }, () => 100),
  high: Array.from({ length: n }, (_, i) => 110 + i),
  low: Array.from({ length: n }, () => 90),
  close: Array.from({ length: n }, () => 101),
  volume: Array.from({ length: n }, () => 1),
};
const line = (extra: Partial<Parameters<typeof placeLines>[0][number]>) => ({ kind: 'price_line' as const, price: null, time: null, text: null, color: null, ...extra });

describe("the user's markers on the chart", () => {
  it('places price lines across the pane and notes on their candle of the slice', () => {
    const placed = placeLines(
      [
        line({ price: '105.5', text: 'support', color: '#ff0000' }),
        line({ kind: 'note', price: '120', text: 'price note' }),
        line({ kind: 'note', time: candles.open_time[30]!, text: 'at candle' }),
        line({ kind: 'note', time: candles.open_time[25]!, price: '99', text: 'priced' }),
        // Before the slice, between candles, or a line without a price: not drawn.
        line({ kind: 'note', time: candles.open_time[5]!, text: 'old' }),
        line({ kind: 'note', time: candles.open_time[30]! + 1, text: 'between' }),
        line({ text: 'no price' }),
      ],
      candles,
      { lo: 20, hi: n },
    );
    expect(placed).toEqual([
      { index: null, price: 105.5, color: '#ff0000', text: 'support' },
      { index: null, price: 120, color: DEFAULT_LINE_COLOR, text: 'price note' },
      { index: 10, price: candles.high[30], color: DEFAULT_LINE_COLOR, text: 'at candle' },
      { index: 5, price: 99, color: DEFAULT_LINE_COLOR, text: 'priced' },
    ]);
  });

  it("sends a symbol's other markers back by id when one is added or removed", () => {
    const marker = (id: number, symbol: string, extra: Partial<Marker> = {}): Marker => ({ id, portfolio_id: 1, symbol, kind: 'price_line', price: '10', time: null, text: null, color: null, created_at: '', updated_at: '', ...extra });
    const all = [marker(1, 'BTCUSDT', { text: 'a' }), marker(2, 'ETHUSDT'), marker(3, 'BTCUSDT', { kind: 'note', price: null, time: 5, text: 'n', color: '#000000' })];
    expect(withMarker(all, 'BTCUSDT', { kind: 'price_line', price: '12' })).toEqual([
      { id: 1, kind: 'price_line', price: '10', text: 'a' },
      { id: 3, kind: 'note', time: 5, text: 'n', color: '#000000' },
      { kind: 'price_line', price: '12' },
    ]);
    expect(withoutMarker(all, 'BTCUSDT', 1)).toEqual([{ id: 3, kind: 'note', time: 5, text: 'n', color: '#000000' }]);
  });
});
