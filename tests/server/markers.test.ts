import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarkerPage, SymbolMarkers } from '../../contract/portfolio/rules';
import { as, createPortfolio, locs, ok, type Client } from './signals/fixtures';
import { startTestServer, type TestServer } from './support/testServer';

const M = '/api/portfolio/manager';
const T = 1_717_200_000_000;

describe('chart markers', () => {
  let t: TestServer;
  let alice: Client;
  let bob: Client;
  let pid: number;
  beforeAll(async () => {
    t = await startTestServer();
    alice = as(t, (await t.createUser('alice.markers@bazaar.test')).token);
    bob = as(t, (await t.createUser('bob.markers@bazaar.test')).token);
    pid = (await createPortfolio(alice)).id;
  });
  afterAll(async () => t?.close());

  const set = (symbol: string, markers: unknown[]) => alice.post(`${M}/set_symbol_marker`, { portfolio_id: pid, symbol, markers });

  it("sets a symbol's markers whole: updates those with an id, creates the rest, drops the unlisted", async () => {
    const first = SymbolMarkers.parse(
      await ok(
        set('BTCUSDT', [
          { kind: 'price_line', price: '65000.5', color: '#1e88e5', text: 'resistance' },
          { kind: 'note', time: T, text: 'halving' },
          { kind: 'price_line', price: '58000' },
        ]),
      ),
    );
    expect(first.markers.map((m) => [m.kind, m.price, m.time, m.text, m.color])).toEqual([
      ['price_line', '65000.5', null, 'resistance', '#1e88e5'],
      ['note', null, T, 'halving', null],
      ['price_line', '58000', null, null, null],
    ]);
    const [line, note, drop] = first.markers;
    await new Promise((r) => setTimeout(r, 5));

    const second = SymbolMarkers.parse(
      await ok(
        set('BTCUSDT', [
          { id: line!.id, kind: 'price_line', price: '66000', color: '#1e88e5', text: 'resistance' },
          { id: note!.id, kind: 'note', time: T, text: 'halving' },
          { kind: 'note', price: '61000', text: 'buy zone' },
        ]),
      ),
    );
    expect(second.markers.map((m) => m.id).slice(0, 2)).toEqual([line!.id, note!.id]);
    expect(second.markers.map((m) => m.id)).not.toContain(drop!.id);
    expect(second.markers[0]).toMatchObject({ price: '66000', created_at: line!.created_at });
    expect(second.markers[0]!.updated_at > line!.updated_at).toBe(true);
    // Unchanged: same updated_at.
    expect(second.markers[1]!.updated_at).toBe(note!.updated_at);
    expect(second.markers[2]).toMatchObject({ kind: 'note', price: '61000', text: 'buy zone', time: null });

    await ok(set('ETHUSDT', [{ kind: 'price_line', price: '3000' }]));
    const all = MarkerPage.parse(await ok(alice.get(`${M}/get_portfolio_markers`, { portfolio_id: pid })));
    expect(all.count).toBe(4);
    expect(all.data.map((m) => m.symbol)).toEqual(['BTCUSDT', 'BTCUSDT', 'BTCUSDT', 'ETHUSDT']);
    const page = await ok(alice.get(`${M}/get_portfolio_markers`, { portfolio_id: pid, symbol: 'BTCUSDT', skip: 1, limit: 1 }));
    expect(page.count).toBe(3);
    expect(page.data.map((m: { id: number }) => m.id)).toEqual([note!.id]);

    expect((await ok(set('ETHUSDT', []))).markers).toEqual([]);
    expect((await ok(alice.get(`${M}/get_portfolio_markers`, { portfolio_id: pid }))).count).toBe(3);
  });

  it('refuses bad markers with 422 naming the field, changing nothing', async () => {
    const before = await ok(alice.get(`${M}/get_portfolio_markers`, { portfolio_id: pid }));
    const [btcLine] = before.data;
    const other = (await createPortfolio(alice, { name: 'other' })).id;
    const foreign = (await ok(alice.post(`${M}/set_symbol_marker`, { portfolio_id: other, symbol: 'BTCUSDT', markers: [{ kind: 'price_line', price: '1' }] }))).markers[0];
    const cases: [unknown[], string[], string?][] = [
      [[{ kind: 'price_line' }], ['body.markers.0.price']],
      [[{ kind: 'note', time: T }], ['body.markers.0.text']],
      [[{ kind: 'note', text: 'floating' }], ['body.markers.0.text']],
      [[{ kind: 'price_line', price: '-5' }], ['body.markers.0.price']],
      [[{ kind: 'price_line', price: '5', color: 'red' }], ['body.markers.0.color']],
      [[{ kind: 'arrow', price: '5' }], ['body.markers.0.kind']],
      [[{ id: foreign.id, kind: 'price_line', price: '5' }], ['body.markers.0.id']],
      [
        [
          { id: btcLine.id, kind: 'price_line', price: '5' },
          { id: btcLine.id, kind: 'price_line', price: '6' },
        ],
        ['body.markers.1.id'],
      ],
    ];
    for (const [markers, expected] of cases) {
      const res = await set('BTCUSDT', markers);
      expect(res.status, JSON.stringify(markers)).toBe(422);
      expect(locs(res)).toEqual(expected);
    }
    const unknown = await set('FOLD1', [{ kind: 'price_line', price: '5' }]);
    expect(unknown.status).toBe(422);
    expect(locs(unknown)).toEqual(['body.symbol']);
    expect(await ok(alice.get(`${M}/get_portfolio_markers`, { portfolio_id: pid }))).toEqual(before);
  });

  it("answers 404 for another user's portfolio", async () => {
    expect((await bob.get(`${M}/get_portfolio_markers`, { portfolio_id: pid })).status).toBe(404);
    const res = await bob.post(`${M}/set_symbol_marker`, { portfolio_id: pid, symbol: 'BTCUSDT', markers: [] });
    expect(res.status).toBe(404);
    expect((await ok(alice.get(`${M}/get_portfolio_markers`, { portfolio_id: pid, symbol: 'BTCUSDT' }))).count).toBe(3);
  });
});
