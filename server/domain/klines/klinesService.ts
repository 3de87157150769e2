import type { Store } from '../../store/database';
import type { MarketsService } from '../markets/marketsService';

/** Stored candles and their aggregation to every timeframe (issue 4). */
export function createKlinesService(_deps: { store: Store; markets: MarketsService }) {
  return {};
}

export type KlinesService = ReturnType<typeof createKlinesService>;
