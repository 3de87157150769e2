import type { DataSourceName, Timeframe } from '../../../contract/codes';
import type { KlinesService, UpsertCounts } from '../../domain/klines/klinesService';
import type { MarketsService } from '../../domain/markets/marketsService';
import { parseKlinesCsv } from './csvKlines';

export interface CsvImportRequest {
  market: string;
  symbol: string;
  /** The file's content. */
  text: string;
  /** The candles' timeframe; default 1m, the finest every market stores. */
  timeframe?: Timeframe;
  /** Stored under this source; default `csv`, so imported history never mixes with a live feed's. */
  source?: DataSourceName;
}

export interface CsvImportResult extends UpsertCounts {
  received: number;
  firstOpenTime: number;
  lastOpenTime: number;
}

/**
 * Imports a user's OHLCV file for one symbol: the market and symbol must exist (404 otherwise),
 * every row is validated first (422 listing the bad lines), then the candles are written in one
 * all-or-nothing call; importing the same file again changes nothing.
 */
export function createCsvImporter(deps: { markets: MarketsService; klines: KlinesService }) {
  return {
    async importText(request: CsvImportRequest): Promise<CsvImportResult> {
      const market = await deps.markets.getMarket(request.market);
      await deps.markets.getSymbol(market.name, request.symbol);
      const timeframe = request.timeframe ?? '1m';
      const source = request.source ?? 'csv';
      const candles = parseKlinesCsv(request.text, { timeframe, timeZone: market.timezone });
      const counts = await deps.klines.insert(
        candles.map((c) => ({ market: market.name, symbol: request.symbol, source, timeframe, ...c })),
      );
      return { ...counts, received: candles.length, firstOpenTime: candles[0]!.open_time, lastOpenTime: candles.at(-1)!.open_time };
    },
  };
}

export type CsvImporter = ReturnType<typeof createCsvImporter>;
