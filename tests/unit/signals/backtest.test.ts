/** runBacktest: a hand-computed account, several symbols, warm-up, limits, determinism, the contract. */
import { describe, expect, it } from 'vitest';
import { BacktestResult, MAX_CURVE_POINTS } from '../../../contract/signals/backtest';
import { StrategyBody } from '../../../contract/signals/strategy-body';
import { runBacktest, type BacktestInput } from '../../../server/domain/signals/backtest';
import { compileStrategy, EMA_CROSS_RSI } from '../../../server/domain/signals/strategy';
import { DAY, dailyColumns, toColumns } from './support/columns';
import { randomWalk } from './support/randomWalk';
import { strategyOf } from './support/strategies';

/** Buys when the close crosses above 15, sells when it crosses below. */
const crossing15 = strategyOf({}, [
  { name: 'up', when: ['cross_above', 'close', 15], score: 60 },
  { name: 'down', when: ['cross_below', 'close', 15], score: -60 },
]);
const JAN_30 = Date.UTC(2024, 0, 30);
const YEAR_DAYS = 365;
// Jan 30 … Feb 5: buy at 20 (Jan 31), sell at 12 (Feb 2), buy at 16 (Feb 4), still open at 18 on Feb 5.
const closes = [14, 20, 22, 12, 10, 16, 18];

const base = (overrides: Partial<BacktestInput> = {}): BacktestInput => ({
  symbols: [{ market: 'crypto', symbol: 'AAA', candles: dailyColumns(closes, JAN_30) }],
  strategy: crossing15,
  initialBalance: 1010,
  feeRate: 0.01,
  positionSize: 1,
  timeframeMs: DAY,
  ...overrides,
});

describe('a hand-computed account: two trades with fees', () => {
  // Trade 1: 1010 spent at 20 = 1000 of coin (50) + 10 fee; sold at 12: 600 − 6 fee → cash 594.
  // Trade 2: 594 spent at 16 = 594/1.01 of coin + the rest in fee; closed at 18 at the end, 1 % fee.
  const fee2 = 594 - 594 / 1.01;
  const amount2 = 594 / 1.01 / 16;
  const proceeds2 = amount2 * 18;
  const fee3 = proceeds2 * 0.01;
  const final = proceeds2 - fee3;
  const equity = [1010, 1010, 1000, 1100, 594, 594, amount2 * 16, final];
  const hold = [14, 14, 20, 22, 12, 10, 16, 18].map((price) => (1010 * price) / 14);

  it('records both trades', async () => {
    const { trades } = await runBacktest(base());
    expect(trades).toHaveLength(2);
    expect(trades[0]).toEqual({
      market: 'crypto',
      symbol: 'AAA',
      entry_time: JAN_30 + 2 * DAY, // the close of Jan 31's candle
      entry_price: '20.00000000',
      entry_score: 60,
      exit_time: JAN_30 + 4 * DAY,
      exit_price: '12.00000000',
      exit_score: -60,
      exit_reason: 'signal',
      amount: '50.00000000',
      fees: '16.00000000',
      pnl: '-416.00000000',
      return: -416 / 1010,
      bars_held: 2,
    });
    expect(trades[1]).toMatchObject({
      entry_time: JAN_30 + 6 * DAY,
      entry_price: '16.00000000',
      exit_time: JAN_30 + 7 * DAY,
      exit_price: '18.00000000',
      exit_score: null,
      exit_reason: 'end_of_range',
      amount: amount2.toFixed(8),
      fees: (fee2 + fee3).toFixed(8),
      pnl: (final - 594).toFixed(8),
      bars_held: 1,
    });
    expect(trades[1]!.return).toBeCloseTo((final - 594) / 594, 12);
  });

  it('draws the equity and buy-and-hold curves from the starting balance', async () => {
    const { equity_curve: curve } = await runBacktest(base());
    expect(curve.map((p) => p.timestamp)).toEqual(equity.map((_, i) => JAN_30 + i * DAY));
    expect(curve.map((p) => Number(p.equity))).toEqual(equity.map((e) => Number(e.toFixed(8))));
    expect(curve.map((p) => Number(p.buy_and_hold))).toEqual(hold.map((h) => Number(h.toFixed(8))));
    const drawdowns = curve.map((p) => p.drawdown);
    expect(drawdowns.slice(0, 4)).toEqual([0, 0, 1000 / 1010 - 1, 0]);
    expect(drawdowns[6]).toBeCloseTo(amount2 * 16 / 1100 - 1, 12);
  });

  it('measures every metric', async () => {
    const { metrics, candle_count } = await runBacktest(base());
    const returns = equity.slice(1).map((e, i) => e / equity[i]! - 1);
    const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
    const sd = Math.sqrt(returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1));
    const downside = Math.sqrt(returns.reduce((a, r) => a + Math.min(r, 0) ** 2, 0) / returns.length);
    expect(candle_count).toBe(7);
    expect(metrics.total_return).toBeCloseTo(final / 1010 - 1, 12);
    expect(metrics.cagr).toBeCloseTo((final / 1010) ** (YEAR_DAYS / 7) - 1, 12);
    expect(metrics.max_drawdown).toBeCloseTo(1 - (amount2 * 16) / 1100, 12);
    expect(metrics.sharpe).toBeCloseTo((mean / sd) * Math.sqrt(YEAR_DAYS), 9);
    expect(metrics.sortino).toBeCloseTo((mean / downside) * Math.sqrt(YEAR_DAYS), 9);
    expect(metrics.win_rate).toBe(0.5);
    expect(metrics.profit_factor).toBeCloseTo((final - 594) / 416, 12);
    expect(metrics.trade_count).toBe(2);
    expect(metrics.exposure).toBeCloseTo(3 / 7, 12); // held over 2 + 1 of 7 candles
    expect(metrics.buy_and_hold_return).toBeCloseTo(18 / 14 - 1, 12);
    expect(metrics.final_equity).toBe(final.toFixed(8));
    expect(metrics.net_profit).toBe((final - 1010).toFixed(8));
    expect(metrics.fees_paid).toBe((16 + fee2 + fee3).toFixed(8));
  });

  it('grids the monthly returns: January’s candles end at 1000, February’s at the final equity', async () => {
    const { monthly_returns } = await runBacktest(base());
    const months: (number | null)[] = new Array(12).fill(null);
    months[0] = 1000 / 1010 - 1;
    months[1] = final / 1000 - 1;
    expect(monthly_returns).toHaveLength(1);
    expect(monthly_returns[0]!.year).toBe(2024);
    expect(monthly_returns[0]!.months.map((m) => (m === null ? null : Number(m.toFixed(12))))).toEqual(
      months.map((m) => (m === null ? null : Number(m.toFixed(12)))),
    );
    expect(monthly_returns[0]!.total).toBeCloseTo(final / 1010 - 1, 12);
  });

  it('per symbol', async () => {
    const { per_symbol } = await runBacktest(base());
    expect(per_symbol).toEqual([
      { symbol: 'AAA', trade_count: 2, net_profit: (final - 1010).toFixed(8), win_rate: 0.5, buy_and_hold_return: 18 / 14 - 1 },
    ]);
  });

  it('fits the contract’s result schema', async () => {
    const outcome = await runBacktest(base());
    const result = BacktestResult.parse({
      ...outcome,
      strategy_id: 1,
      strategy_version: 1,
      elapsed_ms: 3,
      request: {
        market: 'crypto',
        symbols: ['AAA'],
        timeframe: '1d',
        from: JAN_30,
        to: JAN_30 + 7 * DAY,
        initial_balance: '1010',
        fee_rate: 0.01,
        position_size: 1,
      },
    });
    expect(result.metrics.trade_count).toBe(2);
  });
});

describe('position size, fees and the last candle', () => {
  it('puts the given share of the equity into an entry, fee included', async () => {
    const { trades } = await runBacktest(base({ positionSize: 0.5 }));
    // 505 spent at 20: 505 / 1.01 = 500 of coin, 5 fee.
    expect(trades[0]).toMatchObject({ amount: '25.00000000', fees: (5 + 25 * 12 * 0.01).toFixed(8) });
  });

  it('does not enter on the range’s last candle', async () => {
    const { trades, metrics } = await runBacktest(base({ symbols: [{ market: 'crypto', symbol: 'AAA', candles: dailyColumns([14, 10, 20], JAN_30) }] }));
    expect(trades).toEqual([]);
    expect(metrics).toMatchObject({ trade_count: 0, win_rate: null, profit_factor: null, sharpe: null, sortino: null, exposure: 0 });
    expect(metrics.final_equity).toBe('1010.00000000');
  });

  it('without fees, a round trip keeps the price change', async () => {
    const { trades } = await runBacktest(base({ feeRate: 0 }));
    expect(trades[0]).toMatchObject({ amount: '50.50000000', fees: '0.00000000', pnl: (50.5 * 12 - 1010).toFixed(8) });
  });
});

describe('warm-up candles before `from`', () => {
  it('feed the indicators but never trade, and the first candle in range may cross from them', async () => {
    // Warm-up: 14, 20 (a cross above 15 there is not traded). In range from the 3rd: 22, 12 (sell, but flat), 16 (buy), 18.
    const outcome = await runBacktest(base({ from: JAN_30 + 2 * DAY }));
    expect(outcome.candle_count).toBe(5);
    expect(outcome.trades.map((t) => [t.entry_price, t.exit_reason])).toEqual([['16.00000000', 'end_of_range']]);
    expect(outcome.equity_curve[0]).toMatchObject({ timestamp: JAN_30 + 2 * DAY, equity: '1010.00000000' });
    expect(outcome.metrics.buy_and_hold_return).toBeCloseTo(18 / 22 - 1, 12);
    // From the 2nd candle: the last warm-up close is 14, the first in range 20: a buy at once.
    const crossing = await runBacktest(base({ from: JAN_30 + DAY }));
    expect(crossing.trades[0]).toMatchObject({ entry_price: '20.00000000', entry_time: JAN_30 + 2 * DAY });
  });

  it('`to` leaves later candles out', async () => {
    const outcome = await runBacktest(base({ to: JAN_30 + 3 * DAY }));
    expect(outcome.candle_count).toBe(3);
    expect(outcome.trades).toHaveLength(1);
    expect(outcome.trades[0]).toMatchObject({ exit_reason: 'end_of_range', exit_price: '22.00000000' });
  });
});

describe('several symbols', () => {
  it('split the balance equally and add the accounts up over their times', async () => {
    const late = JAN_30 + 3 * DAY;
    const outcome = await runBacktest(
      base({
        initialBalance: 2020,
        symbols: [
          { market: 'crypto', symbol: 'AAA', candles: dailyColumns(closes, JAN_30) },
          { market: 'crypto', symbol: 'BBB', candles: dailyColumns([10, 16, 16, 16], late) },
        ],
      }),
    );
    const alone = await runBacktest(base());
    // BBB starts three days later and buys at 16 on its 2nd candle.
    expect(outcome.trades.map((t) => t.symbol)).toEqual(['AAA', 'BBB', 'AAA']);
    expect(outcome.per_symbol.map((s) => s.symbol)).toEqual(['AAA', 'BBB']);
    expect(outcome.per_symbol[0]!.net_profit).toBe(alone.metrics.net_profit);
    const bbb = outcome.per_symbol[1]!;
    const net = Number(alone.metrics.net_profit) + Number(bbb.net_profit);
    expect(Number(outcome.metrics.net_profit)).toBeCloseTo(net, 6);
    expect(outcome.candle_count).toBe(11);
    // Before BBB's first candle its share counts as cash.
    expect(outcome.equity_curve.slice(0, 4).map((p) => Number(p.equity))).toEqual(
      alone.equity_curve.slice(0, 4).map((p) => Number(p.equity) + 1010),
    );
    expect(outcome.equity_curve.map((p) => p.timestamp)).toEqual(alone.equity_curve.map((p) => p.timestamp));
    expect(outcome.metrics.buy_and_hold_return).toBeCloseTo((1010 * (18 / 14) + 1010 * (16 / 10)) / 2020 - 1, 12);
  });

  it('fail with a clear error when a symbol has no candle in range', async () => {
    await expect(
      runBacktest(
        base({
          symbols: [
            { market: 'crypto', symbol: 'AAA', candles: dailyColumns(closes, JAN_30) },
            { market: 'crypto', symbol: 'ZZZ', candles: dailyColumns([], JAN_30) },
          ],
        }),
      ),
    ).rejects.toThrow('No candles in the requested range for ZZZ');
    await expect(runBacktest(base({ from: JAN_30 + 30 * DAY }))).rejects.toThrow('No candles in the requested range for AAA');
  });
});

describe('long runs', () => {
  const builtin = compileStrategy(StrategyBody.parse(EMA_CROSS_RSI.body));
  const candles = toColumns(randomWalk(12_000, 9, 100, Date.UTC(2023, 11, 1), 15 * 60_000));
  const input = (overrides: Partial<BacktestInput> = {}): BacktestInput =>
    base({ strategy: builtin, symbols: [{ market: 'crypto', symbol: 'RND', candles }], timeframeMs: 15 * 60_000, feeRate: 0.001, ...overrides });

  it('are deterministic: the same input gives a deep-equal result', async () => {
    const a = await runBacktest(input());
    const b = await runBacktest(input({ chunkSize: 777 }));
    expect(a.metrics.trade_count).toBeGreaterThan(10);
    expect(b).toEqual(a);
  });

  it('downsample the curve to MAX_CURVE_POINTS, keeping the start and the final equity', async () => {
    const { equity_curve: curve, metrics, monthly_returns } = await runBacktest(input());
    expect(curve).toHaveLength(MAX_CURVE_POINTS);
    expect(curve[0]!.equity).toBe('1010.00000000');
    expect(curve.at(-1)!.equity).toBe(metrics.final_equity);
    expect(curve.every((p, i) => i === 0 || p.timestamp > curve[i - 1]!.timestamp)).toBe(true);
    expect(Math.min(...curve.map((p) => p.drawdown))).toBeGreaterThanOrEqual(-metrics.max_drawdown - 1e-12);
    // Dec 2023 … Apr 2024 (12,000 quarter hours = 125 days), compounding to the total return.
    expect(monthly_returns.map((r) => r.year)).toEqual([2023, 2024]);
    const compounded = monthly_returns.flatMap((r) => r.months).reduce((acc: number, m) => acc * (1 + (m ?? 0)), 1);
    expect(compounded - 1).toBeCloseTo(metrics.total_return, 9);
    expect(monthly_returns[1]!.months.slice(4)).toEqual(new Array(8).fill(null));
    expect(BacktestResult.shape.metrics.safeParse(metrics).success).toBe(true);
  });

  it('report progress after every chunk and stop when aborted', async () => {
    const seen: [number, number][] = [];
    await runBacktest(input({ chunkSize: 5000, onProgress: (done, total) => seen.push([done, total]) }));
    expect(seen).toEqual([
      [5000, 12_000],
      [10_000, 12_000],
      [12_000, 12_000],
    ]);
    const controller = new AbortController();
    const run = runBacktest(input({ chunkSize: 1000, signal: controller.signal, onProgress: () => controller.abort(new Error('cancelled')) }));
    await expect(run).rejects.toThrow('cancelled');
  });

  it('refuse nonsense settings', async () => {
    await expect(runBacktest(input({ initialBalance: 0 }))).rejects.toThrow('initial balance');
    await expect(runBacktest(input({ positionSize: 1.5 }))).rejects.toThrow('position size');
    await expect(runBacktest(input({ symbols: [] }))).rejects.toThrow('No symbols');
  });
});
