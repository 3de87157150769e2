import { describe, expect, it } from 'vitest';
import { bollinger, ema, macd, rsi, sma } from '../../src/views/chart/indicators';

const close = (line: (number | null)[], expected: (number | null)[]) => {
  expect(line).toHaveLength(expected.length);
  line.forEach((v, i) => (expected[i] === null ? expect(v).toBeNull() : expect(v).toBeCloseTo(expected[i]!, 6)));
};

describe('indicators, against values worked out by hand', () => {
  it('sma(3) of 1..6', () => close(sma([1, 2, 3, 4, 5, 6], 3), [null, null, 2, 3, 4, 5]));

  it('ema(3): seeded with the SMA, then k = 0.5', () => {
    // seed (2+4+6)/3 = 4; then 8·.5+4·.5 = 6; 10·.5+6·.5 = 8; 4·.5+8·.5 = 6
    close(ema([2, 4, 6, 8, 10, 4], 3), [null, null, 4, 6, 8, 6]);
  });

  it('ema is all null when there are fewer values than the period', () => close(ema([1, 2], 3), [null, null]));

  it('bollinger(3, 2): SMA ± 2 population standard deviations', () => {
    // window [2,4,6]: mean 4, sd = sqrt((4+0+4)/3) = 1.632993; window [4,6,8] mean 6 same sd
    const sd = Math.sqrt(8 / 3);
    const bands = bollinger([2, 4, 6, 8], 3, 2);
    close(bands.middle, [null, null, 4, 6]);
    close(bands.upper, [null, null, 4 + 2 * sd, 6 + 2 * sd]);
    close(bands.lower, [null, null, 4 - 2 * sd, 6 - 2 * sd]);
  });

  it("rsi(3), Wilder's smoothing", () => {
    // changes: +2, -1, +3 | -2 | +1
    // first: gain (2+3)/3 = 5/3, loss 1/3 → RS 5 → 100 − 100/6 = 83.333…
    // next (−2): gain (5/3·2)/3 = 10/9, loss (1/3·2 + 2)/3 = 8/9 → RS 1.25 → 55.555…
    // next (+1): gain (10/9·2 + 1)/3 = 29/27, loss (8/9·2)/3 = 16/27 → RS 29/16 → 64.4128…
    close(rsi([10, 12, 11, 14, 12, 13], 3), [null, null, null, 100 - 100 / 6, 100 - 100 / 2.25, 100 - 100 / (1 + 29 / 16)]);
  });

  it('rsi is 100 with no losses', () => close(rsi([1, 2, 3, 4], 2), [null, null, 100, 100]));

  it('macd(2, 3, 2): EMA(2) − EMA(3), signal an EMA(2) of that line, histogram the difference', () => {
    const values = [1, 2, 3, 4, 5];
    // EMA2: seed 1.5, k=2/3: 3·2/3+1.5/3 = 2.5, 3.5, 4.5; EMA3: seed 2, k=.5: 3, 4
    // line: [-, -, 0.5, 0.5, 0.5]; signal EMA2 of [0.5,0.5,0.5]: seed 0.5 at index 3, then 0.5
    const m = macd(values, 2, 3, 2);
    close(m.macd, [null, null, 0.5, 0.5, 0.5]);
    close(m.signal, [null, null, null, 0.5, 0.5]);
    close(m.histogram, [null, null, null, 0, 0]);
  });
});
