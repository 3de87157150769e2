import { describe, expect, it } from 'vitest';
import type { CandleColumns } from '../../contract/market/klines';
import type { BacktestResult, BacktestTrade } from '../../contract/signals/backtest';
import type { Group } from '../../contract/signals/relations';
import type { Score } from '../../contract/signals/scores';
import { scoreKey, type LiveScore } from '../../src/machines/liveSignalsMachine';
import { candleIndexAt, candlesOption, equityOption, timeAxisLabel, tradeMarks } from '../../src/views/backtest/chartOptions';
import { draftProblems, initialDraft, requestOf } from '../../src/views/backtest/draft';
import { addRun, MAX_RUNS, readRuns, thin, toSavedRun } from '../../src/views/backtest/history';
import { boardColumns, chartLink, DEFAULT_FILTER, heatmapRows, newestListed, rankedEntries, type BoardSubscription } from '../../src/views/signals/board';
import { formatPath, issuesByPath, serverFieldErrors } from '../../src/views/signals/fieldErrors';
import { formatScore, scoreClass, scoreStep } from '../../src/views/signals/scoreColor';
import { asDraft, changeOperator, parseOperand, referenceOptions, renameIndicator, STARTER_BODY, validateBody } from '../../src/views/strategies/bodyDraft';
import { buildTree, flattenTree, moveSymbol, orderedSymbols, shiftedPosition, subtreeIds } from '../../src/views/watchlists/tree';

const T = 1_767_225_600_000;
const NOW = '2026-01-01T00:00:00.000Z';

const score = (subscription: number, symbol: string, value: number, timestamp = T): Score => ({
  subscription_id: subscription, strategy_id: 1, strategy_version: 1, strategy_timeframe: '1h', timeframe: '1h', market: 'crypto', symbol, score_type: 'total', value, timestamp,
});
const totalsOf = (...scores: Score[]): Record<string, LiveScore> => Object.fromEntries(scores.map((s) => [scoreKey(s), { score: s, liveAt: null }]));
const sub = (id: number, name: string, listing_level: number, is_active = true): BoardSubscription => ({ id, name, listing_level, is_active, timeframe: '1h', strategy_name: 'EMA cross' });

describe('the signals board transforms', () => {
  const subs = [sub(1, 'Trend', 50), sub(2, 'Reversion', 30), sub(3, 'Old', 10, false)];
  const totals = totalsOf(score(1, 'BTCUSDT', 70), score(2, 'BTCUSDT', -20), score(1, 'ETHUSDT', -55), score(2, 'SOLUSDT', 35, T + 1), score(9, 'XRPUSDT', 100));

  it('orders columns active first then by name, and keeps one when filtered', () => {
    expect(boardColumns(subs, DEFAULT_FILTER).map((s) => s.id)).toEqual([2, 1, 3]);
    expect(boardColumns(subs, { ...DEFAULT_FILTER, subscriptionId: 3 }).map((s) => s.id)).toEqual([3]);
  });

  it('makes one heatmap row per symbol, strongest first, leaving out unknown subscriptions', () => {
    const rows = heatmapRows(totals, boardColumns(subs, DEFAULT_FILTER), DEFAULT_FILTER);
    expect(rows.map((r) => [r.symbol, r.strength])).toEqual([['BTCUSDT', 70], ['ETHUSDT', 55], ['SOLUSDT', 35]]);
    expect(Object.keys(rows[0]!.cells)).toEqual(['1', '2']);
  });

  it('searches codes and, through titleOf, Persian titles with Arabic letters folded', () => {
    const titleOf = (_: string, symbol: string) => (symbol === 'ETHUSDT' ? ['اتریوم', 'Ethereum'] : []);
    expect(heatmapRows(totals, subs, { ...DEFAULT_FILTER, search: 'eth' }, titleOf).map((r) => r.symbol)).toEqual(['ETHUSDT']);
    expect(heatmapRows(totals, subs, { ...DEFAULT_FILTER, search: 'اتري' }, titleOf).map((r) => r.symbol)).toEqual(['ETHUSDT']);
  });

  it('lists scores that reach their own level, or an override, by strength then newest, by side', () => {
    const own = rankedEntries(totals, subs, DEFAULT_FILTER).map((e) => `${e.subscription.id}:${e.live.score.symbol}`);
    expect(own).toEqual(['1:BTCUSDT', '1:ETHUSDT', '2:SOLUSDT']);
    const low = rankedEntries(totals, subs, { ...DEFAULT_FILTER, levelOverride: 20 }).map((e) => `${e.subscription.id}:${e.live.score.symbol}`);
    expect(low).toEqual(['1:BTCUSDT', '1:ETHUSDT', '2:SOLUSDT', '2:BTCUSDT']);
    expect(rankedEntries(totals, subs, { ...DEFAULT_FILTER, side: 'sell' }).map((e) => e.live.score.symbol)).toEqual(['ETHUSDT']);
    expect(newestListed(totals, subs, 2).map((e) => e.live.score.symbol)).toEqual(['SOLUSDT', 'BTCUSDT']);
  });

  it('links a score to its chart at the subscription timeframe', () => {
    expect(chartLink('tse', 'فولاد', '4h')).toBe('/markets/tse/%D9%81%D9%88%D9%84%D8%A7%D8%AF?tf=4h');
  });

  it('colours −100 red to +100 green in five steps and writes the sign', () => {
    expect([0, 19, 20, 59, 80, 100, -100].map(scoreStep)).toEqual([0, 0, 1, 2, 4, 4, 4]);
    expect(scoreClass(90)).toContain('emerald-700');
    expect(scoreClass(-90)).toContain('rose-700');
    expect(scoreClass(0)).toContain('slate');
    expect(formatScore(60, 'en-US')).toBe('+60');
    expect(formatScore(-40, 'fa-IR')).toMatch(/۴۰/);
  });
});

describe('field errors', () => {
  it('writes paths as the strategy editor shows them', () => {
    expect(formatPath(['rules', 2, 'when', 1])).toBe('rules[2].when[1]');
    expect(formatPath(['indicators', 'fast', 'period'])).toBe('indicators.fast.period');
    expect(formatPath([])).toBe('');
  });

  it('reads a 422 under a prefix and ignores other errors', () => {
    const error = { status: 422, data: { detail: [{ loc: ['body', 'body', 'rules', 0, 'when', 1], msg: 'unknown indicator "emaa"', type: 'custom' }, { loc: ['body', 'name'], msg: 'too long', type: 'x' }] } };
    expect(serverFieldErrors(error, ['body', 'body'])).toEqual({ 'rules[0].when[1]': ['unknown indicator "emaa"'] });
    expect(serverFieldErrors(error, ['body'])).toEqual({ 'body.rules[0].when[1]': ['unknown indicator "emaa"'], name: ['too long'] });
    expect(serverFieldErrors({ status: 409, data: { detail: 'in use' } }, ['body'])).toEqual({});
  });
});

describe('the strategy body draft', () => {
  it('finds the errors the server would, at the same paths', () => {
    expect(validateBody(STARTER_BODY)).toEqual({});
    const bad = { ...STARTER_BODY, rules: [{ name: 'x', when: ['cross_above', 'emaa', 'slow'], score: 60 }], exit: 60 };
    const errors = validateBody(bad);
    expect(errors['rules[0].when[1]']).toEqual(['unknown indicator "emaa"']);
    expect(errors.exit).toEqual(['exit must be below entry']);
    expect(issuesByPath([{ path: ['a', 0], message: 'm' }])).toEqual({ 'a[0]': ['m'] });
  });

  it('renames an indicator and every reference to it', () => {
    const body = asDraft({ ...STARTER_BODY, rules: [{ name: 'r', when: ['and', ['gt', 'fast', 'slow'], ['lt', 'fast.x', 3]], score: 10 }] })!;
    const renamed = renameIndicator(body, 'fast', 'quick');
    expect(Object.keys(renamed.indicators)).toEqual(['quick', 'slow']);
    expect(renamed.rules[0]!.when).toEqual(['and', ['gt', 'quick', 'slow'], ['lt', 'quick.x', 3]]);
  });

  it('keeps operands when switching comparisons and wraps when combining', () => {
    expect(changeOperator(['gt', 'rsi', 70], 'lt')).toEqual(['lt', 'rsi', 70]);
    expect(changeOperator(['gt', 'rsi', 70], 'and')).toEqual(['and', ['gt', 'rsi', 70], ['gt', 'close', 0]]);
    expect(changeOperator(['gt', 'rsi', 70], 'not')).toEqual(['not', ['gt', 'rsi', 70]]);
    expect(changeOperator(['and', ['lt', 'rsi', 30], ['gt', 'close', 1]], 'cross_above')).toEqual(['cross_above', 'rsi', 30]);
    expect([parseOperand('30'), parseOperand('-1.5'), parseOperand('macd.signal'), parseOperand('')]).toEqual([30, -1.5, 'macd.signal', '']);
  });

  it('offers price fields, indicators and their outputs as references', () => {
    expect(referenceOptions({ m: { type: 'macd' }, f: { type: 'ema' } })).toEqual(['close', 'open', 'high', 'low', 'volume', 'm', 'm.line', 'm.signal', 'm.histogram', 'f']);
  });
});

const group = (id: number, name: string, node_id: number | null, position: number, symbols: [string, number][] = []): Group => ({
  id, name, node_id, position, symbol_count: symbols.length, created_at: NOW, updated_at: NOW,
  symbols: symbols.map(([symbol, pos]) => ({ market: 'crypto', symbol, position: pos, added_at: NOW })),
});

describe('the watchlist tree', () => {
  const groups = [group(1, 'Crypto', null, 1), group(2, 'Majors', 1, 0), group(3, 'Alts', 1, 1), group(4, 'Tehran', null, 0), group(5, 'Deep', 2, 0), group(6, 'Orphan', 99, 0)];

  it('builds folders by node_id, ordered by position, orphans at the top', () => {
    expect(flattenTree(buildTree(groups)).map((n) => `${'-'.repeat(n.depth)}${n.group.name}`)).toEqual(['Orphan', 'Tehran', 'Crypto', '-Majors', '--Deep', '-Alts']);
  });

  it('knows what a group may not move under, and where up and down take it', () => {
    expect([...subtreeIds(groups, 1)].sort()).toEqual([1, 2, 3, 5]);
    expect(shiftedPosition(groups, groups[2]!, -1)).toBe(0);
    expect(shiftedPosition(groups, groups[2]!, 1)).toBeNull();
  });

  it('moves a symbol within the list', () => {
    const symbols = orderedSymbols(group(7, 'g', null, 0, [['ETH', 1], ['BTC', 0], ['SOL', 2]]));
    expect(symbols.map((s) => s.symbol)).toEqual(['BTC', 'ETH', 'SOL']);
    expect(moveSymbol(symbols, 2, -1)!.map((s) => s.symbol)).toEqual(['BTC', 'SOL', 'ETH']);
    expect(moveSymbol(symbols, 0, -1)).toBeNull();
  });
});

describe('the backtest screen', () => {
  it('asks for whole UTC days with the end day included, and checks the form first', () => {
    const draft = { ...initialDraft(Date.UTC(2026, 0, 10, 15), 7), symbols: ['BTCUSDT'], feePercent: '0.1', positionPercent: 50 };
    expect(draft.from).toBe('2025-12-11');
    const request = requestOf(draft);
    expect(request).toMatchObject({ from: Date.UTC(2025, 11, 11), to: Date.UTC(2026, 0, 11), fee_rate: 0.001, position_size: 0.5, initial_balance: '10000' });
    expect(requestOf({ ...draft, feePercent: '' })).not.toHaveProperty('fee_rate');
    expect(draftProblems({ ...draft, symbols: [], to: '2025-01-01', initialBalance: '0', strategyId: null })).toEqual({
      strategyId: 'backtest.needStrategy', symbols: 'backtest.needSymbols', to: 'backtest.toBeforeFrom', initialBalance: 'backtest.needBalance',
    });
  });

  const candles: CandleColumns = { open_time: [0, 10, 20, 30], open: [1, 2, 3, 4], high: [2, 3, 4, 5], low: [0.5, 1.5, 2.5, 3.5], close: [2, 3, 4, 5], volume: [1, 1, 1, 1] };
  const trade = { symbol: 'BTCUSDT', entry_time: 12, entry_price: '2.5', exit_time: 30, exit_price: '5', exit_reason: 'signal' } as BacktestTrade;
  const format = { money: String, percent: String, price: String, time: String, axisDate: () => 'date', axisTime: () => 'time' };
  const labels = { equity: 'E', buyAndHold: 'B', drawdown: 'D', entry: 'in', exit: 'out' };

  it('puts entries under and exits over the candle they fall in', () => {
    expect([candleIndexAt(candles.open_time, -1), candleIndexAt(candles.open_time, 10), candleIndexAt(candles.open_time, 29), candleIndexAt(candles.open_time, 99)]).toEqual([-1, 1, 2, 3]);
    const marks = tradeMarks(candles, [trade], labels, format) as { coord: number[]; name: string }[];
    expect(marks.map((m) => [m.name, m.coord])).toEqual([['in', [1, 1.5]], ['out', [3, 5]]]);
    const option = candlesOption(candles, [trade], labels, format);
    expect(option.series[0]!.data[0]).toEqual([1, 2, 0.5, 2]);
    expect(option.xAxis.data).toHaveLength(4);
  });

  it('labels the time axis with times of day for short ranges and dates for long ones', () => {
    expect(timeAxisLabel([0, 86_400_000], format)(0)).toBe('time');
    expect(timeAxisLabel([0, 3 * 86_400_000], format)(0)).toBe('date');
  });

  it('draws equity against buy and hold from the decimal strings', () => {
    const option = equityOption([{ timestamp: 5, equity: '10100.5', buy_and_hold: '9900', drawdown: 0 }], labels, format);
    expect(option.series.map((s) => s.data)).toEqual([[[5, 10100.5]], [[5, 9900]]]);
  });

  it('keeps the ten newest runs, each thinned, and drops junk from storage', () => {
    expect(thin([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 4)).toEqual([1, 4, 7, 10]);
    const result = {
      strategy_id: 7, strategy_version: 2, request: { market: 'crypto', symbols: ['BTCUSDT'], timeframe: '1h', from: 0, to: 10, initial_balance: '100', fee_rate: 0, position_size: 1 },
      metrics: { total_return: 0.5 }, equity_curve: Array.from({ length: 1000 }, (_, i) => ({ timestamp: i, equity: String(100 + i), buy_and_hold: '100', drawdown: 0 })),
    } as unknown as BacktestResult;
    const run = toSavedRun(result, 'EMA', 'task-x', 1);
    expect(run.curve).toHaveLength(200);
    expect(run.curve[0]).toEqual([0, 0]);
    expect(run.curve.at(-1)![1]).toBeCloseTo(9.99);
    let runs = readRuns([run, { junk: true }, 5]);
    expect(runs).toHaveLength(1);
    for (let i = 0; i < 12; i++) runs = addRun(runs, { ...run, id: `r${i}` });
    expect(runs).toHaveLength(MAX_RUNS);
    expect(runs[0]!.id).toBe('r11');
  });
});
