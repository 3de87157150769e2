import type { z } from 'zod';
import { TIMEFRAMES, type DataSourceName } from '../../../contract/codes';
import {
  RESOLUTION_TIMEFRAME,
  type ChartBars,
  type ChartBarsQuery,
  type ChartMark,
  type ChartMarkList,
  type ChartMarksQuery,
  type ChartSymbolList,
  type ChartSymbolsQuery,
} from '../../../contract/market/chart';
import { KLINES_MAX_LIMIT } from '../../../contract/market/klines';
import type { MarketSymbol } from '../../../contract/market/lists';
import type { Market } from '../../../contract/market/markets';
import type { KlinesRepository } from '../../store/repositories/klines';
import type { MarketsService } from '../markets/marketsService';
import { createBucketer } from './buckets';
import { readCandles } from './candleReader';
import { toChartSymbol } from './chartSymbols';

const SYMBOLS_PAGE = 5_000;

/** `/tradingview/*`: what a chart library asks, answered from the same candles as `klines`. */
export function createChartReads(deps: {
  repo: KlinesRepository;
  markets: MarketsService;
  resolve: (market: string, symbol: string, source?: DataSourceName) => Promise<{ market: Market; source: DataSourceName }>;
}) {
  const { repo, markets, resolve } = deps;

  async function symbolsOf(market: string, isActive: boolean | undefined): Promise<MarketSymbol[]> {
    const all: MarketSymbol[] = [];
    for (let skip = 0; ; skip += SYMBOLS_PAGE) {
      const page = await markets.lists.page('symbols', {
        market,
        skip,
        limit: SYMBOLS_PAGE,
        ...(isActive === undefined ? {} : { is_active: isActive }),
      });
      all.push(...(page.data as MarketSymbol[]));
      if (page.data.length < SYMBOLS_PAGE) return all;
    }
  }

  return {
    async symbols(query: z.output<typeof ChartSymbolsQuery>): Promise<ChartSymbolList> {
      const market = await markets.getMarket(query.market);
      const symbols = await symbolsOf(market.name, query.is_active);
      const source = market.default_source ?? 'simulated';
      const oldest = await repo.oldestOpenTimes(market.name, source, symbols.map((s) => s.name), TIMEFRAMES);
      const data = symbols.map((symbol) => toChartSymbol(market, symbol, oldest.get(symbol.name) ?? null));
      return { data, count: data.length };
    },

    /**
     * UDF bars, newest kept when a window holds more than the cap (a chart zooming back asks
     * again up to the first bar it got). The forming bar is included: a chart draws it live.
     */
    async bars(query: z.output<typeof ChartBarsQuery>): Promise<ChartBars> {
      const { market, source } = await resolve(query.market, query.symbol);
      const timeframe = RESOLUTION_TIMEFRAME[query.resolution];
      const countback = query.countback;
      const answer = await readCandles(repo, {
        market: market.name,
        symbol: query.symbol,
        source,
        timeframe,
        timeZone: market.timezone,
        from: countback === undefined ? query.timestamp_from : undefined,
        fromInclusive: true,
        to: query.timestamp_to,
        limit: countback ?? KLINES_MAX_LIMIT,
        fromLast: true,
        latest: true,
        now: Date.now(),
      });
      const c = answer.candles;
      if (c.open_time.length > 0) return { s: 'ok', t: c.open_time, o: c.open, h: c.high, l: c.low, c: c.close, v: c.volume };
      // Nothing in the window: point the chart at the newest bar before it, if there is one.
      if (countback !== undefined || answer.baseTimeframe === null) return { s: 'no_data' };
      const key = { market: market.name, symbol: query.symbol, source, timeframe: answer.baseTimeframe };
      const before = await repo.newestBefore(key, answer.lowerBound);
      return before === null ? { s: 'no_data' } : { s: 'no_data', nextTime: answer.bucketer.start(before) };
    },

    /**
     * Signal marks of the caller's subscriptions on a symbol since `timestamp_from`, each placed
     * on the bar of the asked resolution that holds its candle. A signal's time is its candle's
     * close; the bar is found from one millisecond before it, so a close written as the next
     * candle's open time (exclusive end) and one written as the last millisecond of the candle
     * both land on the candle that produced the signal.
     */
    async marks(
      query: z.output<typeof ChartMarksQuery>,
      readSignals: (read: { market: string; symbol: string; from: number; limit: number; statuses?: readonly number[] }) => Promise<Omit<ChartMark, 'time'>[]>,
    ): Promise<ChartMarkList> {
      const { market } = await resolve(query.market, query.symbol);
      const bucketer = createBucketer(RESOLUTION_TIMEFRAME[query.resolution], market.timezone);
      const signals = await readSignals({
        market: market.name,
        symbol: query.symbol,
        from: query.timestamp_from,
        limit: query.limit,
        ...(query.status ? { statuses: query.status } : {}),
      });
      const data = signals.map((mark) => ({ ...mark, time: bucketer.start(Math.max(0, mark.signal_time - 1)) }));
      return { data, count: data.length };
    },
  };
}
