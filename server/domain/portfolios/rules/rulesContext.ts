import type { Kysely } from 'kysely';
import { OrderStatus } from '../../../../contract/codes';
import type { MarketSymbol } from '../../../../contract/market/lists';
import { marketListsRepository, toListItem } from '../../../store/repositories/marketLists';
import type { Database } from '../../../store/schema';
import { readHoldings } from '../ledger/holdings';
import type { RulesContext } from './evaluate';

type Db = Kysely<Database>;

const OPEN_STATUSES = [OrderStatus.pendingConfirmation, OrderStatus.open];

/** The market's symbols by name (pairs with their main and quote sides). */
export async function marketSymbols(db: Db, market: string): Promise<Map<string, MarketSymbol>> {
  const rows = await marketListsRepository.ofList(db, market, 'symbols');
  return new Map(rows.map((row) => [row.name, toListItem('symbols', row)]));
}

/** What the rules look at: the holdings, and which symbols are money (the market's quote symbols). */
export async function rulesContext(db: Db, portfolioId: number, symbols: Map<string, MarketSymbol>): Promise<RulesContext> {
  return {
    holdings: await readHoldings(db, portfolioId),
    cashSymbols: new Set([...symbols.values()].map((s) => s.quote_symbol)),
  };
}

/** The portfolio's open or pending orders (their symbols), read straight from `orders`. */
export function openOrders(db: Db, portfolioId: number, exceptOrderId?: number) {
  let query = db.selectFrom('orders').select(['id', 'symbol']).where('portfolio_id', '=', portfolioId).where('status', 'in', OPEN_STATUSES);
  if (exceptOrderId !== undefined) query = query.where('id', '!=', exceptOrderId);
  return query.execute();
}
