import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import type { LivePrice, LiveSnapshotItem } from '../../contract/market/live';
import type { MarketSymbol, SubMarket } from '../../contract/market/lists';
import type { Market } from '../../contract/market/markets';
import { createAppSystem, type AppSystem } from '../../src/actors/appSystem';
import { AppSystemContext } from '../../src/actors/hooks';
import { installMarketFeed, type MarketFeed } from '../../src/actors/marketFeed';
import { initI18n, type AppLanguage } from '../../src/i18n';
import type { TransportEvent, TransportInput } from '../../src/machines/socketMachine';
import type { CallInput } from '../../src/services/apiClient';
import MarketsPage from '../../src/views/pages/MarketsPage';
import MarketOverview from '../../src/views/markets/MarketOverview';
import { fakeApi } from './support/renderWithSystem';

const NOW = '2026-01-01T00:00:00.000Z';
const user = { id: 1, email: 'admin@b.test', full_name: 'Admin', is_active: true, is_superuser: true, created_at: NOW, updated_at: NOW };

const market = (name: string, fa: string, en: string): Market => ({
  id: 1, name, title: { fa, en }, currency: 10, timezone: 'UTC', trading_hours: null, sources: ['simulated'], default_source: 'simulated', is_active: true, created_at: NOW, updated_at: NOW,
});
const MARKETS = [market('crypto', 'رمزارز', 'Crypto'), market('ir_crypto', 'رمزارز ایران', 'Iranian crypto'), market('tse', 'بورس تهران', 'Tehran Stock Exchange')];

let nextId = 1;
function symbol(marketName: string, name: string, fa: string, en: string, extra: Partial<MarketSymbol> = {}): MarketSymbol {
  return {
    id: nextId++, market: marketName, name, title: { fa, en }, main_symbol: name.replace(/USDT$/, ''), quote_symbol: 'USDT', sub_market: 'spot', category: null,
    is_active: true, price_precision: 2, min_order_size: '0', created_at: NOW, updated_at: NOW, ...extra,
  };
}
const lists = (marketName: string, fa: string, en: string): SubMarket => ({ id: nextId++, market: marketName, name: fa, title: { fa, en }, is_active: true, created_at: NOW, updated_at: NOW });

const CRYPTO = [
  symbol('crypto', 'BTCUSDT', 'بیت‌کوین', 'Bitcoin', { category: 'layer1' }),
  symbol('crypto', 'ETHUSDT', 'اتریوم', 'Ethereum', { category: 'layer1' }),
  symbol('crypto', 'UNIUSDT', 'یونی‌سواپ', 'Uniswap', { category: 'defi', sub_market: 'futures' }),
];
const TSE = [symbol('tse', 'فولاد', 'فولاد مبارکه', 'Mobarakeh Steel', { main_symbol: 'FOLD1', quote_symbol: 'IRR', sub_market: null }), symbol('tse', 'خودرو', 'ایران خودرو', 'Iran Khodro', { main_symbol: 'IKCO1', quote_symbol: 'IRR', sub_market: null })];
const SUB_MARKETS = { crypto: [{ ...lists('crypto', 'spot', 'Spot'), name: 'spot', title: { fa: 'نقدی', en: 'Spot' } }, { ...lists('crypto', 'futures', 'Futures'), name: 'futures', title: { fa: 'آتی', en: 'Futures' } }] } as Record<string, SubMarket[]>;
const CATEGORIES = { crypto: [{ ...lists('crypto', 'x', 'x'), name: 'layer1', title: { fa: 'لایهٔ یک', en: 'Layer 1' } }, { ...lists('crypto', 'y', 'y'), name: 'defi', title: { fa: 'دیفای', en: 'DeFi' } }] } as Record<string, SubMarket[]>;

function live(name: string, price: number, change: number): LivePrice {
  return { symbol: name, price, timestamp: Date.now(), open_24h: price / (1 + change / 100), change_24h_pct: change, high_24h: price * 1.02, low_24h: price * 0.97, volume_24h: 12_345, candle: { open_time: 0, open: price, high: price, low: price, close: price, volume: 1 } };
}
const snap = (name: string, price: number, change: number): LiveSnapshotItem => ({ ...live(name, price, change), sparkline: [price * 0.98, price * 0.99, price] });

/** A websocket the test speaks through: silent until a frame is pushed for a market. */
function scriptedTransport() {
  const open = new Map<string, (event: unknown) => void>();
  const logic = fromCallback<TransportEvent, TransportInput>(({ input, sendBack }) => {
    const marketName = decodeURIComponent(new URL(input.href).pathname.split('/')[4]!);
    open.set(marketName, sendBack as (event: unknown) => void);
    return () => open.delete(marketName);
  });
  return {
    logic,
    open,
    push(marketName: string, message: unknown) {
      const sendBack = open.get(marketName);
      if (!sendBack) throw new Error(`no socket open for ${marketName}`);
      act(() => {
        sendBack({ type: 'socket.opened' });
        sendBack({ type: 'socket.message', message });
      });
    },
  };
}

const frame = (marketName: string, type: 'snapshot' | 'prices', data: unknown[]) => ({ _type: type, params: { market: marketName, source: 'simulated', timestamp: Date.now() }, data });

function Where() {
  return <output data-testid="where">{useLocation().pathname + useLocation().search}</output>;
}

let system: AppSystem | undefined;
let feed: MarketFeed | undefined;

function renderMarkets(path: string, options: { language?: AppLanguage; symbols?: Record<string, MarketSymbol[]>; overview?: boolean } = {}) {
  const language = options.language ?? 'fa-IR';
  localStorage.setItem('user', JSON.stringify({ ...user, access_token: 'token-1' }));
  localStorage.setItem('appState', JSON.stringify({ language }));
  const symbols = options.symbols ?? { crypto: CRYPTO, tse: TSE, ir_crypto: [] };
  const api = fakeApi({
    'accounts.me': () => user,
    'config.get': () => {
      throw new Error('offline');
    },
    'market.listMarkets': () => ({ data: MARKETS, count: MARKETS.length }),
    'market.getList': (input: CallInput) => {
      const name = (input.params as { name: string }).name;
      const m = (input.query as { market: string }).market;
      const data = name === 'symbols' ? (symbols[m] ?? []) : name === 'sub_markets' ? (SUB_MARKETS[m] ?? []) : (CATEGORIES[m] ?? []);
      return { list: name, data, count: data.length };
    },
  });
  const transport = scriptedTransport();
  system = createAppSystem({ api, origin: 'http://localhost', transport: fromCallback(() => () => undefined) });
  system.start();
  feed = installMarketFeed(system, { transport: transport.logic, origin: 'http://localhost' });
  const i18n = initI18n(language);
  const view = render(
    <AppSystemContext.Provider value={system}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={options.overview ? <MarketOverview /> : null} />
            <Route path="/markets" element={<MarketsPage />} />
            <Route path="/markets/:market" element={<MarketsPage />} />
            <Route path="/markets/:market/:symbol" element={<p>chart page</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </I18nextProvider>
    </AppSystemContext.Provider>,
  );
  return { ...view, transport, api, feed };
}

const rowOf = (name: string) => document.querySelector(`[role="row"][data-symbol="${name}"]`) as HTMLElement | null;

describe('the markets screen', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    feed?.stop();
    system?.stop();
    localStorage.clear();
  });

  it('shows every crypto symbol at /markets with Persian titles, then live prices in Persian digits', async () => {
    const { transport } = renderMarkets('/markets');
    await screen.findByText('بیت‌کوین');
    expect(screen.getByText('اتریوم')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'رمزارز' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('live-status').getAttribute('data-status')).toBe('waiting');
    await waitFor(() => expect(transport.open.has('crypto')).toBe(true));
    transport.push('crypto', frame('crypto', 'snapshot', [snap('BTCUSDT', 65_000.5, 2.5), snap('ETHUSDT', 3_200, -1.25), snap('UNIUSDT', 7.1, 0)]));
    const btc = rowOf('BTCUSDT')!;
    await waitFor(() => expect(within(btc).getByTestId('price').textContent).toBe('۶۵٬۰۰۰٫۵۰'));
    expect(within(btc).getByTestId('change').textContent).toMatch(/۲٫۵۰/);
    expect(within(btc).getByTestId('change').className).toContain('emerald');
    expect(within(rowOf('ETHUSDT')!).getByTestId('change').className).toContain('rose');
    expect(within(btc).getByTestId('sparkline').querySelector('polyline')).toBeTruthy();
    expect(screen.getByTestId('live-status').getAttribute('data-status')).toBe('live');
    expect(screen.getByTestId('shown-count').textContent).toBe('۳ از ۳ نماد');
  });

  it('moves a row when its price changes and lights it for a moment', async () => {
    const { transport, feed: f } = renderMarkets('/markets/crypto');
    await screen.findByText('بیت‌کوین');
    await waitFor(() => expect(transport.open.has('crypto')).toBe(true));
    transport.push('crypto', frame('crypto', 'snapshot', [snap('BTCUSDT', 100, 1), snap('ETHUSDT', 50, 1)]));
    const eth = rowOf('ETHUSDT')!;
    const ethPrice = within(eth).getByTestId('price').textContent;
    transport.push('crypto', frame('crypto', 'prices', [live('BTCUSDT', 99, 0.5)]));
    const btc = rowOf('BTCUSDT')!;
    await waitFor(() => expect(within(btc).getByTestId('price').textContent).toBe('۹۹٫۰۰'));
    expect(btc.dataset.flash).toBe('down');
    expect(eth.dataset.flash).toBeUndefined();
    expect(within(eth).getByTestId('price').textContent).toBe(ethPrice);
    expect(f.monitoring.getSnapshot().context.liveData.symbols.BTCUSDT).toMatchObject({ previousPrice: 100, direction: 'down' });
  });

  it('searches Persian and English titles and the name, and filters by sub-market and category', async () => {
    renderMarkets('/markets/crypto');
    await screen.findByText('بیت‌کوین');
    const search = screen.getByLabelText('جستجو');
    fireEvent.change(search, { target: { value: 'اتري' } }); // Arabic yeh folds to Persian
    await waitFor(() => expect(rowOf('BTCUSDT')).toBeNull());
    expect(rowOf('ETHUSDT')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'bitcoin' } });
    await waitFor(() => expect(rowOf('BTCUSDT')).toBeTruthy());
    expect(rowOf('ETHUSDT')).toBeNull();
    fireEvent.change(search, { target: { value: 'uniusdt' } });
    await waitFor(() => expect(rowOf('UNIUSDT')).toBeTruthy());
    expect(screen.getByTestId('where').textContent).toBe('/markets/crypto?q=uniusdt');
    fireEvent.change(search, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('زیربازار'), { target: { value: 'futures' } });
    await waitFor(() => expect(rowOf('BTCUSDT')).toBeNull());
    expect(rowOf('UNIUSDT')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('زیربازار'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('دسته'), { target: { value: 'layer1' } });
    await waitFor(() => expect(rowOf('UNIUSDT')).toBeNull());
    expect(screen.getByTestId('shown-count').textContent).toBe('۲ از ۳ نماد');
    fireEvent.change(search, { target: { value: 'nothing like it' } });
    await screen.findByText('نمادی با این فیلترها پیدا نشد.');
  });

  it('switches to the Tehran exchange: Persian names, its own socket, the crypto one closed', async () => {
    const { transport, feed: f } = renderMarkets('/markets/crypto');
    await screen.findByText('بیت‌کوین');
    await waitFor(() => expect(transport.open.has('crypto')).toBe(true));
    fireEvent.click(screen.getByRole('link', { name: 'بورس تهران' }));
    await screen.findByText('فولاد مبارکه');
    expect(screen.getByText('ایران خودرو')).toBeTruthy();
    await waitFor(() => expect([...transport.open.keys()]).toEqual(['tse']));
    expect(f.monitoring.getSnapshot().context.market).toBe('tse');
    await waitFor(() => expect(f.monitoring.getSnapshot().context.marketInfo?.symbols).toHaveLength(2));
    transport.push('tse', frame('tse', 'snapshot', [snap('فولاد', 5_430, 1.2)]));
    await waitFor(() => expect(within(rowOf('فولاد')!).getByTestId('price').textContent).toBe('۵٬۴۳۰٫۰۰'));
  });

  it('links each row to its chart', async () => {
    renderMarkets('/markets/tse');
    const link = await screen.findByRole('link', { name: 'نمودار فولاد مبارکه' });
    expect(link.getAttribute('href')).toBe(`/markets/tse/${encodeURIComponent('فولاد')}`);
    fireEvent.click(link);
    await screen.findByText('chart page');
  });

  it('says so for a market the server does not know, and opens no socket', async () => {
    const { transport } = renderMarkets('/markets/nasdaq');
    await screen.findByText('بازار «nasdaq» شناخته نیست.');
    expect(transport.open.size).toBe(0);
  });

  it('keeps only the rows in view in the DOM for a market of 3,000 symbols', async () => {
    const many = Array.from({ length: 3000 }, (_, i) => symbol('crypto', `S${i}USDT`, `نماد ${i}`, `Symbol ${i}`));
    renderMarkets('/markets/crypto', { symbols: { crypto: many } });
    await screen.findByText('نماد 0');
    const rows = document.querySelectorAll('[role="row"][data-symbol]');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(screen.getByTestId('shown-count').textContent).toBe('۳٬۰۰۰ از ۳٬۰۰۰ نماد');
    const scroller = screen.getByTestId('virtual-rows');
    fireEvent.scroll(scroller, { target: { scrollTop: 52 * 2000 } });
    await screen.findByText('نماد 2000');
    expect(screen.queryByText('نماد 0')).toBeNull();
  });

  it('speaks English with Latin digits', async () => {
    const { transport } = renderMarkets('/markets/crypto', { language: 'en-US' });
    await screen.findByText('Bitcoin');
    expect(screen.getByRole('link', { name: 'Tehran Stock Exchange' })).toBeTruthy();
    await waitFor(() => expect(transport.open.has('crypto')).toBe(true));
    transport.push('crypto', frame('crypto', 'snapshot', [snap('BTCUSDT', 65_000.5, -2.5)]));
    await waitFor(() => expect(within(rowOf('BTCUSDT')!).getByTestId('price').textContent).toBe('65,000.50'));
    expect(within(rowOf('BTCUSDT')!).getByTestId('change').textContent).toBe('-2.50%');
    expect(screen.getByTestId('shown-count').textContent).toBe('3 of 3 symbols');
  });
});

describe('the market overview widget', () => {
  afterEach(() => {
    feed?.stop();
    system?.stop();
    localStorage.clear();
  });

  it('lists the biggest movers either way, live', async () => {
    const { transport } = renderMarkets('/', { overview: true });
    await screen.findByText('در انتظار قیمت‌ها…');
    await waitFor(() => expect(transport.open.has('crypto')).toBe(true));
    await waitFor(() => expect(feed!.monitoring.getSnapshot().context.marketInfo).not.toBeNull());
    transport.push('crypto', frame('crypto', 'snapshot', [snap('BTCUSDT', 100, 1), snap('ETHUSDT', 50, -4), snap('UNIUSDT', 7, 2)]));
    const list = await screen.findByTestId('top-movers');
    expect(within(list).getAllByRole('link').map((a) => a.textContent)).toEqual(['اتریوم', 'یونی‌سواپ', 'بیت‌کوین']);
    transport.push('crypto', frame('crypto', 'prices', [live('BTCUSDT', 110, 10)]));
    await waitFor(() => expect(within(list).getAllByRole('link')[0]!.textContent).toBe('بیت‌کوین'));
  });

  it('lists the monitoring actor and the open market socket in the visualizer, and the system stop closes them', async () => {
    const { transport } = renderMarkets('/markets/crypto');
    await waitFor(() => expect(transport.open.has('crypto')).toBe(true));
    const running = system!;
    const ids = () => running.listActors().map((a) => a.id);
    expect(ids()).toEqual(expect.arrayContaining(['monitoring', 'socket:market:crypto']));
    act(() => running.stop());
    expect(transport.open.size).toBe(0);
    expect(ids()).not.toContain('socket:market:crypto');
    expect(ids()).not.toContain('monitoring');
  });
});
