import { TIMEFRAMES } from '../../../contract/codes';
import { TIMEFRAME_MS } from '../../../contract/market/primitives';
import type { KlineWrite } from '../../store/repositories/klines';
import { ValidationError } from '../errors';

const timeframes = new Set<string>(TIMEFRAMES);
const isPrice = (value: number) => Number.isFinite(value) && value >= 0;

/**
 * The guard in front of every write from a source: a bad candle refuses the whole batch (422
 * naming the row and field), so a half-broken feed never leaves half a batch behind. `1d` open
 * times depend on the market's time zone and are checked by whoever knows it (the ingest route).
 */
export function validateWrites(rows: readonly KlineWrite[]) {
  rows.forEach((row, i) => {
    const fail = (field: string, msg: string) => {
      throw ValidationError.field(['klines', i, field], msg);
    };
    if (!timeframes.has(row.timeframe)) fail('timeframe', `must be one of ${TIMEFRAMES.join(', ')}`);
    if (!Number.isSafeInteger(row.open_time) || row.open_time < 0) fail('open_time', 'must be epoch milliseconds');
    const step = row.timeframe === '1d' ? 0 : TIMEFRAME_MS[row.timeframe as keyof typeof TIMEFRAME_MS];
    if (step > 0 && row.open_time % step !== 0) fail('open_time', `must be a ${row.timeframe} boundary`);
    for (const field of ['open', 'high', 'low', 'close', 'volume'] as const) {
      if (!isPrice(row[field])) fail(field, 'must be a finite number, not negative');
    }
    if (row.low > Math.min(row.open, row.close, row.high)) fail('low', 'must not be above open, close or high');
    if (row.high < Math.max(row.open, row.close)) fail('high', 'must not be below open or close');
  });
}
