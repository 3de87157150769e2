import type { z } from 'zod';
import type { IngestBatch, IngestResult } from '../../../contract/market/ingest';
import { NotFoundError, ValidationError } from '../../domain/errors';
import type { KlinesService } from '../../domain/klines/klinesService';
import { localDayStart } from '../../domain/klines/timeZones';
import type { MarketsService } from '../../domain/markets/marketsService';

/**
 * Batches pushed by the irproxy relay (a process outside the network that can reach Iranian
 * venues). The contract has already checked each candle's shape; this adds what needs the
 * database: the market (404), every symbol (422 naming the first row of an unknown one) and, for
 * `1d`, the market's midnights. Then one all-or-nothing upsert: a batch sent again is unchanged.
 */
export function createIrproxyIngest(deps: { markets: MarketsService; klines: KlinesService }) {
  async function checkSymbols(market: string, klines: { symbol: string }[]) {
    const firstRow = new Map<string, number>();
    klines.forEach((k, i) => {
      if (!firstRow.has(k.symbol)) firstRow.set(k.symbol, i);
    });
    for (const [symbol, row] of firstRow) {
      try {
        await deps.markets.getSymbol(market, symbol);
      } catch (error) {
        if (error instanceof NotFoundError) {
          throw ValidationError.field(['body', 'klines', row, 'symbol'], `"${symbol}" is not a symbol of market ${market}`);
        }
        throw error;
      }
    }
  }

  return {
    async receive(batch: z.output<typeof IngestBatch>): Promise<IngestResult> {
      const market = await deps.markets.getMarket(batch.market);
      await checkSymbols(market.name, batch.klines);
      if (batch.timeframe === '1d') {
        batch.klines.forEach((k, i) => {
          if (localDayStart(k.open_time, market.timezone) !== k.open_time) {
            throw ValidationError.field(['body', 'klines', i, 'open_time'], `must be a midnight of ${market.timezone} (a 1d boundary)`);
          }
        });
      }
      const counts = await deps.klines.insert(
        batch.klines.map((k) => ({
          market: market.name,
          symbol: k.symbol,
          source: 'irproxy',
          timeframe: batch.timeframe,
          open_time: k.open_time,
          open: k.open,
          high: k.high,
          low: k.low,
          close: k.close,
          volume: k.volume,
        })),
      );
      return { market: market.name, timeframe: batch.timeframe, received: batch.klines.length, ...counts };
    },
  };
}
