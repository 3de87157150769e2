import type { Kysely } from 'kysely';
import type { Bus } from '../../../live/bus';
import type { Database } from '../../../store/schema';
import type { MarketsService } from '../../markets/marketsService';
import { createBalancesService } from './balancesService';
import { createLivePrices } from './livePrices';
import { createOrdersService } from './ordersService';
import { createPaperBroker } from './paperBroker';
import { createSceneReader } from './scene';

/** The ledger's services (balances, transactions, orders and fills); built by createServices. */
export function createLedgerServices(deps: { db: Kysely<Database>; bus: Bus; markets: MarketsService }) {
  const { db, bus, markets } = deps;
  const livePrices = createLivePrices({ db, bus });
  const scenes = createSceneReader({ db, markets, prices: livePrices });
  return {
    livePrices,
    balances: createBalancesService({ db, bus, prices: livePrices, scenes }),
    orders: createOrdersService({ db, bus, scenes }),
    paperBroker: createPaperBroker({ db, bus, prices: livePrices, scenes, marketNames: () => markets.marketNames() }),
  };
}
