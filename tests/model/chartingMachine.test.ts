import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type EventObject } from 'xstate';
import type { ChartSymbol } from '../../contract/market/chart';
import type { CandleColumns } from '../../contract/market/klines';
import { chartingMachine, foldLiveCandle, type ChartingContext } from '../../src/machines/chartingMachine';
import { createFakeActors, generatePaths, missingCoverage, NO_GAPS, replayPath, type StepCheck } from './support/modelPaths';

/*
 * The chart screen's actor: paths from its graph replayed on a real actor with deferred fakes for
 * the symbols, bars and older pages. After every step: loading tags match the states, an older
 * page is only asked for while older candles exist, and candles stay oldest first without repeats.
 */

const MIN = 60_000;
const cols = (times: number[], price = 100): CandleColumns => ({
  open_time: times,
  open: times.map(() => price),
  high: times.map(() => price + 2),
  low: times.map(() => price - 2),
  close: times.map(() => price + 1),
  volume: times.map(() => 10),
});
const T0 = 1_700_000_400_000 - (1_700_000_400_000 % (15 * MIN));
const NEWEST = { candles: cols([T0 - 15 * MIN, T0]), hasOlder: true };
const OLDER_MORE = { candles: cols([T0 - 45 * MIN, T0 - 30 * MIN]), hasOlder: true };
const OLDER_LAST = { candles: cols([T0 - 60 * MIN]), hasOlder: false };
const offline = { kind: 'FETCH_ERROR', message: 'Failed to fetch' };
const SYMBOLS = [{ name: 'BTCUSDT' } as ChartSymbol];
const input = { market: 'crypto', symbol: 'BTCUSDT' };

const EVENTS = [
  { type: 'xstate.done.actor.loadSymbols', output: SYMBOLS },
  { type: 'xstate.error.actor.loadSymbols', error: offline },
  { type: 'xstate.done.actor.loadBars', output: NEWEST },
  { type: 'xstate.error.actor.loadBars', error: offline },
  { type: 'xstate.done.actor.loadOlder', output: OLDER_MORE },
  { type: 'xstate.done.actor.loadOlder', output: OLDER_LAST },
  { type: 'xstate.error.actor.loadOlder', error: offline },
  { type: 'chart.setTimeframe', timeframe: '1h' },
  { type: 'chart.loadOlder' },
  { type: 'chart.live', candle: { open_time: T0 + MIN, open: 101, high: 110, low: 100, close: 109, volume: 3 } },
  { type: 'chart.retry' },
  { type: 'chart.retrySymbols' },
] as EventObject[];

/** States differ by value, timeframe and whether older candles exist: all bounded. */
const context = (c: ChartingContext) => ({ timeframe: c.timeframe, hasOlder: c.hasOlder, error: c.error !== null });

const paths = generatePaths(chartingMachine, { input, events: EVENTS, context });
/** One shortest path per (state × timeframe × older-left), plus the transitions those miss. */
const PATH_COUNT = 25;

function checkRules({ snapshot, event }: StepCheck) {
  const c = snapshot.context as ChartingContext;
  expect(snapshot.hasTag('loading')).toBe(snapshot.matches({ bars: 'loading' }));
  expect(snapshot.hasTag('loadingOlder')).toBe(snapshot.matches({ bars: { ready: 'loadingOlder' } }));
  if (snapshot.matches({ bars: 'loading' })) expect(c.candles.open_time).toEqual([]);
  // `error` is the latest failure (the spec's one error field); a retry clears it.
  if (event.type.startsWith('xstate.error.actor.')) expect(c.error).toEqual(offline);
  if (event.type === 'chart.retry' || event.type === 'chart.retrySymbols') expect(c.error).toBeNull();
  if (!c.hasOlder) expect(snapshot.can({ type: 'chart.loadOlder' })).toBe(snapshot.matches({ bars: { ready: 'olderFailed' } }));
  const times = c.candles.open_time;
  for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThan(times[i - 1]!);
}

describe('chartingMachine (model)', () => {
  it('has the planned number of paths', () => {
    expect(paths.map((p) => p.description)).toHaveLength(PATH_COUNT);
  });

  it('visits every state and transition', () => {
    expect(missingCoverage(chartingMachine, paths)).toEqual(NO_GAPS);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const fakes = createFakeActors();
      const clock = new SimulatedClock();
      const actor = createActor(
        chartingMachine.provide({ actors: { loadSymbols: fakes.promise(), loadBars: fakes.promise(), loadOlder: fakes.promise() } }),
        { input, clock },
      );
      await replayPath(path, { actor, clock, fakes, context, check: checkRules });
      for (const call of fakes.calls('loadOlder') as { to: number; countback: number }[]) expect(call.countback).toBe(1000);
    });
  }
});

describe('folding the live 1m candle into the chosen timeframe', () => {
  const fifteen = cols([T0 - 15 * MIN, T0]);
  const minute = (offset: number, o: number, h: number, l: number, c: number, v: number) => ({ open_time: T0 + offset * MIN, open: o, high: h, low: l, close: c, volume: v });

  it('replaces the last candle on 1m, and appends the next minute', () => {
    const ones = cols([T0 - MIN, T0]);
    const same = foldLiveCandle(ones, minute(0, 100, 120, 90, 110, 7), '1m', { minute: null, base: null })!;
    expect(same.candles.close).toEqual([101, 110]);
    expect(same.candles.volume).toEqual([10, 7]);
    const next = foldLiveCandle(same.candles, minute(1, 110, 111, 109, 110.5, 1), '1m', same.fold)!;
    expect(next.candles.open_time).toEqual([T0 - MIN, T0, T0 + MIN]);
  });

  it('folds successive minutes into one 15m bucket: open kept, high/low widened, volume summed', () => {
    // loaded bar: open 100 high 102 low 98 close 101 volume 10 (3 of them already from minute 0)
    const a = foldLiveCandle(fifteen, minute(0, 100, 103, 99, 102, 3), '15m', { minute: null, base: null })!;
    expect(a.candles.volume.at(-1)).toBe(10); // base 10 − 3, plus the minute's 3
    expect(a.candles.high.at(-1)).toBe(103);
    const b = foldLiveCandle(a.candles, minute(0, 100, 104, 99, 100, 5), '15m', a.fold)!;
    expect(b.candles.volume.at(-1)).toBe(12); // same minute grew from 3 to 5
    const c = foldLiveCandle(b.candles, minute(1, 100, 100, 90, 95, 2), '15m', b.fold)!;
    expect(c.candles.open_time.at(-1)).toBe(T0);
    expect([c.candles.open.at(-1), c.candles.high.at(-1), c.candles.low.at(-1), c.candles.close.at(-1), c.candles.volume.at(-1)]).toEqual([100, 104, 90, 95, 14]);
  });

  it('starts a new bucket at its boundary, and ignores stale minutes', () => {
    const next = foldLiveCandle(fifteen, minute(16, 50, 51, 49, 50.5, 1), '15m', { minute: null, base: null })!;
    expect(next.candles.open_time.at(-1)).toBe(T0 + 15 * MIN);
    expect(next.candles.open.at(-1)).toBe(50);
    expect(foldLiveCandle(next.candles, minute(15, 1, 1, 1, 1, 1), '15m', next.fold)).toBeNull();
    expect(foldLiveCandle(fifteen, minute(-20, 1, 1, 1, 1, 1), '15m', { minute: null, base: null })).toBeNull();
  });
});
