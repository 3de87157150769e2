import type { MarketSource, MarketSymbol, SubMarket } from '../../../contract/market/lists';
import type { Market } from '../../../contract/market/markets';

/**
 * The default markets a fresh install starts with. Written once, on a database that does not hold
 * the market yet; after that the admin owns every row (see domain/markets/seed.ts).
 */

type Title = { fa: string; en: string };
type SeedSymbol = Pick<MarketSymbol, 'name' | 'title' | 'main_symbol' | 'quote_symbol' | 'sub_market' | 'category' | 'price_precision' | 'min_order_size'>;
type SeedListItem = Pick<SubMarket, 'name' | 'title'>;
type SeedSource = Pick<MarketSource, 'name' | 'priority' | 'base_timeframe'>;

export interface SeedMarket {
  name: string;
  title: Title;
  currency: Market['currency'];
  timezone: string;
  trading_hours: Market['trading_hours'];
  /** Preferred first: the simulated source answers until an admin activates a real one. */
  sources: SeedSource[];
  sub_markets: SeedListItem[];
  categories: SeedListItem[];
  symbols: SeedSymbol[];
  settings: Record<string, unknown>;
}

const sources = (...names: MarketSource['name'][]): SeedSource[] =>
  names.map((name, index) => ({ name, priority: (index + 1) * 10, base_timeframe: '1m' }));

/** A USDT pair: price precision and minimum order size as Binance's spot filters have them. */
const usdt = (base: string, fa: string, en: string, category: string, precision: number, minSize: string): SeedSymbol => ({
  name: `${base}USDT`,
  title: { fa: `${fa} / تتر`, en: `${en} / Tether` },
  main_symbol: base,
  quote_symbol: 'USDT',
  sub_market: 'spot',
  category,
  price_precision: precision,
  min_order_size: minSize,
});

/** A Toman pair as Iranian exchanges list them: whole-Toman prices (USDT to 0.1 of a coin). */
const irt = (base: string, fa: string, en: string, category: string, minSize: string): SeedSymbol => ({
  name: `${base}IRT`,
  title: { fa: `${fa} / تومان`, en: `${en} / Toman` },
  main_symbol: base,
  quote_symbol: 'IRT',
  sub_market: 'toman',
  category,
  price_precision: 0,
  min_order_size: minSize,
});

/** A Tehran share: its Persian ticker is its name, its Latin code the traded asset, prices whole Rials. */
const share = (ticker: string, code: string, fa: string, en: string, category: string): SeedSymbol => ({
  name: ticker,
  title: { fa, en },
  main_symbol: code,
  quote_symbol: 'IRR',
  sub_market: 'main',
  category,
  price_precision: 0,
  min_order_size: '1',
});

const crypto: SeedMarket = {
  name: 'crypto',
  title: { fa: 'رمزارز (تتری)', en: 'Crypto (USDT)' },
  currency: 20,
  timezone: 'UTC',
  trading_hours: null,
  sources: sources('simulated', 'binance'),
  sub_markets: [{ name: 'spot', title: { fa: 'بازار نقدی', en: 'Spot' } }],
  categories: [
    { name: 'layer1', title: { fa: 'لایه یک', en: 'Layer 1' } },
    { name: 'defi', title: { fa: 'دیفای', en: 'DeFi' } },
    { name: 'meme', title: { fa: 'میم‌کوین', en: 'Meme coins' } },
    { name: 'payments', title: { fa: 'پرداخت', en: 'Payments' } },
    { name: 'exchange', title: { fa: 'توکن صرافی', en: 'Exchange tokens' } },
  ],
  symbols: [
    usdt('BTC', 'بیت‌کوین', 'Bitcoin', 'layer1', 2, '0.00001'),
    usdt('ETH', 'اتریوم', 'Ethereum', 'layer1', 2, '0.0001'),
    usdt('BNB', 'بی‌ان‌بی', 'BNB', 'exchange', 2, '0.001'),
    usdt('SOL', 'سولانا', 'Solana', 'layer1', 2, '0.001'),
    usdt('XRP', 'ریپل', 'XRP', 'payments', 4, '0.1'),
    usdt('ADA', 'کاردانو', 'Cardano', 'layer1', 4, '0.1'),
    usdt('DOGE', 'دوج‌کوین', 'Dogecoin', 'meme', 5, '1'),
    usdt('TRX', 'ترون', 'TRON', 'payments', 4, '0.1'),
    usdt('AVAX', 'آوالانچ', 'Avalanche', 'layer1', 2, '0.01'),
    usdt('LINK', 'چین‌لینک', 'Chainlink', 'defi', 3, '0.01'),
    usdt('UNI', 'یونی‌سواپ', 'Uniswap', 'defi', 3, '0.01'),
    usdt('LTC', 'لایت‌کوین', 'Litecoin', 'payments', 2, '0.001'),
    usdt('SHIB', 'شیبا اینو', 'Shiba Inu', 'meme', 8, '1'),
  ],
  settings: { fee_rate: 0.001, live_interval_ms: 1000 },
};

const irCrypto: SeedMarket = {
  name: 'ir_crypto',
  title: { fa: 'رمزارز (تومانی)', en: 'Iranian crypto (Toman)' },
  currency: 10,
  timezone: 'Asia/Tehran',
  trading_hours: null,
  sources: sources('simulated', 'irproxy'),
  sub_markets: [{ name: 'toman', title: { fa: 'بازار تومانی', en: 'Toman market' } }],
  categories: [
    { name: 'layer1', title: { fa: 'لایه یک', en: 'Layer 1' } },
    { name: 'stablecoin', title: { fa: 'استیبل‌کوین', en: 'Stablecoins' } },
    { name: 'meme', title: { fa: 'میم‌کوین', en: 'Meme coins' } },
    { name: 'payments', title: { fa: 'پرداخت', en: 'Payments' } },
  ],
  symbols: [
    irt('BTC', 'بیت‌کوین', 'Bitcoin', 'layer1', '0.00001'),
    irt('ETH', 'اتریوم', 'Ethereum', 'layer1', '0.0001'),
    irt('USDT', 'تتر', 'Tether', 'stablecoin', '1'),
    irt('BNB', 'بی‌ان‌بی', 'BNB', 'layer1', '0.001'),
    irt('XRP', 'ریپل', 'XRP', 'payments', '1'),
    irt('TRX', 'ترون', 'TRON', 'payments', '1'),
    irt('DOGE', 'دوج‌کوین', 'Dogecoin', 'meme', '10'),
    irt('ADA', 'کاردانو', 'Cardano', 'layer1', '1'),
  ],
  settings: { fee_rate: 0.0015, live_interval_ms: 1000 },
};

const tse: SeedMarket = {
  name: 'tse',
  title: { fa: 'بورس اوراق بهادار تهران', en: 'Tehran Stock Exchange' },
  currency: 10,
  timezone: 'Asia/Tehran',
  // Saturday (6) to Wednesday (3), in Tehran time.
  trading_hours: [{ days: [6, 0, 1, 2, 3], open: '09:00', close: '12:30' }],
  sources: sources('simulated', 'csv'),
  sub_markets: [{ name: 'main', title: { fa: 'بازار بورس', en: 'Exchange main market' } }],
  categories: [
    { name: 'metals', title: { fa: 'فلزات اساسی', en: 'Basic metals' } },
    { name: 'automotive', title: { fa: 'خودرو و ساخت قطعات', en: 'Automotive and parts' } },
    { name: 'refining', title: { fa: 'فراورده‌های نفتی', en: 'Oil refining' } },
    { name: 'banks', title: { fa: 'بانک‌ها و موسسات اعتباری', en: 'Banks' } },
    { name: 'investment', title: { fa: 'سرمایه‌گذاری‌ها', en: 'Investment companies' } },
    { name: 'chemicals', title: { fa: 'محصولات شیمیایی', en: 'Chemicals and petrochemicals' } },
    { name: 'mining', title: { fa: 'استخراج کانه‌های فلزی', en: 'Metal ore mining' } },
    { name: 'telecom', title: { fa: 'مخابرات', en: 'Telecommunications' } },
  ],
  symbols: [
    share('فولاد', 'FOLD1', 'فولاد مبارکه اصفهان', 'Mobarakeh Steel', 'metals'),
    share('فملی', 'MSMI1', 'ملی صنایع مس ایران', 'National Iranian Copper Industries', 'metals'),
    share('خودرو', 'IKCO1', 'ایران خودرو', 'Iran Khodro', 'automotive'),
    share('خساپا', 'SIPA1', 'سایپا', 'SAIPA', 'automotive'),
    share('شپنا', 'PNES1', 'پالایش نفت اصفهان', 'Isfahan Oil Refining', 'refining'),
    share('شبندر', 'PNBA1', 'پالایش نفت بندرعباس', 'Bandar Abbas Oil Refining', 'refining'),
    share('وبملت', 'BMLT1', 'بانک ملت', 'Bank Mellat', 'banks'),
    share('وتجارت', 'BTEJ1', 'بانک تجارت', 'Tejarat Bank', 'banks'),
    share('شستا', 'TAMN1', 'سرمایه‌گذاری تامین اجتماعی', 'Social Security Investment', 'investment'),
    share('فارس', 'PKLJ1', 'صنایع پتروشیمی خلیج فارس', 'Persian Gulf Petrochemical Industries', 'chemicals'),
    share('کگل', 'GOLG1', 'معدنی و صنعتی گل‌گهر', 'Gol-E-Gohar Mining and Industrial', 'mining'),
    share('همراه', 'HMRZ1', 'ارتباطات سیار ایران', 'Mobile Telecommunication Company of Iran', 'telecom'),
  ],
  settings: { fee_rate: 0.00464, live_interval_ms: 1000 },
};

export const SEED_MARKETS: readonly SeedMarket[] = [crypto, irCrypto, tse];
