import { z } from 'zod';
import type { MarketsService } from '../../domain/markets/marketsService';
import { ConflictError, ValidationError } from '../../domain/errors';
import type { FeedManager } from '../../feeds/feedManager';
import type { MarketFeed } from '../../feeds/marketFeed';
import type { ServiceAdapter } from '../managedService';

const SymbolArgs = z.object({ symbol: z.string().min(1, 'must name a symbol').max(64) });

/**
 * `market-feed:{market}`: one market's live feed, started by the feed manager at boot. Stop closes
 * its source stream (no ticks, no price batches, no candles stored) and start opens it again.
 */
export function marketFeedService(deps: { market: string; feeds: FeedManager; markets: MarketsService }): ServiceAdapter {
  const { market, feeds } = deps;
  const name = `market-feed:${market}`;

  /** The feed object of now: the feed manager builds new ones when it boots again. */
  const feed = (): MarketFeed => {
    const current = feeds.feed(market);
    if (!current) throw new ConflictError(`${name} has no feed: market feeds are disabled or stopped (FEED_ENABLED)`);
    return current;
  };

  /** A symbol the admin names must be one of the market's active symbols. */
  const activeSymbol = async (symbol: string) => {
    const active = (await deps.markets.activeSymbols(market)).map((s) => s.name);
    if (!active.includes(symbol)) {
      throw ValidationError.field(['body', 'symbol'], `${symbol} is not an active symbol of market ${market}`);
    }
    return symbol;
  };

  return {
    name,
    kind: 'market-feed',
    market,
    start: () => feed().start(),
    stop: async () => feeds.feed(market)?.stop(),
    async data() {
      const status = feeds.services().find((s) => s.market === market);
      return status ? { ...status.data } : {};
    },
    watchFailures: (report) => feeds.feed(market)?.onFailure(report) ?? (() => undefined),
    commands: {
      subscribe: {
        destructive: false,
        args: SymbolArgs,
        async run({ symbol }) {
          feed().add([await activeSymbol(symbol)]);
          return { symbol, following: true, symbols: feed().symbols().length };
        },
      },
      unsubscribe: {
        destructive: true,
        args: SymbolArgs,
        async run({ symbol }) {
          const current = feed();
          await activeSymbol(symbol);
          const wasFollowed = current.symbols().includes(symbol);
          current.remove([symbol]);
          return { symbol, following: false, was_followed: wasFollowed, symbols: current.symbols().length };
        },
      },
      reseed: {
        destructive: false,
        args: z.object({}),
        async run() {
          await feed().reseed();
          return { symbols: feed().symbols().length };
        },
      },
    },
  };
}
