import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { pick } from '../../contract/endpoint';
import type { ChartBars } from '../../contract/market/chart';
import { chartEndpoints } from '../../contract/market/endpoints';
import type { Timeframe } from '../../contract/codes';
import type { Candle } from '../../contract/market/klines';
import { LivePriceServerMessage } from '../../contract/market/live';
import type { ApiClient } from '../services/apiClient';
import { socketUrl } from '../services/socketTransport';
import { websocketTransport } from './websocketTransport';
import { chartingMachine, emptyColumns, type BarsPage, type LoadBarsInput } from '../machines/chartingMachine';
import { socketMachine } from '../machines/socketMachine';
import { useAppSystem } from './hooks';

/**
 * The chart screen's actors: a charting actor per symbol (bars through the api client) and the
 * market's live_price socket feeding it the forming 1m candle. Both live while the screen is open.
 */

const symbolsEndpoint = pick(chartEndpoints, 'chart.symbols');
const barsEndpoint = pick(chartEndpoints, 'chart.bars');

/** UDF bars as the machine's columns; fewer bars than asked means history ran out. */
export function barsPage(bars: ChartBars, countback: number): BarsPage {
  if (bars.s !== 'ok') return { candles: emptyColumns(), hasOlder: false };
  return {
    candles: { open_time: bars.t, open: bars.o, high: bars.h, low: bars.l, close: bars.c, volume: bars.v },
    hasOlder: bars.t.length >= countback,
  };
}

function chartingLogic(api: ApiClient) {
  const loadBars = fromPromise<BarsPage, LoadBarsInput>(async ({ input }) => {
    const bars = await api.call(barsEndpoint, {
      query: {
        market: input.market,
        symbol: input.symbol,
        resolution: input.timeframe,
        countback: input.countback,
        timestamp_to: input.to,
      },
    });
    return barsPage(bars, input.countback);
  });
  return chartingMachine.provide({
    actors: {
      loadSymbols: fromPromise(async ({ input }: { input: { market: string } }) => (await api.call(symbolsEndpoint, { query: { market: input.market } })).data),
      loadBars,
      loadOlder: loadBars,
    },
  });
}

export type ChartingActor = ActorRefFrom<typeof chartingMachine>;

/** The charting actor of one symbol, alive while the calling screen is mounted; `timeframe` is the first one shown. */
export function useChartingActor(market: string, symbol: string, timeframe?: Timeframe): ChartingActor {
  const { api } = useAppSystem();
  const logic = useMemo(() => chartingLogic(api), [api]);
  return useActorRef(logic, { input: { market, symbol, ...(timeframe ? { timeframe } : {}) } }) as ChartingActor;
}

/**
 * Opens the market's live_price socket while mounted, follows only `symbol` and sends each of its
 * forming 1m candles to `onCandle`. A 4401 logs out like any other socket.
 */
export function useLiveCandles(market: string, symbol: string, onCandle: (candle: Candle) => void): void {
  const { auth } = useAppSystem();
  useEffect(() => {
    const token = auth.getSnapshot().context.user?.access_token;
    if (!token) return undefined;
    const socket = createActor(
      socketMachine.provide({
        actors: { transport: websocketTransport },
        actions: { log: (_, entry) => console[entry.level](`[socket] ${entry.message}`, entry.url) },
      }),
      { input: { url: socketUrl(`/api/ws/market/${encodeURIComponent(market)}/live_price`, {}), token } },
    );
    socket.on('auth.unauthorized', () => auth.send({ type: 'auth.unauthorized' }));
    socket.on('socket.message', ({ message }) => {
      if (message._type !== 'prices') return;
      const parsed = LivePriceServerMessage.safeParse(message);
      if (!parsed.success || parsed.data._type !== 'prices') return;
      for (const price of parsed.data.data) if (price.symbol === symbol) onCandle(price.candle);
    });
    let wasOpen = false;
    const subscription = socket.subscribe((snapshot) => {
      const open = snapshot.matches('open');
      // Every (re)connection follows the whole market until told otherwise: narrow it to this symbol.
      if (open && !wasOpen) socket.send({ type: 'socket.send', message: { _type: 'subscribe', data: { symbols: [symbol] } } });
      wasOpen = open;
    });
    socket.start();
    socket.send({ type: 'socket.connect' });
    return () => {
      subscription.unsubscribe();
      socket.send({ type: 'socket.disconnect' });
      socket.stop();
    };
  }, [auth, market, symbol, onCandle]);
}
