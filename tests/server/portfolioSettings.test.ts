import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortfolioDataDeleted, PortfolioSetting, PortfolioSettings, SymbolSettingsList } from '../../contract/portfolio/settings';
import { as, createPortfolio, locs, ok, type Client } from './signals/fixtures';
import { startTestServer, type TestServer } from './support/testServer';

const M = '/api/portfolio/manager';

describe('portfolio and symbol settings', () => {
  let t: TestServer;
  let alice: Client;
  let bob: Client;
  let pid: number;
  beforeAll(async () => {
    t = await startTestServer();
    alice = as(t, (await t.createUser('alice.settings@bazaar.test')).token);
    bob = as(t, (await t.createUser('bob.settings@bazaar.test')).token);
    pid = (await createPortfolio(alice)).id;
  });
  afterAll(async () => t?.close());

  it('writes, reads, merges and removes portfolio settings', async () => {
    const one = PortfolioSetting.parse(await ok(alice.post(`${M}/set_portfolio_setting`, { portfolio_id: pid, field: 'chart.default_timeframe', value: '4h' })));
    expect(one).toMatchObject({ portfolio_id: pid, field: 'chart.default_timeframe', value: '4h' });
    await ok(alice.post(`${M}/set_portfolio_setting`, { portfolio_id: pid, field: 'chart.default_timeframe', value: '1d' }));
    expect(await ok(alice.get(`${M}/get_portfolio_setting`, { portfolio_id: pid, field: 'chart.default_timeframe' }))).toMatchObject({ value: '1d' });

    const merged = PortfolioSettings.parse(
      await ok(alice.post(`${M}/set_portfolio_settings`, { portfolio_id: pid, settings: { 'alerts.drawdown': { pct: 10, on: true }, dust: null } })),
    );
    expect(merged.settings).toEqual({ 'alerts.drawdown': { pct: 10, on: true }, 'chart.default_timeframe': '1d', dust: null });
    expect((await ok(alice.get(`${M}/get_portfolio_settings`, { portfolio_id: pid, fields: 'dust,nothing' }))).settings).toEqual({ dust: null });

    expect(await ok(alice.del(`${M}/remove_portfolio_setting`, { portfolio_id: pid, field: 'dust' }))).toEqual({ removed: 1 });
    expect(await ok(alice.del(`${M}/remove_portfolio_setting`, { portfolio_id: pid, field: 'dust' }))).toEqual({ removed: 0 });
    expect((await alice.get(`${M}/get_portfolio_setting`, { portfolio_id: pid, field: 'dust' })).status).toBe(404);
    expect(await ok(alice.del(`${M}/remove_portfolio_settings`, { portfolio_id: pid, fields: 'alerts.drawdown,chart.default_timeframe' }))).toEqual({ removed: 2 });
    expect((await ok(alice.get(`${M}/get_portfolio_settings`, { portfolio_id: pid }))).settings).toEqual({});
  });

  it('keeps symbol settings per symbol and refuses a symbol the market does not list', async () => {
    await ok(alice.post(`${M}/set_symbol_setting`, { portfolio_id: pid, symbol: 'BTCUSDT', field: 'alert_above', value: '70000' }));
    const eth = await ok(alice.post(`${M}/set_symbol_settings`, { portfolio_id: pid, symbol: 'ETHUSDT', settings: { color: '#ff0000', lines: [1, 2] } }));
    expect(eth).toEqual({ portfolio_id: pid, symbol: 'ETHUSDT', settings: { color: '#ff0000', lines: [1, 2] } });
    expect(await ok(alice.get(`${M}/get_symbol_setting`, { portfolio_id: pid, symbol: 'BTCUSDT', field: 'alert_above' }))).toMatchObject({ value: '70000' });
    const all = SymbolSettingsList.parse(await ok(alice.get(`${M}/get_symbol_settings`, { portfolio_id: pid })));
    expect(all.data.map((d) => [d.symbol, Object.keys(d.settings)])).toEqual([
      ['BTCUSDT', ['alert_above']],
      ['ETHUSDT', ['color', 'lines']],
    ]);
    expect((await ok(alice.get(`${M}/get_symbol_settings`, { portfolio_id: pid, symbol: 'ETHUSDT', fields: 'lines' }))).data).toEqual([
      { portfolio_id: pid, symbol: 'ETHUSDT', settings: { lines: [1, 2] } },
    ]);
    expect(await ok(alice.del(`${M}/remove_symbol_setting`, { portfolio_id: pid, symbol: 'ETHUSDT', field: 'lines' }))).toEqual({ removed: 1 });
    expect(await ok(alice.del(`${M}/remove_symbol_settings`, { portfolio_id: pid, symbol: 'BTCUSDT', fields: 'alert_above,x' }))).toEqual({ removed: 1 });
    expect((await alice.get(`${M}/get_symbol_setting`, { portfolio_id: pid, symbol: 'BTCUSDT', field: 'alert_above' })).status).toBe(404);

    const unknown = await alice.post(`${M}/set_symbol_setting`, { portfolio_id: pid, symbol: 'FOLD1', field: 'x', value: 1 });
    expect(unknown.status).toBe(422);
    expect(locs(unknown)).toEqual(['body.symbol']);
    expect(unknown.body.detail[0].msg).toContain('FOLD1');
  });

  it('refuses bad keys, values and lists with 422 naming the field, writing nothing', async () => {
    const cases: [string, unknown, string[]][] = [
      ['set_portfolio_setting', { portfolio_id: pid, field: '1bad key', value: 1 }, ['body.field']],
      ['set_portfolio_setting', { portfolio_id: pid, field: 'big', value: 'x'.repeat(10_001) }, ['body.value']],
      ['set_portfolio_settings', { portfolio_id: pid, settings: {} }, ['body.settings']],
      ['set_symbol_settings', { portfolio_id: pid, symbol: 'BTCUSDT', settings: { ok: 1 }, extra: 1 }, ['body.extra']],
    ];
    for (const [path, body, expected] of cases) {
      const res = await alice.post(`${M}/${path}`, body);
      expect(res.status, path).toBe(422);
      expect(locs(res)).toEqual(expected);
    }
    const badQuery = await alice.get(`${M}/get_portfolio_settings`, { portfolio_id: pid, fields: 'a b' });
    expect(badQuery.status).toBe(422);
    expect(locs(badQuery)[0]).toMatch(/^query\.fields/);
    expect((await ok(alice.get(`${M}/get_portfolio_settings`, { portfolio_id: pid }))).settings).toEqual({});
  });

  it("answers 404 for another user's portfolio on every settings row, and leaves it alone", async () => {
    await ok(alice.post(`${M}/set_portfolio_setting`, { portfolio_id: pid, field: 'keep', value: true }));
    const calls = [
      bob.get(`${M}/get_portfolio_setting`, { portfolio_id: pid, field: 'keep' }),
      bob.get(`${M}/get_portfolio_settings`, { portfolio_id: pid }),
      bob.post(`${M}/set_portfolio_setting`, { portfolio_id: pid, field: 'keep', value: false }),
      bob.post(`${M}/set_portfolio_settings`, { portfolio_id: pid, settings: { keep: false } }),
      bob.del(`${M}/remove_portfolio_setting`, { portfolio_id: pid, field: 'keep' }),
      bob.del(`${M}/remove_portfolio_settings`, { portfolio_id: pid, fields: 'keep' }),
      bob.del(`${M}/delete_portfolio_data`, { portfolio_id: pid }),
      bob.post(`${M}/set_symbol_setting`, { portfolio_id: pid, symbol: 'BTCUSDT', field: 'a', value: 1 }),
      bob.post(`${M}/set_symbol_settings`, { portfolio_id: pid, symbol: 'BTCUSDT', settings: { a: 1 } }),
      bob.get(`${M}/get_symbol_setting`, { portfolio_id: pid, symbol: 'BTCUSDT', field: 'a' }),
      bob.get(`${M}/get_symbol_settings`, { portfolio_id: pid }),
      bob.del(`${M}/remove_symbol_setting`, { portfolio_id: pid, symbol: 'BTCUSDT', field: 'a' }),
      bob.del(`${M}/remove_symbol_settings`, { portfolio_id: pid, symbol: 'BTCUSDT', fields: 'a' }),
      bob.del(`${M}/delete_symbol_data`, { portfolio_id: pid, symbol: 'BTCUSDT' }),
      alice.get(`${M}/get_portfolio_settings`, { portfolio_id: 999_999 }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status, res.text).toBe(404);
    expect((await ok(alice.get(`${M}/get_portfolio_settings`, { portfolio_id: pid }))).settings).toEqual({ keep: true });
  });

  it('clears the chosen kinds of data, never the portfolio itself, and counts what went', async () => {
    const p = (await createPortfolio(alice, { name: 'to clear' })).id;
    await ok(alice.post(`${M}/set_portfolio_settings`, { portfolio_id: p, settings: { a: 1, b: 2 } }));
    await ok(alice.post(`${M}/set_symbol_settings`, { portfolio_id: p, symbol: 'BTCUSDT', settings: { a: 1 } }));
    await ok(alice.post(`${M}/set_symbol_settings`, { portfolio_id: p, symbol: 'ETHUSDT', settings: { a: 1, b: 1 } }));
    await ok(alice.post(`${M}/tag_symbol`, { portfolio_id: p, symbol: 'BTCUSDT', tags: ['core', 'long'] }));
    await ok(alice.post(`${M}/tag_symbol`, { portfolio_id: p, symbol: 'ETHUSDT', tags: ['core'] }));
    await ok(alice.post(`${M}/set_symbol_marker`, { portfolio_id: p, symbol: 'BTCUSDT', markers: [{ kind: 'price_line', price: '60000' }] }));
    await ok(alice.post(`${M}/set_portfolio_ruleset`, { portfolio_id: p, max_open_orders: { value: 3 } }));

    const symbol = await ok(alice.del(`${M}/delete_symbol_data`, { portfolio_id: p, symbol: 'ETHUSDT', kinds: 'settings' }));
    expect(symbol).toEqual({ portfolio_id: p, symbol: 'ETHUSDT', deleted: { settings: 2, tags: 0, markers: 0 } });
    const btc = await ok(alice.del(`${M}/delete_symbol_data`, { portfolio_id: p, symbol: 'BTCUSDT' }));
    expect(btc.deleted).toEqual({ settings: 1, tags: 2, markers: 1 });

    const partial = PortfolioDataDeleted.parse(await ok(alice.del(`${M}/delete_portfolio_data`, { portfolio_id: p, kinds: 'settings,ruleset' })));
    expect(partial.deleted).toEqual({ settings: 2, symbol_settings: 0, tags: 0, markers: 0, ruleset: 1 });
    expect((await ok(alice.get(`${M}/get_all_tags`, { portfolio_id: p }))).data).toEqual([{ tag: 'core', symbol_count: 1 }]);
    const rest = await ok(alice.del(`${M}/delete_portfolio_data`, { portfolio_id: p }));
    expect(rest.deleted).toEqual({ settings: 0, symbol_settings: 0, tags: 1, markers: 0, ruleset: 0 });
    expect((await alice.get(`/api/portfolio/${p}`)).status).toBe(200);

    const bad = await alice.del(`${M}/delete_portfolio_data`, { portfolio_id: p, kinds: 'settings,orders' });
    expect(bad.status).toBe(422);
    expect(locs(bad)[0]).toMatch(/^query\.kinds/);
  });
});
