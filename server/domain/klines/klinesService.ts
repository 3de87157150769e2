import type { z } from 'zod';
import type { DataSourceName, Timeframe } from '../../../contract/codes';
import type { Kline, Klines, KlinesQuery } from '../../../contract/market/klines';
import type { Market } from '../../../contract/market/markets';
import type { Store } from '../../store/database';
import { createKlinesRepository, type KlineWrite, type UpsertCounts } from '../../store/repositories/klines';
import type { MarketsService } from '../markets/marketsService';
import { readCandles } from './candleReader';
import { createChartReads } from './chartReads';
import { validateWrites } from './validateWrites';

export type { KlineWrite, UpsertCounts };

/** With no active source the market still answers, from the embedded default's candles. */
const FALLBACK_SOURCE: DataSourceName = 'simulated';

/**
 * Stored candles and their aggregation to every timeframe (issue 4). Candles are stored once at
 * the source's finest timeframe and every other timeframe is built on read, so there is one copy
 * of the truth and no timeframe can drift from another.
 */
export function createKlinesService(deps: { store: Store; markets: MarketsService }) {
  const { markets } = deps;
  const repo = createKlinesRepository(deps.store);

  /** The market and its source for a call; NotFoundError for an unknown market or symbol. */
  async function resolve(market: string, symbol: string, source?: DataSourceName): Promise<{ market: Market; source: DataSourceName }> {
    const [found] = await Promise.all([markets.getMarket(market), markets.getSymbol(market, symbol)]);
    return { market: found, source: source ?? found.default_source ?? FALLBACK_SOURCE };
  }

  const service = {
    /** `/core/market/klines`: any timeframe, any window, objects or columns. */
    async read(query: z.output<typeof KlinesQuery>): Promise<Klines> {
      const { market, source } = await resolve(query.market, query.symbol, query.source);
      const answer = await readCandles(repo, {
        market: market.name,
        symbol: query.symbol,
        source,
        timeframe: query.timeframe,
        timeZone: market.timezone,
        from: query.from_timestamp,
        fromInclusive: query.from_timestamp_inclusive,
        to: query.to_timestamp,
        limit: query.limit,
        fromLast: query.read_from_last,
        latest: query.latest,
        now: Date.now(),
      });
      const header = {
        market: market.name,
        symbol: query.symbol,
        source,
        timeframe: query.timeframe,
        count: answer.candles.open_time.length,
        has_more: answer.hasMore,
        forming_open_time: answer.formingOpenTime,
      };
      if (query.return_as === 'arrays') return { return_as: 'arrays', ...header, data: answer.candles };
      const c = answer.candles;
      const data = c.open_time.map((open_time, i) => ({
        open_time,
        open: c.open[i]!,
        high: c.high[i]!,
        low: c.low[i]!,
        close: c.close[i]!,
        volume: c.volume[i]!,
      }));
      return { return_as: 'objects', ...header, data };
    },

    /**
     * Writes candles from a source: new ones inserted, stored ones replaced (idempotent by
     * market, symbol, source, timeframe and open time), all or nothing. Symbols are not looked up
     * here (a back-fill writes half a million rows); callers write only symbols they know.
     */
    async insert(rows: readonly KlineWrite[]): Promise<UpsertCounts> {
      validateWrites(rows);
      return repo.upsert(rows);
    },

    /** The newest candle of a symbol (the forming one unless `closedOnly`), or null when none is stored. */
    async lastKline(
      marketName: string,
      symbol: string,
      timeframe: Timeframe,
      options: { source?: DataSourceName; closedOnly?: boolean } = {},
    ): Promise<Kline | null> {
      const { market, source } = await resolve(marketName, symbol, options.source);
      const answer = await readCandles(repo, {
        market: market.name,
        symbol,
        source,
        timeframe,
        timeZone: market.timezone,
        fromInclusive: true,
        limit: 1,
        fromLast: true,
        latest: !options.closedOnly,
        now: Date.now(),
      });
      const c = answer.candles;
      if (c.open_time.length === 0) return null;
      return {
        market: market.name,
        symbol,
        source,
        timeframe,
        open_time: c.open_time[0]!,
        open: c.open[0]!,
        high: c.high[0]!,
        low: c.low[0]!,
        close: c.close[0]!,
        volume: c.volume[0]!,
        closed: answer.formingOpenTime === null,
      };
    },

    /** The TradingView-style chart reads: symbols, bars, marks. */
    chart: createChartReads({ repo, markets, resolve }),
  };
  return service;
}

export type KlinesService = ReturnType<typeof createKlinesService>;
