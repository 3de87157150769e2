import type { Market } from '../../contract/market/markets';
import type { SourceMarket } from './source';

/** What a source needs of a market (its zone and sessions), from the markets service's answer. */
export const toSourceMarket = (market: Market): SourceMarket => ({
  name: market.name,
  timezone: market.timezone,
  tradingHours: market.trading_hours,
});
