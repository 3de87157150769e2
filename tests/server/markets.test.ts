import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/server';
import { startTestServer, type TestServer } from './support/testServer';

/** Persian (Arabic-script) letters: the seeded titles of tse and ir_crypto are written in them. */
const PERSIAN = /[\u0600-\u06FF]/;
const LIST = '/api/core/market/list';

type Named = { id: number; name: string };
const names = (items: Named[]) => items.map((item) => item.name);
const locs = (body: { detail: { loc: (string | number)[] }[] }) => body.detail.map((d) => d.loc.join('.'));

describe('markets registry', () => {
  let t: TestServer;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = await startTestServer();
    admin = await t.adminToken();
    ({ token: user } = await t.createUser('market.watcher@bazaar.test'));
  });
  afterAll(async () => t?.close());

  const list = async (name: string, query: string, token = user) => t.call('GET', `${LIST}/${name}?${query}`, { token });

  describe('seeds of a fresh server', () => {
    it('has the three default markets with their zones, hours, currencies and preferred sources', async () => {
      const res = await t.call('GET', `${LIST}/markets_all`, { token: user });
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(3);
      const byName = Object.fromEntries(res.body.data.map((m: { name: string }) => [m.name, m]));
      expect(byName.crypto).toMatchObject({
        currency: 20,
        timezone: 'UTC',
        trading_hours: null,
        sources: ['simulated', 'binance'],
        default_source: 'simulated',
        is_active: true,
      });
      expect(byName.ir_crypto).toMatchObject({ currency: 10, timezone: 'Asia/Tehran', trading_hours: null, sources: ['simulated', 'irproxy'] });
      expect(byName.tse).toMatchObject({
        currency: 10,
        timezone: 'Asia/Tehran',
        trading_hours: [{ days: [6, 0, 1, 2, 3], open: '09:00', close: '12:30' }],
        sources: ['simulated', 'csv'],
        title: { fa: 'بورس اوراق بهادار تهران', en: 'Tehran Stock Exchange' },
      });
    });

    it('lists USDT pairs for crypto and Persian-titled symbols for tse and ir_crypto', async () => {
      const crypto = await list('symbols', 'market=crypto');
      expect(crypto.body.count).toBeGreaterThanOrEqual(12);
      expect(names(crypto.body.data)).toEqual(expect.arrayContaining(['BTCUSDT', 'ETHUSDT', 'BNBUSDT', 'SOLUSDT', 'XRPUSDT', 'DOGEUSDT']));
      expect(crypto.body.data.every((s: { quote_symbol: string }) => s.quote_symbol === 'USDT')).toBe(true);

      const irCrypto = await list('symbols', 'market=ir_crypto');
      expect(irCrypto.body.count).toBeGreaterThanOrEqual(8);
      expect(names(irCrypto.body.data)).toEqual(expect.arrayContaining(['BTCIRT', 'USDTIRT', 'ETHIRT']));

      const tse = await list('symbols', 'market=tse');
      expect(tse.body.count).toBeGreaterThanOrEqual(12);
      const foolad = tse.body.data.find((s: Named) => s.name === 'فولاد');
      expect(foolad).toMatchObject({
        title: { fa: 'فولاد مبارکه اصفهان', en: 'Mobarakeh Steel' },
        main_symbol: 'FOLD1',
        quote_symbol: 'IRR',
        sub_market: 'main',
        category: 'metals',
        price_precision: 0,
        min_order_size: '1',
        is_active: true,
      });
      expect(names(tse.body.data)).toEqual(expect.arrayContaining(['خودرو', 'شپنا', 'فملی', 'وبملت', 'خساپا']));
      for (const symbol of [...tse.body.data, ...irCrypto.body.data]) {
        expect(symbol.title.fa).toMatch(PERSIAN);
        expect(symbol.title.en).not.toMatch(PERSIAN);
      }
    });

    it('seeds the fee rate and live interval of each market', async () => {
      const fees: Record<string, number> = { crypto: 0.001, ir_crypto: 0.0015, tse: 0.00464 };
      for (const [market, fee] of Object.entries(fees)) {
        const res = await t.call('GET', `/api/core/market/settings?market=${market}`, { token: user });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ market, settings: { fee_rate: fee, live_interval_ms: 1000 } });
      }
    });

    it('gives other services the market, its symbols and settings', async () => {
      const markets = t.server.app.ctx.services.markets;
      expect(await markets.marketNames()).toEqual(['crypto', 'ir_crypto', 'tse']);
      expect((await markets.getMarket('tse')).default_source).toBe('simulated');
      expect((await markets.getSymbol('crypto', 'BTCUSDT')).main_symbol).toBe('BTC');
      expect((await markets.activeSymbols('ir_crypto')).map((s) => s.quote_symbol)).toContain('IRT');
      expect(await markets.getSetting('tse', 'fee_rate')).toBe(0.00464);
      expect(await markets.getSetting('tse', 'never_set')).toBeUndefined();
      await expect(markets.getMarket('nasdaq')).rejects.toThrow('Market not found');
      await expect(markets.getSymbol('crypto', 'NOPEUSDT')).rejects.toThrow('Symbol not found');
      await expect(markets.getSymbol('nasdaq', 'AAPL')).rejects.toThrow('Market not found');
      await expect(markets.activeSymbols('nasdaq')).rejects.toThrow('Market not found');
    });
  });

  describe('reading lists', () => {
    it('pages with skip and limit, counting every match before paging', async () => {
      const all = await list('symbols', 'market=crypto&limit=5000');
      const page = await list('symbols', 'market=crypto&skip=2&limit=3');
      expect(page.status).toBe(200);
      expect(page.body.list).toBe('symbols');
      expect(page.body.count).toBe(all.body.count);
      expect(page.body.data).toEqual(all.body.data.slice(2, 5));
      const beyond = await list('symbols', `market=crypto&skip=${all.body.count}`);
      expect(beyond.body).toMatchObject({ data: [], count: all.body.count });
    });

    it('filters symbols by sub-market and category, and ignores those filters on other lists', async () => {
      const meme = await list('symbols', 'market=crypto&category=meme');
      expect(names(meme.body.data).sort()).toEqual(['DOGEUSDT', 'SHIBUSDT']);
      expect(meme.body.count).toBe(2);
      const spot = await list('symbols', 'market=crypto&sub_market=spot');
      const all = await list('symbols', 'market=crypto');
      expect(spot.body.count).toBe(all.body.count);
      expect((await list('symbols', 'market=crypto&sub_market=futures')).body).toEqual({ list: 'symbols', data: [], count: 0 });
      const categories = await list('categories', 'market=crypto&sub_market=futures&category=nothing');
      expect(names(categories.body.data)).toEqual(expect.arrayContaining(['layer1', 'defi', 'meme', 'payments']));
      const sources = await list('sources', 'market=tse');
      expect(sources.body.data.map((s: { name: string; priority: number }) => [s.name, s.priority])).toEqual([
        ['simulated', 10],
        ['csv', 20],
      ]);
      expect((await list('sub_markets', 'market=ir_crypto')).body.count).toBeGreaterThanOrEqual(1);
    });

    it('searches names and both titles, ignoring case and the Arabic forms of Persian letters', async () => {
      expect(names((await list('symbols', 'market=crypto&search=btc')).body.data)).toEqual(['BTCUSDT']);
      expect(names((await list('symbols', 'market=crypto&search=Ethereum')).body.data)).toEqual(['ETHUSDT']);
      expect(names((await list('symbols', `market=crypto&search=${encodeURIComponent('سولانا')}`)).body.data)).toEqual(['SOLUSDT']);
      // "ملي" typed with an Arabic yeh still finds "ملی صنایع مس ایران".
      expect(names((await list('symbols', `market=tse&search=${encodeURIComponent('ملي')}`)).body.data)).toEqual(['فملی']);
      expect(names((await list('categories', 'market=tse&search=BANK')).body.data)).toEqual(['banks']);
    });

    it('filters by is_active', async () => {
      const created = await t.call('POST', `${LIST}/symbols`, {
        token: admin,
        json: { market: 'ir_crypto', name: 'SHIBIRT', title: { fa: 'شیبا / تومان', en: 'Shiba / Toman' }, main_symbol: 'SHIB', quote_symbol: 'IRT', is_active: false },
      });
      expect(created.status).toBe(200);
      const inactive = await list('symbols', 'market=ir_crypto&is_active=false');
      expect(names(inactive.body.data)).toEqual(['SHIBIRT']);
      const active = await list('symbols', 'market=ir_crypto&is_active=true');
      expect(names(active.body.data)).not.toContain('SHIBIRT');
      const all = await list('symbols', 'market=ir_crypto');
      expect(all.body.count).toBe(active.body.count + 1);
      const services = t.server.app.ctx.services.markets;
      expect((await services.activeSymbols('ir_crypto')).map((s) => s.name)).not.toContain('SHIBIRT');
    });

    it('answers 422 naming the bad parameter and 404 for an unknown market', async () => {
      const cases: [string, string, string][] = [
        ['symbols', 'market=crypto&limit=0', 'query.limit'],
        ['symbols', 'market=crypto&limit=5001', 'query.limit'],
        ['symbols', 'market=crypto&skip=-1', 'query.skip'],
        ['symbols', 'market=crypto&is_active=maybe', 'query.is_active'],
        ['symbols', 'market=crypto&category=Not%20A%20Slug', 'query.category'],
        ['symbols', 'market=BAD!', 'query.market'],
        ['symbols', '', 'query.market'],
        ['planets', 'market=crypto', 'path.name'],
      ];
      for (const [name, query, loc] of cases) {
        const res = await list(name, query);
        expect(res.status, `${name}?${query}`).toBe(422);
        expect(locs(res.body)).toContain(loc);
      }
      const unknown = await list('symbols', 'market=nasdaq');
      expect(unknown.status).toBe(404);
      expect(unknown.body.detail).toBe('Market not found');
      expect((await t.call('GET', '/api/core/market/settings?market=nasdaq', { token: user })).status).toBe(404);
    });
  });

  describe('writing lists', () => {
    const newSymbol = {
      market: 'crypto',
      name: 'ATOMUSDT',
      title: { fa: 'کازماس / تتر', en: 'Cosmos / Tether' },
      main_symbol: 'ATOM',
      quote_symbol: 'USDT',
      sub_market: 'spot',
      category: 'layer1',
    };

    it('creates an item with the contract defaults, reads it by id, and refuses a duplicate name', async () => {
      const created = await t.call('POST', `${LIST}/symbols`, { token: admin, json: newSymbol });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({
        list: 'symbols',
        data: { ...newSymbol, is_active: true, price_precision: 8, min_order_size: '0' },
      });
      const id = created.body.data.id;
      expect((await t.call('GET', `${LIST}/symbols/${id}`, { token: user })).body).toEqual(created.body);

      const again = await t.call('POST', `${LIST}/symbols`, { token: admin, json: { ...newSymbol, title: { fa: 'دیگر', en: 'Other' } } });
      expect(again.status).toBe(409);
      expect((await t.call('GET', `${LIST}/symbols/${id}`, { token: user })).body.data.title.en).toBe('Cosmos / Tether');
      // The same name in another market is another symbol.
      const elsewhere = await t.call('POST', `${LIST}/symbols`, { token: admin, json: { ...newSymbol, market: 'ir_crypto', sub_market: null, category: null } });
      expect(elsewhere.status).toBe(200);
    });

    it('answers 404 for an unknown id, or an id of another list', async () => {
      const symbol = (await list('symbols', 'market=crypto&search=BTCUSDT')).body.data[0];
      expect((await t.call('GET', `${LIST}/categories/${symbol.id}`, { token: user })).status).toBe(404);
      expect((await t.call('GET', `${LIST}/symbols/999999`, { token: user })).status).toBe(404);
      expect((await t.call('PUT', `${LIST}/symbols/999999`, { token: admin, json: { is_active: false } })).status).toBe(404);
      const badId = await t.call('GET', `${LIST}/symbols/abc`, { token: user });
      expect(badId.status).toBe(422);
      expect(locs(badId.body)).toContain('path.id');
    });

    it('refuses bad bodies with 422 naming the field, and writes nothing', async () => {
      const before = (await list('symbols', 'market=crypto')).body.count;
      const cases: [string, unknown, string][] = [
        ['symbols', { ...newSymbol, name: 'X1', price_precision: 99 }, 'body.price_precision'],
        ['symbols', { ...newSymbol, name: 'X2', min_order_size: '-1' }, 'body.min_order_size'],
        ['symbols', { ...newSymbol, name: 'X3', color: 'red' }, 'body.color'],
        ['symbols', { ...newSymbol, name: 'X4', title: { fa: ' ', en: 'x' } }, 'body.title.fa'],
        ['symbols', { market: 'crypto', name: 'defi2', title: { fa: 'د', en: 'd' } }, 'body.main_symbol'],
        ['symbols', { ...newSymbol, name: 'X5', sub_market: 'futures' }, 'body.sub_market'],
        ['symbols', { ...newSymbol, name: 'X6', category: 'gaming' }, 'body.category'],
        ['categories', { market: 'crypto', name: 'Gaming', title: { fa: 'بازی', en: 'Gaming' } }, 'body.name'],
        ['sources', { market: 'crypto', name: 'kraken' }, 'body.name'],
        ['sources', { market: 'crypto', name: 'csv', priority: 5000 }, 'body.priority'],
        ['sources', { market: 'crypto', name: 'csv', base_timeframe: '7m' }, 'body.base_timeframe'],
      ];
      for (const [name, json, loc] of cases) {
        const res = await t.call('POST', `${LIST}/${name}`, { token: admin, json });
        expect(res.status, JSON.stringify(json)).toBe(422);
        expect(locs(res.body)).toContain(loc);
        const set = await t.call('POST', `${LIST}/set_item/${name}`, { token: admin, json });
        expect(set.status, JSON.stringify(json)).toBe(422);
      }
      expect((await list('symbols', 'market=crypto')).body.count).toBe(before);
      expect((await list('sources', 'market=crypto')).body.count).toBe(2);
      const unknownMarket = await t.call('POST', `${LIST}/symbols`, { token: admin, json: { ...newSymbol, market: 'nasdaq' } });
      expect(unknownMarket.status).toBe(404);
    });

    it('updates only the fields sent, and never the market or name', async () => {
      const eth = (await list('symbols', 'market=crypto&search=ETHUSDT')).body.data[0];
      const res = await t.call('PUT', `${LIST}/symbols/${eth.id}`, {
        token: admin,
        json: { title: { fa: 'اتر', en: 'Ether' }, price_precision: 3, category: null },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ ...eth, title: { fa: 'اتر', en: 'Ether' }, price_precision: 3, category: null, updated_at: expect.any(String) });
      expect(res.body.data.created_at).toBe(eth.created_at);
      const rename = await t.call('PUT', `${LIST}/symbols/${eth.id}`, { token: admin, json: { name: 'ETH2USDT', market: 'tse' } });
      expect(rename.status).toBe(422);
      expect(locs(rename.body)).toEqual(expect.arrayContaining(['body.name', 'body.market']));
      const badRef = await t.call('PUT', `${LIST}/symbols/${eth.id}`, { token: admin, json: { sub_market: 'futures' } });
      expect(locs(badRef.body)).toEqual(['body.sub_market']);
      // A sources-only field sent to a symbol is refused, not silently stored.
      const wrongList = await t.call('PUT', `${LIST}/symbols/${eth.id}`, { token: admin, json: { priority: 1 } });
      expect(locs(wrongList.body)).toEqual(['body.priority']);
      expect((await t.call('GET', `${LIST}/symbols/${eth.id}`, { token: user })).body).toEqual(res.body);
    });

    it('reorders the market sources when an admin changes a priority or deactivates one', async () => {
      const sources = (await list('sources', 'market=crypto')).body.data as { id: number; name: string }[];
      const binance = sources.find((s) => s.name === 'binance')!;
      const simulated = sources.find((s) => s.name === 'simulated')!;
      await t.call('PUT', `${LIST}/sources/${binance.id}`, { token: admin, json: { priority: 1 } });
      let market = await t.server.app.ctx.services.markets.getMarket('crypto');
      expect(market).toMatchObject({ sources: ['binance', 'simulated'], default_source: 'binance' });
      await t.call('PUT', `${LIST}/sources/${simulated.id}`, { token: admin, json: { is_active: false } });
      await t.call('PUT', `${LIST}/sources/${binance.id}`, { token: admin, json: { is_active: false } });
      market = await t.server.app.ctx.services.markets.getMarket('crypto');
      expect(market).toMatchObject({ sources: [], default_source: null });
      await t.call('PUT', `${LIST}/sources/${simulated.id}`, { token: admin, json: { is_active: true } });
      await t.call('PUT', `${LIST}/sources/${binance.id}`, { token: admin, json: { is_active: true, priority: 20 } });
      const all = await t.call('GET', `${LIST}/markets_all`, { token: user });
      expect(all.body.data.find((m: { name: string }) => m.name === 'crypto')).toMatchObject({ sources: ['simulated', 'binance'] });
    });

    it('set_item creates, then wholly replaces by market and name, keeping the id', async () => {
      const body = { market: 'tse', name: 'ذوب', title: { fa: 'ذوب آهن اصفهان', en: 'Esfahan Steel' }, main_symbol: 'ZOBZ1', quote_symbol: 'IRR', category: 'metals', price_precision: 0, min_order_size: '1' };
      const first = await t.call('POST', `${LIST}/set_item/symbols`, { token: admin, json: body });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ list: 'symbols', created: true, data: { ...body, sub_market: null, is_active: true } });
      const { category: _category, price_precision: _precision, ...rest } = body;
      const second = await t.call('POST', `${LIST}/set_item/symbols`, { token: admin, json: { ...rest, sub_market: 'main' } });
      expect(second.body).toMatchObject({ created: false, data: { id: first.body.data.id, sub_market: 'main', category: null, price_precision: 8 } });
      const tse = await list('symbols', `market=tse&search=${encodeURIComponent('ذوب')}`);
      expect(tse.body.count).toBe(1);

      const source = await t.call('POST', `${LIST}/set_item/sources`, { token: admin, json: { market: 'tse', name: 'irproxy', priority: 30 } });
      expect(source.body).toMatchObject({ list: 'sources', created: true, data: { name: 'irproxy', priority: 30, base_timeframe: '1m' } });
      expect((await t.server.app.ctx.services.markets.getMarket('tse')).sources).toEqual(['simulated', 'csv', 'irproxy']);
      const category = await t.call('POST', `${LIST}/set_item/categories`, { token: admin, json: { market: 'tse', name: 'metals', title: { fa: 'فلزات', en: 'Metals' } } });
      expect(category.body).toMatchObject({ created: false, data: { name: 'metals', title: { en: 'Metals' } } });
    });
  });

  describe('settings', () => {
    it('creates and replaces a setting with any JSON value, per market', async () => {
      const value = { open_auction: '08:30', limits: [5, -5], note: 'دامنه نوسان' };
      const set = await t.call('POST', '/api/core/market/settings/price_band', { token: admin, json: { market: 'tse', value } });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({ market: 'tse', name: 'price_band', value, updated_at: expect.any(String) });
      await t.call('POST', '/api/core/market/settings/fee_rate', { token: admin, json: { market: 'tse', value: 0.005 } });
      const read = await t.call('GET', '/api/core/market/settings?market=tse', { token: user });
      expect(read.body.settings).toEqual({ fee_rate: 0.005, live_interval_ms: 1000, price_band: value });
      const crypto = await t.call('GET', '/api/core/market/settings?market=crypto', { token: user });
      expect(crypto.body.settings.fee_rate).toBe(0.001);
      await t.call('POST', '/api/core/market/settings/maintenance', { token: admin, json: { market: 'crypto', value: null } });
      expect(await t.server.app.ctx.services.markets.getSetting('crypto', 'maintenance')).toBeNull();
    });

    it('refuses bad names and values with 422, an unknown market with 404, and stores nothing', async () => {
      const cases: [string, unknown, string][] = [
        ['Fee Rate', { market: 'tse', value: 1 }, 'path.name'],
        ['fee_rate', { market: 'tse', value: 'x'.repeat(10_001) }, 'body.value'],
        ['fee_rate', { market: 'tse' }, 'body.value'],
        ['fee_rate', { market: 'tse', value: 1, extra: true }, 'body.extra'],
        ['fee_rate', { market: 'Not A Market', value: 1 }, 'body.market'],
      ];
      for (const [name, json, loc] of cases) {
        const res = await t.call('POST', `/api/core/market/settings/${encodeURIComponent(name)}`, { token: admin, json });
        expect(res.status, `${name} ${JSON.stringify(json).slice(0, 60)}`).toBe(422);
        expect(locs(res.body)).toContain(loc);
      }
      const unknown = await t.call('POST', '/api/core/market/settings/fee_rate', { token: admin, json: { market: 'nasdaq', value: 1 } });
      expect(unknown.status).toBe(404);
      expect((await t.call('GET', '/api/core/market/settings?market=tse', { token: user })).body.settings.fee_rate).toBe(0.005);
      expect((await t.call('GET', '/api/core/market/settings', { token: user })).status).toBe(422);
    });
  });

  describe('access', () => {
    const writes: [string, string, unknown][] = [
      ['POST', '/api/core/market/settings/fee_rate', { market: 'crypto', value: 0 }],
      ['POST', `${LIST}/categories`, { market: 'crypto', name: 'gaming', title: { fa: 'بازی', en: 'Gaming' } }],
      ['PUT', `${LIST}/symbols/1`, { is_active: false }],
      ['POST', `${LIST}/set_item/categories`, { market: 'crypto', name: 'gaming', title: { fa: 'بازی', en: 'Gaming' } }],
    ];

    it('refuses every write to a user with 403 and changes nothing', async () => {
      for (const [method, path, json] of writes) {
        const res = await t.call(method, path, { token: user, json });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
      expect(names((await list('categories', 'market=crypto')).body.data)).not.toContain('gaming');
      expect((await list('symbols', 'market=crypto&is_active=false')).body.count).toBe(0);
      expect(await t.server.app.ctx.services.markets.getSetting('crypto', 'fee_rate')).toBe(0.001);
    });

    it('answers 401 to reads and writes without a token', async () => {
      const reads = ['/api/core/market/settings?market=crypto', `${LIST}/markets_all`, `${LIST}/symbols?market=crypto`, `${LIST}/symbols/1`];
      for (const path of reads) expect((await t.call('GET', path)).status, path).toBe(401);
      for (const [method, path, json] of writes) expect((await t.call(method, path, { json })).status, path).toBe(401);
    });
  });

  describe('a second start on the same database', () => {
    it('keeps the admin edits and adds no duplicate seeds', async () => {
      const lists = ['symbols', 'categories', 'sub_markets', 'sources'];
      const before = await Promise.all(lists.map(async (name) => (await list(name, 'market=tse&limit=5000')).body));
      const foolad = before[0]!.data.find((s: Named) => s.name === 'فولاد');
      await t.call('PUT', `${LIST}/symbols/${foolad.id}`, { token: admin, json: { title: { fa: 'فولاد مبارکه', en: 'Foolad' } } });
      await t.call('POST', '/api/core/market/settings/live_interval_ms', { token: admin, json: { market: 'tse', value: 250 } });

      const again = await startServer(t.config);
      try {
        const get = (path: string) => fetch(again.url + path, { headers: { authorization: `Bearer ${admin}` } }).then((r) => r.json());
        const markets = await get(`${LIST}/markets_all`);
        expect(markets.count).toBe(3);
        for (const [index, name] of lists.entries()) {
          const after = await get(`${LIST}/${name}?market=tse&limit=5000`);
          expect(after.count, name).toBe(before[index]!.count);
          expect(names(after.data), name).toEqual(names(before[index]!.data));
        }
        const symbol = await get(`${LIST}/symbols/${foolad.id}`);
        expect(symbol.data.title).toEqual({ fa: 'فولاد مبارکه', en: 'Foolad' });
        const settings = await get('/api/core/market/settings?market=tse');
        expect(settings.settings.live_interval_ms).toBe(250);
      } finally {
        await again.close();
      }
    });
  });
});
