import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Group, GroupList, GroupSymbolList, RelatedSymbolList } from '../../contract/signals/relations';
import { as, createGroup, locs, msgs, ok, R, type Client } from './signals/fixtures';
import { startTestServer, type TestServer } from './support/testServer';

type G = { id: number; name: string; node_id: number | null; position: number };

describe('groups (watchlists)', () => {
  let t: TestServer;
  let alice: Client;
  let bob: Client;
  beforeAll(async () => {
    t = await startTestServer();
    alice = as(t, (await t.createUser('alice.groups@bazaar.test')).token);
    bob = as(t, (await t.createUser('bob.groups@bazaar.test')).token);
  });
  afterAll(async () => t?.close());

  const all = async (c: Client = alice): Promise<G[]> => (await ok(c.get(`${R}/list_groups`))).data;
  /** Names of the groups under one parent, in their order. */
  const childrenOf = async (nodeId: number | null, c: Client = alice) =>
    (await all(c))
      .filter((g) => g.node_id === nodeId)
      .sort((a, b) => a.position - b.position)
      .map((g) => g.name);
  const symbolsOf = async (groupId: number) =>
    (await ok(alice.get(`${R}/list_group_symbols`, { group_id: groupId }))).data.map((s: { symbol: string }) => s.symbol);

  describe('creating', () => {
    it('creates a group with symbols in the given order, repeats dropped, appended after its siblings', async () => {
      const res = await alice.post(`${R}/create_group`, {
        name: 'Majors',
        symbols: [
          { market: 'crypto', symbol: 'ETHUSDT' },
          { market: 'crypto', symbol: 'BTCUSDT' },
          { market: 'crypto', symbol: 'ETHUSDT' },
          { market: 'tse', symbol: 'فولاد' },
        ],
      });
      expect(res.status).toBe(200);
      const group = Group.parse(res.body);
      expect(group).toMatchObject({ name: 'Majors', node_id: null, position: 0, symbol_count: 3 });
      expect(group.symbols!.map((s) => [s.market, s.symbol, s.position])).toEqual([
        ['crypto', 'ETHUSDT', 0],
        ['crypto', 'BTCUSDT', 1],
        ['tse', 'فولاد', 2],
      ]);
      const second = await createGroup(alice, 'Alts');
      expect(second.position).toBe(1);
      expect(second.symbol_count).toBe(0);
    });

    it('inserts at a given position and shifts the later siblings', async () => {
      await createGroup(alice, 'First', [], { position: 0 });
      expect(await childrenOf(null)).toEqual(['First', 'Majors', 'Alts']);
      await createGroup(alice, 'Beyond', [], { position: 400 });
      expect(await childrenOf(null)).toEqual(['First', 'Majors', 'Alts', 'Beyond']);
      const positions = (await all()).filter((g) => g.node_id === null).map((g) => g.position).sort();
      expect(positions).toEqual([0, 1, 2, 3]);
    });

    it('refuses unknown symbols and markets by name and position, writing nothing', async () => {
      const before = (await all()).length;
      const res = await alice.post(`${R}/create_group`, {
        name: 'Bad',
        symbols: [
          { market: 'crypto', symbol: 'BTCUSDT' },
          { market: 'crypto', symbol: 'BTCUSD' },
          { market: 'nasdaq', symbol: 'AAPL' },
        ],
      });
      expect(res.status).toBe(422);
      expect(locs(res)).toEqual(['body.symbols.1.symbol', 'body.symbols.2.market']);
      expect(msgs(res)).toEqual(['unknown symbol "BTCUSD" in market "crypto"', 'unknown market "nasdaq"']);
      expect((await all()).length).toBe(before);
    });

    it('answers 422 naming the field for a bad body, and an unknown field by name', async () => {
      const empty = await alice.post(`${R}/create_group`, { name: '' });
      expect(empty.status).toBe(422);
      expect(locs(empty)).toEqual(['body.name']);
      const extra = await alice.post(`${R}/create_group`, { name: 'x', colour: 'red' });
      expect(extra.status).toBe(422);
      expect(locs(extra)).toEqual(['body.colour']);
    });

    it("refuses another user's group as the parent (404)", async () => {
      const bobs = await createGroup(bob, 'Bob top');
      const res = await alice.post(`${R}/create_group`, { name: 'Sneaky', node_id: bobs.id });
      expect(res.status).toBe(404);
      expect(await childrenOf(bobs.id, bob)).toEqual([]);
    });

    it('needs a signed-in user', async () => {
      expect((await t.call('GET', `${R}/list_groups`)).status).toBe(401);
    });
  });

  describe('folders through node_id', () => {
    let folder: G;
    let child: G;
    let grandchild: G;
    beforeAll(async () => {
      folder = await createGroup(alice, 'Folder');
      child = await createGroup(alice, 'Child', ['BTCUSDT'], { node_id: folder.id });
      grandchild = await createGroup(alice, 'Grandchild', [], { node_id: child.id });
    });

    it('lists the whole tree, children after their parents, optionally with symbols', async () => {
      const list = GroupList.parse(await ok(alice.get(`${R}/list_groups`)));
      expect(list.count).toBe(list.data.length);
      expect(list.data.every((g) => g.symbols === undefined)).toBe(true);
      const names = list.data.map((g) => g.name);
      expect(names.indexOf('Folder')).toBeLessThan(names.indexOf('Child'));
      expect(names.indexOf('Child')).toBeLessThan(names.indexOf('Grandchild'));
      const withSymbols = GroupList.parse(await ok(alice.get(`${R}/list_groups`, { include_symbols: true })));
      expect(withSymbols.data.find((g) => g.id === child.id)!.symbols!.map((s) => s.symbol)).toEqual(['BTCUSDT']);
      expect(withSymbols.data.find((g) => g.id === folder.id)!.symbols).toEqual([]);
    });

    it('refuses to move a group into itself or its own sub-groups (422), changing nothing', async () => {
      for (const target of [folder.id, grandchild.id]) {
        const res = await alice.put(`${R}/update_group`, { id: folder.id, node_id: target });
        expect(res.status).toBe(422);
        expect(locs(res)).toEqual(['body.node_id']);
      }
      expect((await all()).find((g) => g.id === folder.id)!.node_id).toBeNull();
    });

    it('moves a group under another and closes the gap it left', async () => {
      const moved = await ok(alice.put(`${R}/update_group`, { id: grandchild.id, node_id: folder.id, position: 0 }));
      expect(moved).toMatchObject({ node_id: folder.id, position: 0 });
      expect(await childrenOf(folder.id)).toEqual(['Grandchild', 'Child']);
      expect(await childrenOf(child.id)).toEqual([]);
      const back = await ok(alice.put(`${R}/update_group`, { id: grandchild.id, node_id: child.id }));
      expect(back).toMatchObject({ node_id: child.id, position: 0 });
      expect((await all()).find((g) => g.id === child.id)!.position).toBe(0);
    });

    it('renames and reorders among siblings', async () => {
      const top = await childrenOf(null);
      const last = (await all()).find((g) => g.name === top.at(-1))!;
      const renamed = await ok(alice.put(`${R}/update_group`, { id: last.id, name: 'Now first', position: 0 }));
      expect(renamed).toMatchObject({ name: 'Now first', position: 0 });
      expect(await childrenOf(null)).toEqual(['Now first', ...top.slice(0, -1)]);
    });

    it('deleting a folder moves its children up into its place unless recursive', async () => {
      const outer = await createGroup(alice, 'Outer');
      const inner = await createGroup(alice, 'Inner', [], { node_id: outer.id });
      await createGroup(alice, 'Inner A', [], { node_id: inner.id });
      await createGroup(alice, 'Inner B', [], { node_id: inner.id });
      await createGroup(alice, 'Inner after', [], { node_id: outer.id });

      const res = await alice.del(`${R}/delete_group`, { group_id: inner.id });
      expect(res.status).toBe(200);
      expect(await childrenOf(outer.id)).toEqual(['Inner A', 'Inner B', 'Inner after']);

      const before = (await all()).length;
      await ok(alice.del(`${R}/delete_group`, { group_id: outer.id, recursive: true }));
      expect((await all()).length).toBe(before - 4);
      expect((await all()).some((g) => g.name.startsWith('Inner'))).toBe(false);
    });
  });

  describe('symbols of a group', () => {
    let group: G;
    beforeAll(async () => {
      group = await createGroup(alice, 'Symbols', ['BTCUSDT', 'ETHUSDT']);
    });

    it('appends new symbols and skips ones already in the group', async () => {
      const res = await alice.post(`${R}/add_group_symbols`, { symbols: [{ market: 'crypto', symbol: 'ETHUSDT' }, { market: 'crypto', symbol: 'SOLUSDT' }] }, { group_id: group.id });
      expect(res.status).toBe(200);
      expect(res.body.symbol_count).toBe(3);
      expect(await symbolsOf(group.id)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
      const list = GroupSymbolList.parse(await ok(alice.get(`${R}/list_group_symbols`, { group_id: group.id })));
      expect(list.data.map((s) => s.position)).toEqual([0, 1, 2]);
    });

    it('refuses an unknown symbol by name when adding, adding nothing', async () => {
      const res = await alice.post(`${R}/add_group_symbols`, { symbols: [{ market: 'crypto', symbol: 'XRPUSDT' }, { market: 'crypto', symbol: 'NOPEUSDT' }] }, { group_id: group.id });
      expect(res.status).toBe(422);
      expect(locs(res)).toEqual(['body.symbols.1.symbol']);
      expect(await symbolsOf(group.id)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
    });

    it('replaces the list in the given order, and may empty it', async () => {
      const replaced = await ok(alice.put(`${R}/update_group_symbols`, { symbols: [{ market: 'crypto', symbol: 'SOLUSDT' }, { market: 'crypto', symbol: 'BTCUSDT' }] }, { group_id: group.id }));
      expect(replaced.symbols.map((s: { symbol: string }) => s.symbol)).toEqual(['SOLUSDT', 'BTCUSDT']);
      const emptied = await ok(alice.put(`${R}/update_group_symbols`, { symbols: [] }, { group_id: group.id }));
      expect(emptied).toMatchObject({ symbol_count: 0, symbols: [] });
    });

    it('removes symbols of a market, ignores ones not held, and closes up the order', async () => {
      await ok(alice.put(`${R}/update_group_symbols`, { symbols: ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT'].map((symbol) => ({ market: 'crypto', symbol })) }, { group_id: group.id }));
      const res = await alice.del(`${R}/delete_group_symbols`, { group_id: group.id, market: 'crypto', symbols: 'ETHUSDT,DOGEUSDT,BTCUSDT' });
      expect(res.status).toBe(200);
      expect(res.body.symbols.map((s: { symbol: string; position: number }) => [s.symbol, s.position])).toEqual([
        ['SOLUSDT', 0],
        ['XRPUSDT', 1],
      ]);
    });

    it('lists every symbol of the user once with the groups that hold it, filterable by market', async () => {
      const other = await createGroup(alice, 'Also SOL', ['SOLUSDT']);
      const related = RelatedSymbolList.parse(await ok(alice.get(`${R}/list_symbols`)));
      const sol = related.data.find((s) => s.market === 'crypto' && s.symbol === 'SOLUSDT')!;
      expect(sol.group_ids.sort()).toEqual([group.id, other.id].sort());
      expect(related.data.filter((s) => s.symbol === 'SOLUSDT')).toHaveLength(1);
      expect(related.data.some((s) => s.market === 'tse')).toBe(true);
      const cryptoOnly = await ok(alice.get(`${R}/list_symbols`, { market: 'crypto' }));
      expect(cryptoOnly.data.every((s: { market: string }) => s.market === 'crypto')).toBe(true);
      expect(cryptoOnly.count).toBe(related.data.filter((s) => s.market === 'crypto').length);
      // Bob sees only his own (he has one empty group).
      expect((await ok(bob.get(`${R}/list_symbols`))).count).toBe(0);
    });
  });

  describe("another user's groups", () => {
    it('answer 404 to every call and never show up in lists', async () => {
      const mine = await createGroup(alice, 'Private', ['BTCUSDT']);
      const calls = [
        bob.get(`${R}/list_group_symbols`, { group_id: mine.id }),
        bob.put(`${R}/update_group`, { id: mine.id, name: 'Taken' }),
        bob.del(`${R}/delete_group`, { group_id: mine.id }),
        bob.post(`${R}/add_group_symbols`, { symbols: [{ market: 'crypto', symbol: 'ETHUSDT' }] }, { group_id: mine.id }),
        bob.put(`${R}/update_group_symbols`, { symbols: [] }, { group_id: mine.id }),
        bob.del(`${R}/delete_group_symbols`, { group_id: mine.id, market: 'crypto', symbols: 'BTCUSDT' }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ detail: 'Group not found' });
      }
      expect((await all(bob)).some((g) => g.id === mine.id)).toBe(false);
      expect(await symbolsOf(mine.id)).toEqual(['BTCUSDT']);
      expect((await all()).find((g) => g.id === mine.id)!.name).toBe('Private');
    });

    it("refuses moving a group under another user's group (404)", async () => {
      const mine = await createGroup(alice, 'Mover');
      const bobs = await createGroup(bob, 'Bob folder');
      const res = await alice.put(`${R}/update_group`, { id: mine.id, node_id: bobs.id });
      expect(res.status).toBe(404);
      expect((await all()).find((g) => g.id === mine.id)!.node_id).toBeNull();
    });
  });
});
