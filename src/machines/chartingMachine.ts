import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Timeframe } from '../../contract/codes';
import type { ChartSymbol } from '../../contract/market/chart';
import type { Candle, CandleColumns } from '../../contract/market/klines';
import { TIMEFRAME_MS } from '../../contract/constants';

/**
 * The chart screen of one symbol. The spec's charting state (the market's symbols list and the
 * error) plus the chart's own: the timeframe, the candles loaded so far (older pages are prepended
 * while the person zooms back), and the last candle moving live.
 *
 * Live prices carry the forming 1m candle; `foldLiveCandle` folds it into the current bucket of
 * the chosen timeframe (a new bucket is appended when the minute passes its end).
 */

export { TIMEFRAME_MS };

/** Candles per request: the first load and each older page. */
export const CHART_PAGE_SIZE = 1000;

/** A page of bars, oldest first; `hasOlder` is false once history ran out. */
export interface BarsPage {
  candles: CandleColumns;
  hasOlder: boolean;
}

export interface LoadBarsInput {
  market: string;
  symbol: string;
  timeframe: Timeframe;
  countback: number;
  /** Inclusive end; omitted: now (the forming bar included). */
  to?: number;
}

/** Where the live fold stands: the 1m candle last folded, and the bucket as it was before that minute. */
export interface LiveFold {
  minute: number | null;
  base: Candle | null;
}

export interface ChartingInput {
  market: string;
  symbol: string;
  timeframe?: Timeframe;
  pageSize?: number;
}

export interface ChartingContext {
  market: string;
  symbol: string;
  /** The market's symbols (titles, precision): the spec's "symbols list". */
  symbols: ChartSymbol[];
  /** The last failure (symbols, bars or an older page); cleared when retried. */
  error: unknown;
  timeframe: Timeframe;
  pageSize: number;
  candles: CandleColumns;
  hasOlder: boolean;
  fold: LiveFold;
  /** Live candles folded since the bars loaded (a counter for views and tests). */
  liveUpdates: number;
}

export type ChartingEvent =
  | { type: 'chart.setTimeframe'; timeframe: Timeframe }
  | { type: 'chart.loadOlder' }
  | { type: 'chart.live'; candle: Candle }
  | { type: 'chart.retry' }
  | { type: 'chart.retrySymbols' };

export const emptyColumns = (): CandleColumns => ({ open_time: [], open: [], high: [], low: [], close: [], volume: [] });

const FIELDS = ['open_time', 'open', 'high', 'low', 'close', 'volume'] as const;

/** `older` then `newer`, dropping from `older` any open time `newer` already holds. */
export function prependColumns(older: CandleColumns, newer: CandleColumns): CandleColumns {
  const first = newer.open_time[0];
  let keep = older.open_time.length;
  if (first !== undefined) while (keep > 0 && older.open_time[keep - 1]! >= first) keep--;
  const out = emptyColumns();
  for (const field of FIELDS) out[field] = older[field].slice(0, keep).concat(newer[field]);
  return out;
}

function candleAt(c: CandleColumns, i: number): Candle {
  return { open_time: c.open_time[i]!, open: c.open[i]!, high: c.high[i]!, low: c.low[i]!, close: c.close[i]!, volume: c.volume[i]! };
}

function withLast(c: CandleColumns, candle: Candle, replace: boolean): CandleColumns {
  const out = emptyColumns();
  for (const field of FIELDS) {
    const column = replace ? c[field].slice(0, -1) : c[field].slice();
    column.push(candle[field]);
    out[field] = column;
  }
  return out;
}

/**
 * Folds the forming 1m candle `live` into the last bucket of `candles` (or starts the next one).
 * Within one minute the bucket is `base` (the minutes before) combined with the minute as it is
 * now; when the minute changes the bucket so far becomes the new base. The first update after a
 * load cannot know how much of its minute the loaded bar already holds, so it takes that minute's
 * volume as all of it (off by at most the volume traded between the load and the first message).
 * Older minutes than the one last folded are stale and ignored.
 */
export function foldLiveCandle(
  candles: CandleColumns,
  live: Candle,
  timeframe: Timeframe,
  fold: LiveFold,
): { candles: CandleColumns; fold: LiveFold } | null {
  const n = candles.open_time.length;
  if (n === 0) return null;
  const lastOpen = candles.open_time[n - 1]!;
  const duration = TIMEFRAME_MS[timeframe];
  if (live.open_time < lastOpen || (fold.minute !== null && live.open_time < fold.minute)) return null;
  if (live.open_time >= lastOpen + duration) {
    const bucket = lastOpen + Math.floor((live.open_time - lastOpen) / duration) * duration;
    return { candles: withLast(candles, { ...live, open_time: bucket }, false), fold: { minute: live.open_time, base: null } };
  }
  let base: Candle | null;
  if (timeframe === '1m') base = null;
  else if (fold.minute === live.open_time) base = fold.base;
  else if (fold.minute !== null) base = candleAt(candles, n - 1);
  else {
    const loaded = candleAt(candles, n - 1);
    base = { ...loaded, volume: Math.max(0, loaded.volume - live.volume) };
  }
  const bar: Candle = base
    ? {
        open_time: lastOpen,
        open: base.open,
        high: Math.max(base.high, live.high),
        low: Math.min(base.low, live.low),
        close: live.close,
        volume: base.volume + live.volume,
      }
    : { ...live, open_time: lastOpen };
  return { candles: withLast(candles, bar, true), fold: { minute: live.open_time, base } };
}

const NO_FOLD: LiveFold = { minute: null, base: null };

export const chartingMachine = setup({
  types: {
    input: {} as ChartingInput,
    context: {} as ChartingContext,
    events: {} as ChartingEvent,
  },
  actors: {
    /** Provided: the market's symbols (`/tradingview/symbols`). */
    loadSymbols: fromPromiseStub<ChartSymbol[], { market: string }>(),
    /** Provided: the newest bars (`/tradingview/bars` with countback). */
    loadBars: fromPromiseStub<BarsPage, LoadBarsInput>(),
    /** Provided: the page of bars before the oldest loaded one. */
    loadOlder: fromPromiseStub<BarsPage, LoadBarsInput>(),
  },
  guards: {
    hasOlder: ({ context }) => context.hasOlder,
    otherTimeframe: ({ context, event }) => {
      assertEvent(event, 'chart.setTimeframe');
      return event.timeframe !== context.timeframe;
    },
  },
  actions: {
    setTimeframe: assign(({ event }) => {
      assertEvent(event, 'chart.setTimeframe');
      return { timeframe: event.timeframe, candles: emptyColumns(), hasOlder: false, fold: NO_FOLD, liveUpdates: 0 };
    }),
    clearError: assign({ error: null }),
    foldLive: assign(({ context, event }) => {
      assertEvent(event, 'chart.live');
      const folded = foldLiveCandle(context.candles, event.candle, context.timeframe, context.fold);
      return folded ? { ...folded, liveUpdates: context.liveUpdates + 1 } : {};
    }),
  },
}).createMachine({
  id: 'charting',
  type: 'parallel',
  context: ({ input }) => ({
    market: input.market,
    symbol: input.symbol,
    symbols: [],
    error: null,
    timeframe: input.timeframe ?? '15m',
    pageSize: input.pageSize ?? CHART_PAGE_SIZE,
    candles: emptyColumns(),
    hasOlder: false,
    fold: NO_FOLD,
    liveUpdates: 0,
  }),
  states: {
    symbols: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadSymbols',
            src: 'loadSymbols',
            input: ({ context }) => ({ market: context.market }),
            onDone: { target: 'ready', actions: assign({ symbols: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
          },
        },
        ready: {},
        failed: { on: { 'chart.retrySymbols': { target: 'loading', actions: 'clearError' } } },
      },
    },
    bars: {
      initial: 'loading',
      on: {
        'chart.setTimeframe': { guard: 'otherTimeframe', target: '.loading', reenter: true, actions: 'setTimeframe' },
      },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadBars',
            src: 'loadBars',
            input: ({ context }) => ({
              market: context.market,
              symbol: context.symbol,
              timeframe: context.timeframe,
              countback: context.pageSize,
            }),
            onDone: {
              target: 'ready',
              actions: assign(({ event }) => ({ candles: event.output.candles, hasOlder: event.output.hasOlder, fold: NO_FOLD, liveUpdates: 0 })),
            },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
          },
        },
        failed: { on: { 'chart.retry': { target: 'loading', actions: 'clearError' } } },
        ready: {
          initial: 'idle',
          on: { 'chart.live': { actions: 'foldLive' } },
          states: {
            idle: { on: { 'chart.loadOlder': { guard: 'hasOlder', target: 'loadingOlder' } } },
            loadingOlder: {
              tags: ['loadingOlder'],
              invoke: {
                id: 'loadOlder',
                src: 'loadOlder',
                input: ({ context }) => ({
                  market: context.market,
                  symbol: context.symbol,
                  timeframe: context.timeframe,
                  countback: context.pageSize,
                  to: (context.candles.open_time[0] ?? Date.now()) - 1,
                }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    candles: prependColumns(event.output.candles, context.candles),
                    hasOlder: event.output.hasOlder,
                  })),
                },
                onError: { target: 'olderFailed', actions: assign({ error: ({ event }) => event.error }) },
              },
            },
            olderFailed: { on: { 'chart.loadOlder': { target: 'loadingOlder', actions: 'clearError' } } },
          },
        },
      },
    },
  },
});

/** A promise actor the caller must provide (the machine stays free of services). */
function fromPromiseStub<TOutput, TInput>() {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error('not provided')));
}

export type ChartingMachine = typeof chartingMachine;
