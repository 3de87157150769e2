import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Strategy, StrategyList } from '../../contract/signals/strategies';
import { StrategyBody as BodySchema } from '../../contract/signals/strategy-body';
import { as, builtinId, createGroup, createSubscription, EMA_BODY, locs, msgs, ok, R, type Client } from './signals/fixtures';
import { startTestServer, type TestServer } from './support/testServer';

const S = '/api/strategy';

describe('strategies', () => {
  let t: TestServer;
  let admin: Client;
  let alice: Client;
  let bob: Client;
  beforeAll(async () => {
    t = await startTestServer();
    admin = as(t, await t.adminToken());
    alice = as(t, (await t.createUser('alice.strategies@bazaar.test')).token);
    bob = as(t, (await t.createUser('bob.strategies@bazaar.test')).token);
  });
  afterAll(async () => t?.close());

  const count = async (c: Client, scope = 'own') => (await ok(c.get(S, { scope }))).count as number;

  describe('built-ins', () => {
    it('seeds the four built-in strategies, readable by every user with valid bodies', async () => {
      const list = StrategyList.parse(await ok(alice.get(S, { scope: 'builtin' })));
      expect(list.data.map((s) => s.name)).toEqual(['EMA cross + RSI', 'RSI reversion', 'MACD', 'Bollinger breakout']);
      expect(list.data.every((s) => s.is_builtin && s.owner_id === null && s.version === 1)).toBe(true);
      for (const summary of list.data) {
        const full = Strategy.parse(await ok(alice.get(`${S}/${summary.id}`)));
        expect(BodySchema.safeParse(full.body).success).toBe(true);
        expect(full.description).toMatch(/[\u0600-\u06FF]/); // Persian line first, then English
      }
      const ema = await ok(alice.get(`${S}/${list.data[0]!.id}`));
      expect(ema.body.rules.map((r: { name: string }) => r.name)).toEqual(['trend_up', 'trend_down', 'oversold', 'overbought']);
    });

    it('refuses a user changing or deleting a built-in (403), and lets an admin edit one (a new version)', async () => {
      const id = await builtinId(alice, 'MACD');
      expect((await alice.put(`${S}/${id}`, { name: 'Mine now' })).status).toBe(403);
      expect((await alice.del(`${S}/${id}`)).status).toBe(403);
      const before = await ok(alice.get(`${S}/${id}`));
      const edited = await ok(admin.put(`${S}/${id}`, { body: { ...before.body, entry: 70 } }));
      expect(edited).toMatchObject({ version: 2, is_builtin: true, name: 'MACD' });
      expect(edited.body.entry).toBe(70);
      const old = await ok(alice.get(`${S}/${id}`, { version: 1 }));
      expect(old.body.entry).toBe(before.body.entry);
    });

    it('seeding again leaves the built-ins (and an admin edit) as they are', async () => {
      const id = await builtinId(alice, 'MACD');
      await t.server.app.ctx.services.strategies.seed();
      expect(await count(alice, 'builtin')).toBe(4);
      expect((await ok(alice.get(`${S}/${id}`))).version).toBe(2);
    });
  });

  describe("a user's own strategies", () => {
    it('creates at version 1 and returns the body with defaults filled in', async () => {
      const res = await alice.post(S, { name: 'Mine', description: 'fast vs slow', timeframe: '4h', body: EMA_BODY });
      expect(res.status).toBe(200);
      const strategy = Strategy.parse(res.body);
      expect(strategy).toMatchObject({ name: 'Mine', owner_id: expect.any(Number), is_builtin: false, version: 1, timeframe: '4h' });
      expect(strategy.body!.indicators.fast).toEqual({ type: 'ema', period: 12, source: 'close' });
    });

    it('lists built-ins and own by scope, without bodies; relations.list_strategies lists both', async () => {
      const all = StrategyList.parse(await ok(alice.get(S)));
      expect(all.count).toBe(5);
      expect(all.data.slice(0, 4).every((s) => s.is_builtin)).toBe(true);
      expect(all.data.every((s) => !('body' in s))).toBe(true);
      expect((await ok(alice.get(S, { scope: 'own' }))).data.map((s: { name: string }) => s.name)).toEqual(['Mine']);
      const page = await ok(alice.get(S, { skip: 3, limit: 1 }));
      expect(page).toMatchObject({ count: 5, data: [{ name: 'Bollinger breakout' }] });
      const forPicker = await ok(alice.get(`${R}/list_strategies`));
      expect(forPicker.data.map((s: { name: string }) => s.name)).toEqual(all.data.map((s) => s.name));
    });

    it('with_body=false leaves the body out', async () => {
      const [mine] = (await ok(alice.get(S, { scope: 'own' }))).data;
      const res = await ok(alice.get(`${S}/${mine.id}`, { with_body: false }));
      expect(res).not.toHaveProperty('body');
      expect(res.name).toBe('Mine');
    });

    it('versions a body change, keeps the old body readable, and keeps the version for other edits', async () => {
      const created = await ok(alice.post(S, { name: 'Versioned', body: EMA_BODY }));
      const renamed = await ok(alice.put(`${S}/${created.id}`, { name: 'Renamed', description: null }));
      expect(renamed).toMatchObject({ version: 1, name: 'Renamed', description: null });
      const sameBody = await ok(alice.put(`${S}/${created.id}`, { body: EMA_BODY }));
      expect(sameBody.version).toBe(1);
      const changed = await ok(alice.put(`${S}/${created.id}`, { body: { ...EMA_BODY, entry: 80 } }));
      expect(changed.version).toBe(2);
      expect(changed.body.entry).toBe(80);
      const v1 = await ok(alice.get(`${S}/${created.id}`, { version: 1 }));
      expect(v1).toMatchObject({ version: 1, name: 'Renamed' });
      expect(v1.body.entry).toBe(50);
      expect((await ok(alice.get(`${S}/${created.id}`))).version).toBe(2);
      const missing = await alice.get(`${S}/${created.id}`, { version: 3 });
      expect(missing.status).toBe(404);
    });

    it("answers 404 for another user's strategy, whatever the call, and never lists it", async () => {
      const mine = await ok(alice.post(S, { name: 'Secret', body: EMA_BODY }));
      for (const res of [
        await bob.get(`${S}/${mine.id}`),
        await bob.put(`${S}/${mine.id}`, { name: 'Stolen' }),
        await bob.del(`${S}/${mine.id}`),
        await admin.get(`${S}/${mine.id}`),
      ]) {
        expect(res.status).toBe(404);
      }
      expect((await ok(bob.get(S))).data.some((s: { id: number }) => s.id === mine.id)).toBe(false);
      expect((await ok(alice.get(`${S}/${mine.id}`))).name).toBe('Secret');
    });

    it('deletes its own strategy', async () => {
      const doomed = await ok(alice.post(S, { name: 'Doomed', body: EMA_BODY }));
      expect(await ok(alice.del(`${S}/${doomed.id}`))).toEqual({ msg: 'Strategy deleted' });
      expect((await alice.get(`${S}/${doomed.id}`)).status).toBe(404);
    });

    it('refuses to delete a strategy a subscription uses (409 naming it) until the subscription goes', async () => {
      const used = await ok(alice.post(S, { name: 'In use', body: EMA_BODY }));
      const group = await createGroup(alice, 'For the sub', ['BTCUSDT']);
      const sub = await createSubscription(alice, [group.id], { name: 'Uses it', strategy_id: used.id });
      const refused = await alice.del(`${S}/${used.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toContain(`"Uses it" (id ${sub.id})`);
      expect((await alice.get(`${S}/${used.id}`)).status).toBe(200);
      await ok(alice.del(`${R}/delete_subscription`, { subscription_id: sub.id }));
      expect((await alice.del(`${S}/${used.id}`)).status).toBe(200);
    });

    it('a built-in in use cannot be deleted even by an admin', async () => {
      const id = await builtinId(alice, 'RSI reversion');
      const group = await createGroup(alice, 'RSI group', ['ETHUSDT']);
      await createSubscription(alice, [group.id], { name: 'RSI sub', strategy_id: id });
      const res = await admin.del(`${S}/${id}`);
      expect(res.status).toBe(409);
      expect(res.body.detail).toContain('"RSI sub"');
    });
  });

  describe('bodies that do not validate', () => {
    const post = (body: unknown) => alice.post(S, { name: 'Bad', body });

    it('points at the bad reference: rules[2].when[1]: unknown indicator "emaa", and saves nothing', async () => {
      const before = await count(alice);
      const res = await post({
        ...EMA_BODY,
        rules: [...EMA_BODY.rules, { name: 'third', when: ['gt', 'emaa', 3], score: 10 }],
      });
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([{ loc: ['body', 'body', 'rules', 2, 'when', 1], msg: 'unknown indicator "emaa"', type: 'custom' }]);
      expect(await count(alice)).toBe(before);
    });

    it('lists every error in one answer, each at its path, nested expressions included', async () => {
      const res = await post({
        version: 1,
        indicators: { fast: { type: 'emaa', period: 12 }, macd: { type: 'macd' } },
        rules: [
          { name: 'a', when: ['and', ['gt', 'macd.signal', {}], ['lt', 'macd.nope', 3]], score: 10 },
          { name: 'total', when: ['gtx', 'macd', 1], score: 500 },
        ],
        entry: -10,
        exit: 10,
      });
      expect(res.status).toBe(422);
      expect(locs(res).sort()).toEqual(
        [
          'body.body.indicators.fast.type',
          'body.body.rules.0.when.1.2',
          'body.body.rules.0.when.2.1',
          'body.body.rules.1.when.0',
          'body.body.rules.1.score',
          'body.body.rules.1.name',
          'body.body.exit',
        ].sort(),
      );
      const byLoc = Object.fromEntries(res.body.detail.map((d: { loc: string[]; msg: string }) => [d.loc.join('.'), d.msg]));
      expect(byLoc['body.body.rules.0.when.2.1']).toBe('unknown output "nope" of indicator "macd"; macd has line, signal, histogram');
      expect(byLoc['body.body.rules.0.when.1.2']).toBe('must be an indicator name, a number or a nested expression');
      expect(byLoc['body.body.exit']).toBe('exit must be below entry');
    });

    it('names unknown fields of the body by path', async () => {
      const res = await post({ ...EMA_BODY, colour: 'red' });
      expect(res.status).toBe(422);
      expect(locs(res)).toEqual(['body.body.colour']);
      expect(msgs(res)).toEqual(['unknown field']);
    });

    it('refuses an invalid body on update too, keeping the version and body', async () => {
      const mine = await ok(alice.post(S, { name: 'Stable', body: EMA_BODY }));
      const res = await alice.put(`${S}/${mine.id}`, { body: { ...EMA_BODY, rules: [{ name: 'x', when: ['cross_above', 'fast'], score: 10 }] } });
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([{ loc: ['body', 'body', 'rules', 0, 'when'], msg: 'cross_above takes 2 operands, got 1', type: 'custom' }]);
      const after = Strategy.parse(await ok(alice.get(`${S}/${mine.id}`)));
      expect(after.version).toBe(1);
      expect(after.body!.rules).toHaveLength(2);
    });
  });

  describe('an admin deleting a built-in', () => {
    it('deletes one no subscription uses, and a restart does not seed it again', async () => {
      const id = await builtinId(alice, 'Bollinger breakout');
      expect(await ok(admin.del(`${S}/${id}`))).toEqual({ msg: 'Strategy deleted' });
      expect((await alice.get(`${S}/${id}`)).status).toBe(404);
      await t.server.app.ctx.services.strategies.seed();
      const names = (await ok(alice.get(S, { scope: 'builtin' }))).data.map((s: { name: string }) => s.name);
      expect(names).toEqual(['EMA cross + RSI', 'RSI reversion', 'MACD']);
    });
  });
});
