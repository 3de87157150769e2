import type { z } from 'zod';
import type { MarketInfoLiveMessage } from '../../contract/live/appSocket';
import type { MarketsService } from '../domain/markets/marketsService';
import { topics, type Bus } from './bus';

type Kind = z.infer<typeof MarketInfoLiveMessage>['params']['kind'];
const KINDS: readonly string[] = ['symbols', 'sub_markets', 'categories'] satisfies Kind[];

/**
 * An admin's edit of a market's symbols, sub-markets or categories tells every signed-in app
 * (`market_info` on `/api/ws/app`), which reloads that market's lists. Returns the unsubscribe.
 */
export function forwardMarketInfo(markets: MarketsService, bus: Bus): () => void {
  return markets.onListChange(async (change) => {
    if (!KINDS.includes(change.list)) return;
    const message: z.infer<typeof MarketInfoLiveMessage> = {
      _type: 'market_info',
      params: { kind: change.list as Kind, market: change.market },
      data: { changed_at: Date.now() },
    };
    await bus.publish(topics.everyone, message);
  });
}
