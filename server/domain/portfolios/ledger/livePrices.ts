import type { Kysely } from 'kysely';
import type { LiveSnapshotItem } from '../../../../contract/market/live';
import { priceTopic, type PriceBatch } from '../../../feeds/priceHub';
import type { Bus, Unsubscribe } from '../../../live/bus';
import { ledgerRepository } from '../../../store/repositories/ledger';
import type { Database } from '../../../store/schema';
import { Dec, dec } from './money';
import type { MarketInfo } from './marketInfo';

export interface PricePoint {
  price: Dec;
  timestamp: number;
}

/** The little of the feed manager the ledger asks (attached by the routes; absent in pure tests). */
export interface SnapshotSource {
  snapshot(market: string, symbols: readonly string[]): Promise<LiveSnapshotItem[]>;
}

export type BatchListener = (batch: PriceBatch) => void | Promise<void>;

/**
 * Prices of pairs for valuing holdings and filling paper orders: the newest price batch of the
 * market's feed (followed on the bus), else the feed's live book snapshot, else the last stored
 * close. Following a market starts on first use and ends with `stop`.
 */
export function createLivePrices(deps: { db: Kysely<Database>; bus: Bus }) {
  const latest = new Map<string, Map<string, PricePoint>>();
  const following = new Map<string, Promise<Unsubscribe>>();
  const listeners = new Set<BatchListener>();
  let feeds: SnapshotSource | undefined;

  const onBatch = async (batch: PriceBatch) => {
    let book = latest.get(batch.market);
    if (!book) latest.set(batch.market, (book = new Map()));
    for (const p of batch.data) book.set(p.symbol, { price: dec(p.price), timestamp: p.timestamp });
    for (const listener of listeners) await listener(batch);
  };

  const follow = async (market: string) => {
    let sub = following.get(market);
    if (!sub) {
      sub = deps.bus.subscribe(priceTopic(market), (m) => onBatch(m as PriceBatch));
      following.set(market, sub);
    }
    await sub;
  };

  const pairPrice = async (market: string, pair: string): Promise<PricePoint | null> => {
    await follow(market).catch(() => undefined);
    const cached = latest.get(market)?.get(pair);
    if (cached) return cached;
    if (feeds) {
      try {
        const [item] = await feeds.snapshot(market, [pair]);
        if (item && Number.isFinite(item.price)) return { price: dec(item.price), timestamp: item.timestamp };
      } catch {
        // No snapshot (feed stopped, symbol gone): the stored close below.
      }
    }
    const close = await ledgerRepository.lastClose(deps.db, market, pair);
    return close ? { price: dec(close.price), timestamp: close.timestamp } : null;
  };

  const assetPrice = async (info: MarketInfo, asset: string): Promise<PricePoint | null> => {
    if (asset === info.cash) return { price: dec(1), timestamp: Date.now() };
    const pair = info.pairOf.get(asset);
    return pair ? pairPrice(info.market, pair) : null;
  };

  return {
    attachFeeds(source: SnapshotSource) {
      feeds = source;
    },
    follow,
    /** Hears every batch of the markets followed (the paper broker). */
    listen(listener: BatchListener): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    pairPrice,
    /** An asset's price in the market's cash symbol: 1 for cash, its pair's price, or null. */
    assetPrice,
    /** Prices of several assets at once, as a map the writers take into their transaction. */
    async assetPrices(info: MarketInfo, assets: Iterable<string>): Promise<Map<string, Dec | null>> {
      const out = new Map<string, Dec | null>();
      for (const asset of assets) {
        if (out.has(asset)) continue;
        out.set(asset, (await assetPrice(info, asset))?.price ?? null);
      }
      return out;
    },
    /** Feeds a batch in directly (tests; normally batches arrive on the bus). */
    deliver: onBatch,
    async stop() {
      const subs = [...following.values()];
      following.clear();
      for (const sub of subs) (await sub.catch(() => () => undefined))();
    },
  };
}

export type LivePrices = ReturnType<typeof createLivePrices>;
