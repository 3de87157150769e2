import { TV_RESOLUTIONS, type ChartSymbol } from '../../../contract/market/chart';
import type { MarketSymbol } from '../../../contract/market/lists';
import type { Market, TradingSession } from '../../../contract/market/markets';

/**
 * TradingView's session string: `24x7` for a market always open, else `HHMM-HHMM:days` per
 * session joined by `|`, with TradingView's day numbers (1 = Sunday … 7 = Saturday, ours are
 * 0 … 6), so the Tehran exchange (Saturday to Wednesday, 09:00–12:30) reads `0900-1230:71234`.
 */
export function sessionString(hours: readonly TradingSession[] | null): string {
  if (hours === null || hours.length === 0) return '24x7';
  return hours
    .map((s) => `${s.open.replace(':', '')}-${s.close.replace(':', '')}:${s.days.map((d) => d + 1).join('')}`)
    .join('|');
}

/** A symbol as a chart library wants it described. */
export function toChartSymbol(market: Market, symbol: MarketSymbol, firstTime: number | null): ChartSymbol {
  return {
    name: symbol.name,
    ticker: `${market.name}:${symbol.name}`,
    market: market.name,
    title: symbol.title,
    main_symbol: symbol.main_symbol,
    quote_symbol: symbol.quote_symbol,
    sub_market: symbol.sub_market,
    category: symbol.category,
    is_active: symbol.is_active,
    timezone: market.timezone,
    session: sessionString(market.trading_hours),
    price_precision: symbol.price_precision,
    pricescale: 10 ** symbol.price_precision,
    minmov: 1,
    has_intraday: true,
    supported_resolutions: [...TV_RESOLUTIONS],
    first_time: firstTime,
  };
}
