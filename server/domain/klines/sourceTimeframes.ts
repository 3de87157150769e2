import { TIMEFRAMES, type Timeframe } from '../../../contract/codes';
import { TIMEFRAME_MS } from '../../../contract/market/primitives';
import { utcOffsetMs } from './timeZones';

/**
 * Stored timeframes a candle of `target` can be built from, finest first: those whose candles
 * never straddle a `target` boundary. 4h is built from 1h (or 1m…); a Tehran `1d` (starting at
 * 20:30 UTC) only from 30m or finer, since an hourly candle would straddle its midnight.
 */
export function buildableFrom(target: Timeframe, timeZone: string, at: number): Timeframe[] {
  if (target !== '1d') {
    return TIMEFRAMES.filter((tf) => tf !== '1d' && TIMEFRAME_MS[target] % TIMEFRAME_MS[tf] === 0);
  }
  const offset = Math.abs(utcOffsetMs(at, timeZone));
  const intraday = TIMEFRAMES.filter(
    (tf) => tf !== '1d' && TIMEFRAME_MS['1d'] % TIMEFRAME_MS[tf] === 0 && offset % TIMEFRAME_MS[tf] === 0,
  );
  return [...intraday, '1d'];
}
