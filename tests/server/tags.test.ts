import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllSymbolsAndTags, AllTags, SymbolTags, TagSymbols } from '../../contract/portfolio/settings';
import { as, createPortfolio, locs, ok, type Client } from './signals/fixtures';
import { startTestServer, type TestServer } from './support/testServer';

const M = '/api/portfolio/manager';

describe('tags on symbols of a portfolio', () => {
  let t: TestServer;
  let alice: Client;
  let bob: Client;
  let pid: number;
  beforeAll(async () => {
    t = await startTestServer();
    alice = as(t, (await t.createUser('alice.tags@bazaar.test')).token);
    bob = as(t, (await t.createUser('bob.tags@bazaar.test')).token);
    pid = (await createPortfolio(alice)).id;
  });
  afterAll(async () => t?.close());

  const tag = (symbol: string, tags: string[], portfolio = pid) => ok(alice.post(`${M}/tag_symbol`, { portfolio_id: portfolio, symbol, tags }));

  it('tags symbols, keeping each tag once, in any language', async () => {
    const btc = SymbolTags.parse(await tag('BTCUSDT', ['long-term', 'core', ' core ']));
    expect(btc).toEqual({ portfolio_id: pid, symbol: 'BTCUSDT', tags: ['core', 'long-term'] });
    expect((await tag('BTCUSDT', ['core', 'بلندمدت'])).tags).toEqual(['core', 'long-term', 'بلندمدت']);
    await tag('ETHUSDT', ['core', 'defi']);
    await tag('SOLUSDT', ['defi']);
    expect(await ok(alice.get(`${M}/get_symbol_tags`, { portfolio_id: pid, symbol: 'ETHUSDT' }))).toEqual({
      portfolio_id: pid,
      symbol: 'ETHUSDT',
      tags: ['core', 'defi'],
    });
    expect(TagSymbols.parse(await ok(alice.get(`${M}/get_symbols_by_tag`, { portfolio_id: pid, tag: 'core' }))).symbols).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect((await ok(alice.get(`${M}/get_symbols_by_tag`, { portfolio_id: pid, tag: 'بلندمدت' }))).symbols).toEqual(['BTCUSDT']);
    expect(AllSymbolsAndTags.parse(await ok(alice.get(`${M}/get_all_symbols_and_tags`, { portfolio_id: pid }))).data).toEqual([
      { symbol: 'BTCUSDT', tags: ['core', 'long-term', 'بلندمدت'] },
      { symbol: 'ETHUSDT', tags: ['core', 'defi'] },
      { symbol: 'SOLUSDT', tags: ['defi'] },
    ]);
    expect(AllTags.parse(await ok(alice.get(`${M}/get_all_tags`, { portfolio_id: pid }))).data).toEqual([
      { tag: 'core', symbol_count: 2 },
      { tag: 'defi', symbol_count: 2 },
      { tag: 'long-term', symbol_count: 1 },
      { tag: 'بلندمدت', symbol_count: 1 },
    ]);
  });

  it('keeps tags per portfolio', async () => {
    const other = (await createPortfolio(alice, { name: 'other' })).id;
    await tag('BTCUSDT', ['swing'], other);
    expect((await ok(alice.get(`${M}/get_symbol_tags`, { portfolio_id: other, symbol: 'BTCUSDT' }))).tags).toEqual(['swing']);
    expect((await ok(alice.get(`${M}/get_symbols_by_tag`, { portfolio_id: pid, tag: 'swing' }))).symbols).toEqual([]);
  });

  it('untags some, all, or many pairs at once', async () => {
    expect((await ok(alice.post(`${M}/untag_symbol`, { portfolio_id: pid, symbol: 'BTCUSDT', tags: ['long-term', 'never'] }))).tags).toEqual(['core', 'بلندمدت']);
    expect((await ok(alice.post(`${M}/untag_symbol`, { portfolio_id: pid, symbol: 'BTCUSDT' }))).tags).toEqual([]);
    const pairs = [
      { symbol: 'ETHUSDT', tag: 'defi' },
      { symbol: 'SOLUSDT', tag: 'defi' },
      { symbol: 'SOLUSDT', tag: 'defi' },
      { symbol: 'ETHUSDT', tag: 'absent' },
    ];
    expect(await ok(alice.post(`${M}/untag_pairs`, { portfolio_id: pid, pairs }))).toEqual({ removed: 2 });
    expect((await ok(alice.get(`${M}/get_all_symbols_and_tags`, { portfolio_id: pid }))).data).toEqual([{ symbol: 'ETHUSDT', tags: ['core'] }]);
  });

  it('refuses an unknown symbol of the market and bad tags with 422 naming the field, writing nothing', async () => {
    const unknown = await alice.post(`${M}/tag_symbol`, { portfolio_id: pid, symbol: 'FOLD1', tags: ['x'] });
    expect(unknown.status).toBe(422);
    expect(locs(unknown)).toEqual(['body.symbol']);
    expect(unknown.body.detail[0].msg).toBe('unknown symbol "FOLD1" in market "crypto"');
    const cases: [string, unknown, string[]][] = [
      ['tag_symbol', { portfolio_id: pid, symbol: 'BTCUSDT', tags: [] }, ['body.tags']],
      ['tag_symbol', { portfolio_id: pid, symbol: 'BTCUSDT', tags: ['ok', '   ', 'x'.repeat(41)] }, ['body.tags.1', 'body.tags.2']],
      ['tag_symbol', { portfolio_id: pid, symbol: 'BTCUSDT' }, ['body.tags']],
      ['untag_pairs', { portfolio_id: pid, pairs: [] }, ['body.pairs']],
      ['untag_pairs', { portfolio_id: pid, pairs: [{ symbol: 'BTCUSDT' }] }, ['body.pairs.0.tag']],
    ];
    for (const [path, body, expected] of cases) {
      const res = await alice.post(`${M}/${path}`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(locs(res).sort()).toEqual(expected);
    }
    expect((await ok(alice.get(`${M}/get_symbol_tags`, { portfolio_id: pid, symbol: 'BTCUSDT' }))).tags).toEqual([]);
  });

  it('caps the tags of one symbol with a 409 that writes nothing', async () => {
    const first = Array.from({ length: 20 }, (_, i) => `a${i}`);
    await tag('XRPUSDT', first);
    await tag('XRPUSDT', first.map((x) => `b${x}`));
    const res = await alice.post(`${M}/tag_symbol`, { portfolio_id: pid, symbol: 'XRPUSDT', tags: first.map((x) => `c${x}`) });
    expect(res.status).toBe(409);
    expect((await ok(alice.get(`${M}/get_symbol_tags`, { portfolio_id: pid, symbol: 'XRPUSDT' }))).tags).toHaveLength(40);
  });

  it("answers 404 for another user's portfolio on every tag row", async () => {
    const calls = [
      bob.post(`${M}/tag_symbol`, { portfolio_id: pid, symbol: 'BTCUSDT', tags: ['x'] }),
      bob.post(`${M}/untag_symbol`, { portfolio_id: pid, symbol: 'ETHUSDT' }),
      bob.post(`${M}/untag_pairs`, { portfolio_id: pid, pairs: [{ symbol: 'ETHUSDT', tag: 'core' }] }),
      bob.get(`${M}/get_symbols_by_tag`, { portfolio_id: pid, tag: 'core' }),
      bob.get(`${M}/get_symbol_tags`, { portfolio_id: pid, symbol: 'ETHUSDT' }),
      bob.get(`${M}/get_all_symbols_and_tags`, { portfolio_id: pid }),
      bob.get(`${M}/get_all_tags`, { portfolio_id: pid }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status, res.text).toBe(404);
    expect((await ok(alice.get(`${M}/get_symbol_tags`, { portfolio_id: pid, symbol: 'ETHUSDT' }))).tags).toEqual(['core']);
  });
});
