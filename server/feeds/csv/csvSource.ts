import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Candle } from '../../../contract/market/klines';
import type { HistoryRequest, MarketSource } from '../source';
import { parseKlinesCsv } from './csvKlines';

/** Candles handed to the back-fill per chunk. */
const CHUNK = 5_000;

/**
 * Files as a history-only source: `<directory>/<market>/<SYMBOL>.csv` holds 1m candles. It has
 * no live stream (no `subscribe`); a missing file is an empty history, a bad one an error naming
 * its lines.
 */
export function createCsvSource(options: { directory: string }): MarketSource {
  async function* fetchHistory(request: HistoryRequest): AsyncIterable<Candle[]> {
    if (request.timeframe !== '1m') return;
    const file = join(options.directory, request.market.name, `${request.symbol}.csv`);
    let text: string;
    try {
      text = await readFile(file, { encoding: 'utf8', signal: request.signal });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    const candles = parseKlinesCsv(text, { timeframe: '1m', timeZone: request.market.timezone }).filter(
      (c) => c.open_time >= request.from && c.open_time <= request.to,
    );
    for (let i = 0; i < candles.length; i += CHUNK) yield candles.slice(i, i + CHUNK);
  }

  return { name: 'csv', finestTimeframe: '1m', fetchHistory };
}
