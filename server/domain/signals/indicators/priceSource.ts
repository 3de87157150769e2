import type { PriceSource } from '../../../../contract/signals/strategy-body';
import type { Candle } from './candle';

/** Reads one price source from a candle; chosen once per indicator, never per candle. */
export type SourceReader = (candle: Candle) => number;

const readers: Record<PriceSource, SourceReader> = {
  close: (c) => c.close,
  open: (c) => c.open,
  high: (c) => c.high,
  low: (c) => c.low,
  volume: (c) => c.volume,
  hl2: (c) => (c.high + c.low) / 2,
  hlc3: (c) => (c.high + c.low + c.close) / 3,
  ohlc4: (c) => (c.open + c.high + c.low + c.close) / 4,
};

export function sourceReader(source: PriceSource): SourceReader {
  return readers[source];
}
