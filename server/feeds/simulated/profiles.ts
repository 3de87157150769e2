import { hashKey, unitFor } from './random';

/**
 * How each market moves: annual volatility, a typical price and volume per symbol. Figures are
 * the usual orders of magnitude (BTC ~60 % a year, small alts more, Tehran shares ~40 % with
 * ±5 % daily limits), so charts and indicators look like the real thing.
 */
export interface SymbolProfile {
  /** Price on the reference day (2025-01-01); the walk wanders from there, mean-reverting slowly. */
  basePrice: number;
  /** Standard deviation of the daily log return. */
  dailySigma: number;
  /** Typical volume of one 1m candle, in the main symbol. */
  minuteVolume: number;
  /** Decimal places of prices. */
  precision: number;
  /** Largest daily move allowed (the exchange's price band), as a log return; null = none. */
  dailyLimit: number | null;
}

interface MarketProfile {
  /** Annual volatility range, picked per symbol. */
  annualVol: [number, number];
  /** Trading days a year, to turn annual volatility into daily. */
  tradingDays: number;
  /** log10 range of base prices for symbols without a known price. */
  priceDecades: [number, number];
  /** Turnover of one minute, in quote currency, for a symbol priced at `basePrice`. */
  minuteTurnover: number;
  dailyLimit: number | null;
  /** Integer prices (Iranian rials) or significant-digit rounding. */
  integerPrices: boolean;
}

const PROFILES: Record<string, MarketProfile> = {
  crypto: { annualVol: [0.5, 1.1], tradingDays: 365, priceDecades: [-1, 3], minuteTurnover: 200_000, dailyLimit: null, integerPrices: false },
  ir_crypto: { annualVol: [0.55, 1.2], tradingDays: 365, priceDecades: [3, 8], minuteTurnover: 2e9, dailyLimit: null, integerPrices: true },
  tse: { annualVol: [0.3, 0.55], tradingDays: 240, priceDecades: [3, 5], minuteTurnover: 5e9, dailyLimit: Math.log(1.05), integerPrices: true },
};
const FALLBACK: MarketProfile = { annualVol: [0.3, 0.8], tradingDays: 365, priceDecades: [0, 3], minuteTurnover: 100_000, dailyLimit: null, integerPrices: false };

/** Prices of well-known symbols, so the defaults look familiar. */
const KNOWN_PRICES: Record<string, number> = {
  BTCUSDT: 95_000,
  ETHUSDT: 3_300,
  BNBUSDT: 700,
  SOLUSDT: 190,
  XRPUSDT: 2.2,
  ADAUSDT: 0.9,
  DOGEUSDT: 0.32,
  TRXUSDT: 0.25,
  DOTUSDT: 7,
  LTCUSDT: 105,
  AVAXUSDT: 38,
  LINKUSDT: 21,
  BTCIRT: 8_000_000_000,
  ETHIRT: 280_000_000,
  USDTIRT: 82_000,
};

export function symbolProfile(market: string, symbol: string, seed: string): SymbolProfile {
  const p = PROFILES[market] ?? FALLBACK;
  const u = (tag: string) => unitFor(seed, market, symbol, tag);
  const annual = p.annualVol[0] + (p.annualVol[1] - p.annualVol[0]) * u('vol');
  const basePrice =
    KNOWN_PRICES[symbol] ?? 10 ** (p.priceDecades[0] + (p.priceDecades[1] - p.priceDecades[0]) * u('price'));
  const precision = p.integerPrices ? 0 : Math.max(0, Math.min(8, 5 - Math.floor(Math.log10(basePrice))));
  return {
    basePrice: p.integerPrices ? Math.max(1, Math.round(basePrice)) : basePrice,
    dailySigma: annual / Math.sqrt(p.tradingDays),
    minuteVolume: (p.minuteTurnover / basePrice) * (0.3 + 1.4 * u('volume')),
    precision,
    dailyLimit: p.dailyLimit,
  };
}

/** Rounds a price to the symbol's precision (never to zero). */
export function roundPrice(price: number, precision: number): number {
  const f = 10 ** precision;
  return Math.max(1 / f, Math.round(price * f) / f);
}

export { hashKey };
