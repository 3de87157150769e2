import type { Kysely } from 'kysely';
import type { Database, PortfolioRow } from '../../../store/schema';
import { portfoliosRepository } from '../../../store/repositories/portfolios';
import { NotFoundError, ValidationError } from '../../errors';
import type { MarketsService } from '../../markets/marketsService';
import type { LivePrices } from './livePrices';
import { loadMarketInfo, type MarketInfo } from './marketInfo';
import type { Dec } from './money';
import type { OrderScene } from './orderFlow';
import type { WriteContext } from './ledgerWriter';

/** Shared look-ups of the ledger's services: the owned portfolio, its market and prices, all read before a write. */
export function createSceneReader(deps: { db: Kysely<Database>; markets: MarketsService; prices: LivePrices }) {
  const { db, markets, prices } = deps;

  const owned = async (userId: number, portfolioId: number): Promise<PortfolioRow> => {
    const row = await portfoliosRepository.findOwned(db, userId, portfolioId);
    if (!row) throw new NotFoundError('Portfolio');
    return row;
  };

  const writeContext = async (portfolio: PortfolioRow, info: MarketInfo, assets: Iterable<string>): Promise<WriteContext> => ({
    portfolioId: portfolio.id,
    cash: info.cash,
    prices: await prices.assetPrices(info, assets),
  });

  /** 422 for a symbol the portfolio's market does not trade. */
  const requireAsset = (info: MarketInfo, symbol: string, loc: (string | number)[]) => {
    if (!info.assets.has(symbol)) throw ValidationError.field(loc, `unknown symbol "${symbol}" in market ${info.market}`, 'unknown_symbol');
  };

  /** What placing or filling an order of `pair` needs; `marketPrice` overrides the live price (a signal's close). */
  const orderScene = async (portfolio: PortfolioRow, info: MarketInfo, pair: string, marketPrice?: Dec, now = Date.now()): Promise<OrderScene> => {
    const symbol = info.pairs.get(pair);
    const live = marketPrice ?? (await prices.pairPrice(info.market, pair))?.price ?? null;
    const ctx = await writeContext(portfolio, info, symbol ? [symbol.main_symbol, symbol.quote_symbol] : []);
    // The traded pair's own price values its main symbol when the quote is the cash symbol.
    if (symbol && live && symbol.quote_symbol === info.cash) (ctx.prices as Map<string, Dec | null>).set(symbol.main_symbol, live);
    return { portfolio, ctx, feeRate: info.feeRate, marketPrice: live, now };
  };

  return { owned, info: (market: string) => loadMarketInfo(markets, market), writeContext, requireAsset, orderScene };
}

export type SceneReader = ReturnType<typeof createSceneReader>;
