import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OwnSubscriptionList,
  RelatedSymbolList,
  Subscription,
  SubscriptionLink,
  SubscriptionSummaryList,
} from '../../contract/signals/relations';
import { as, builtinId, createGroup, createPortfolio, createSubscription, EMA_BODY, locs, ok, R, score, type Client } from './signals/fixtures';
import { startTestServer, type TestServer } from './support/testServer';

describe('subscriptions and their links to portfolios', () => {
  let t: TestServer;
  let alice: Client;
  let bob: Client;
  let emaId: number;
  let majors: { id: number };
  let alts: { id: number };
  beforeAll(async () => {
    t = await startTestServer();
    alice = as(t, (await t.createUser('alice.subs@bazaar.test')).token);
    bob = as(t, (await t.createUser('bob.subs@bazaar.test')).token);
    emaId = await builtinId(alice);
    majors = await createGroup(alice, 'Majors', ['BTCUSDT', 'ETHUSDT']);
    alts = await createGroup(alice, 'Alts', ['SOLUSDT', 'ETHUSDT']);
  });
  afterAll(async () => t?.close());

  const ownCount = async (c: Client = alice) => (await ok(c.get(`${R}/get_own_subscriptions`))).count as number;

  describe('creating', () => {
    it('subscribes groups to a strategy on a timeframe, with the documented defaults', async () => {
      const res = await alice.post(`${R}/create_subscription`, { name: 'EMA hourly', strategy_id: emaId, timeframe: '1h', group_ids: [majors.id, alts.id] });
      expect(res.status).toBe(200);
      const sub = Subscription.parse(res.body);
      expect(sub).toMatchObject({
        name: 'EMA hourly',
        listing_level: 50,
        confirmation_mode: 20,
        is_active: true,
        strategy_id: emaId,
        strategy_name: 'EMA cross + RSI',
        timeframe: '1h',
        group_ids: [majors.id, alts.id],
        last_scored_at: null,
      });
    });

    it("refuses another user's group or strategy and a missing strategy (404), writing nothing", async () => {
      const before = await ownCount();
      const bobsGroup = await createGroup(bob, 'Bob group', ['BTCUSDT']);
      const bobsStrategy = await ok(bob.post('/api/strategy/', { name: 'Bob only', body: EMA_BODY }));
      const cases = [
        { strategy_id: emaId, group_ids: [majors.id, bobsGroup.id] },
        { strategy_id: bobsStrategy.id, group_ids: [majors.id] },
        { strategy_id: 999_999, group_ids: [majors.id] },
      ];
      for (const body of cases) {
        const res = await alice.post(`${R}/create_subscription`, { name: 'Nope', timeframe: '1h', ...body });
        expect(res.status).toBe(404);
      }
      expect(await ownCount()).toBe(before);
    });

    it('refuses an unknown timeframe, a level out of range and repeated groups (422 naming each field)', async () => {
      const res = await alice.post(`${R}/create_subscription`, {
        name: 'Bad',
        strategy_id: emaId,
        timeframe: '7m',
        listing_level: 101,
        group_ids: [majors.id, majors.id],
      });
      expect(res.status).toBe(422);
      expect(locs(res).sort()).toEqual(['body.group_ids', 'body.listing_level', 'body.timeframe']);
      const noGroups = await alice.post(`${R}/create_subscription`, { name: 'Bad', strategy_id: emaId, timeframe: '1h', group_ids: [] });
      expect(locs(noGroups)).toEqual(['body.group_ids']);
    });
  });

  describe('reading and changing', () => {
    let sub: { id: number };
    beforeAll(async () => {
      sub = await createSubscription(alice, [majors.id], { name: 'Daily', timeframe: '1d', listing_level: 70, confirmation_mode: 10 });
    });

    it('gets a subscription by id; another user gets 404', async () => {
      expect(Subscription.parse(await ok(alice.get(`${R}/get_subscription`, { subscription_id: sub.id })))).toMatchObject({ name: 'Daily', confirmation_mode: 10 });
      expect((await bob.get(`${R}/get_subscription`, { subscription_id: sub.id })).status).toBe(404);
    });

    it('updates only the fields given; group_ids replaces the list', async () => {
      const updated = await ok(alice.put(`${R}/update_subscription`, { id: sub.id, is_active: false, group_ids: [alts.id, majors.id] }));
      expect(updated).toMatchObject({ name: 'Daily', timeframe: '1d', listing_level: 70, is_active: false, group_ids: [alts.id, majors.id] });
      const macd = await builtinId(alice, 'MACD');
      const moved = await ok(alice.put(`${R}/update_subscription`, { id: sub.id, strategy_id: macd, timeframe: '4h' }));
      expect(moved).toMatchObject({ strategy_id: macd, strategy_name: 'MACD', timeframe: '4h', group_ids: [alts.id, majors.id] });
    });

    it("refuses an update naming another user's group or a bad timeframe, changing nothing", async () => {
      const bobsGroup = await createGroup(bob, 'Bob second', ['BTCUSDT']);
      expect((await alice.put(`${R}/update_subscription`, { id: sub.id, group_ids: [bobsGroup.id] })).status).toBe(404);
      expect((await alice.put(`${R}/update_subscription`, { id: sub.id, timeframe: '2d' })).status).toBe(422);
      expect((await bob.put(`${R}/update_subscription`, { id: sub.id, name: 'Mine' })).status).toBe(404);
      expect(await ok(alice.get(`${R}/get_subscription`, { subscription_id: sub.id }))).toMatchObject({ name: 'Daily', timeframe: '4h', group_ids: [alts.id, majors.id] });
    });

    it("lists the symbols a subscription covers: its groups' symbols once each", async () => {
      const symbols = RelatedSymbolList.parse(await ok(alice.get(`${R}/get_subscription_symbols`, { subscription_id: sub.id })));
      expect(symbols.data.map((s) => [s.symbol, s.group_ids.sort()])).toEqual([
        ['BTCUSDT', [majors.id]],
        ['ETHUSDT', [majors.id, alts.id].sort()],
        ['SOLUSDT', [alts.id]],
      ]);
      expect((await bob.get(`${R}/get_subscription_symbols`, { subscription_id: sub.id })).status).toBe(404);
    });

    it('stops covering a deleted group', async () => {
      const temp = await createGroup(alice, 'Temporary', ['XRPUSDT']);
      const covering = await createSubscription(alice, [majors.id, temp.id], { name: 'Covers temp' });
      await ok(alice.del(`${R}/delete_group`, { group_id: temp.id }));
      expect((await ok(alice.get(`${R}/get_subscription`, { subscription_id: covering.id }))).group_ids).toEqual([majors.id]);
      const symbols = await ok(alice.get(`${R}/get_subscription_symbols`, { subscription_id: covering.id }));
      expect(symbols.data.map((s: { symbol: string }) => s.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
    });

    it('reports the close time of the last scored candle', async () => {
      const fresh = await createSubscription(alice, [majors.id], { name: 'Scored' });
      const at = Date.parse('2024-05-01T10:00:00Z');
      await t.server.app.ctx.services.scores.insertScores([score(fresh.id, 'BTCUSDT', at, 10), score(fresh.id, 'ETHUSDT', at + 3_600_000, 20)]);
      expect((await ok(alice.get(`${R}/get_subscription`, { subscription_id: fresh.id }))).last_scored_at).toBe(at + 3_600_000);
    });
  });

  describe('links to portfolios', () => {
    let sub: { id: number };
    let portfolio: { id: number; name: string };
    let link: SubscriptionLink;
    beforeAll(async () => {
      sub = await createSubscription(alice, [majors.id], { name: 'Linked' });
      portfolio = await createPortfolio(alice, { name: 'Paper one' });
    });

    it('links a subscription to a portfolio, confirmation on by default', async () => {
      const res = await alice.post(`${R}/create_subscription_link`, { subscription_id: sub.id, portfolio_id: portfolio.id });
      expect(res.status).toBe(200);
      link = SubscriptionLink.parse(res.body);
      expect(link).toMatchObject({ subscription_id: sub.id, portfolio_id: portfolio.id, is_active: true, confirmation: true });
    });

    it('refuses linking twice (409)', async () => {
      const res = await alice.post(`${R}/create_subscription_link`, { subscription_id: sub.id, portfolio_id: portfolio.id, confirmation: false });
      expect(res.status).toBe(409);
      expect(res.body.detail).toContain('Paper one');
    });

    it("refuses another user's portfolio or subscription (404)", async () => {
      const bobsPortfolio = await createPortfolio(bob);
      expect((await alice.post(`${R}/create_subscription_link`, { subscription_id: sub.id, portfolio_id: bobsPortfolio.id })).status).toBe(404);
      expect((await bob.post(`${R}/create_subscription_link`, { subscription_id: sub.id, portfolio_id: bobsPortfolio.id })).status).toBe(404);
      expect((await ok(alice.get(`${R}/get_subscription_links`, { subscription_id: sub.id }))).count).toBe(1);
    });

    it('turns confirmation and the active status on and off; another user gets 404', async () => {
      const unconfirmed = await ok(alice.put(`${R}/set_subscription_link_confirmation`, { link_id: link.id, confirmation: false }));
      expect(unconfirmed).toMatchObject({ id: link.id, confirmation: false, is_active: true });
      const paused = await ok(alice.put(`${R}/set_subscription_link_active_status`, { link_id: link.id, is_active: false }));
      expect(paused).toMatchObject({ confirmation: false, is_active: false });
      expect((await bob.put(`${R}/set_subscription_link_active_status`, { link_id: link.id, is_active: true })).status).toBe(404);
      expect((await bob.put(`${R}/set_subscription_link_confirmation`, { link_id: link.id, confirmation: true })).status).toBe(404);
      expect((await bob.del(`${R}/delete_subscription_link`, { link_id: link.id })).status).toBe(404);
      const links = await ok(alice.get(`${R}/get_subscription_links`, { subscription_id: sub.id }));
      expect(links.data).toEqual([expect.objectContaining({ id: link.id, is_active: false, confirmation: false })]);
    });

    it('lists own subscriptions in full with their links', async () => {
      const own = OwnSubscriptionList.parse(await ok(alice.get(`${R}/get_own_subscriptions`)));
      expect(own.count).toBe(own.data.length);
      expect(own.data.find((s) => s.id === sub.id)!.links.map((l) => l.id)).toEqual([link.id]);
      expect(own.data.filter((s) => s.id !== sub.id).every((s) => s.links.length === 0)).toBe(true);
      expect((await ok(bob.get(`${R}/get_own_subscriptions`))).count).toBe(0);
    });

    it('lists summaries filtered by portfolio, activity, strategy and timeframe', async () => {
      const linked = SubscriptionSummaryList.parse(await ok(alice.get(`${R}/get_subscription_list`, { portfolio_id: portfolio.id })));
      expect(linked.data.map((s) => s.id)).toEqual([sub.id]);
      expect(Object.keys(linked.data[0]!).sort()).toEqual(['id', 'is_active', 'listing_level', 'name', 'strategy_id', 'strategy_name', 'timeframe']);
      const all = await ok(alice.get(`${R}/get_subscription_list`));
      const daily = await ok(alice.get(`${R}/get_subscription_list`, { timeframe: '4h' }));
      expect(daily.data.map((s: { name: string }) => s.name)).toEqual(['Daily']);
      const inactive = await ok(alice.get(`${R}/get_subscription_list`, { is_active: false }));
      expect(inactive.data.map((s: { name: string }) => s.name)).toEqual(['Daily']);
      const ema = await ok(alice.get(`${R}/get_subscription_list`, { strategy_id: emaId }));
      expect(ema.count).toBe(all.count - 1);
      const bobsPortfolio = await createPortfolio(bob, { name: 'Bob second' });
      expect((await alice.get(`${R}/get_subscription_list`, { portfolio_id: bobsPortfolio.id })).status).toBe(404);
    });

    it('deletes a link; a deleted subscription takes its links and scores with it', async () => {
      const second = await createPortfolio(alice, { name: 'Paper two' });
      const other = await ok(alice.post(`${R}/create_subscription_link`, { subscription_id: sub.id, portfolio_id: second.id }));
      expect(await ok(alice.del(`${R}/delete_subscription_link`, { link_id: link.id }))).toEqual({ msg: 'Subscription link deleted' });
      expect((await ok(alice.get(`${R}/get_subscription_links`, { subscription_id: sub.id }))).data.map((l: { id: number }) => l.id)).toEqual([other.id]);

      await t.server.app.ctx.services.scores.insertScores([score(sub.id, 'BTCUSDT', Date.parse('2024-05-01T00:00:00Z'), 30)]);
      expect((await bob.del(`${R}/delete_subscription`, { subscription_id: sub.id })).status).toBe(404);
      expect(await ok(alice.del(`${R}/delete_subscription`, { subscription_id: sub.id }))).toEqual({ msg: 'Subscription deleted' });
      expect((await alice.get(`${R}/get_subscription`, { subscription_id: sub.id })).status).toBe(404);
      expect((await ok(alice.get(`${R}/get_subscription_list`, { portfolio_id: second.id }))).count).toBe(0);
      const db = t.server.app.ctx.db;
      expect(await db.selectFrom('subscription_links').selectAll().where('subscription_id', '=', sub.id).execute()).toEqual([]);
      expect(await db.selectFrom('scores').selectAll().where('subscription_id', '=', sub.id).execute()).toEqual([]);
      expect(await db.selectFrom('latest_scores').selectAll().where('subscription_id', '=', sub.id).execute()).toEqual([]);
    });

    it('a deleted portfolio takes its links with it', async () => {
      const s = await createSubscription(alice, [majors.id], { name: 'Link to doomed' });
      const doomed = await createPortfolio(alice, { name: 'Doomed' });
      await ok(alice.post(`${R}/create_subscription_link`, { subscription_id: s.id, portfolio_id: doomed.id }));
      await ok(alice.del(`/api/portfolio/${doomed.id}`));
      expect((await ok(alice.get(`${R}/get_subscription_links`, { subscription_id: s.id }))).count).toBe(0);
    });
  });
});
