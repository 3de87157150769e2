import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  OwnSubscriptionList,
  RelatedSymbolList,
  Subscription,
  SubscriptionCreate,
  SubscriptionLink,
  SubscriptionLinkCreate,
  SubscriptionLinkList,
  SubscriptionListQuery,
  SubscriptionSummaryList,
  SubscriptionUpdate,
} from '../../../contract/signals/relations';
import { isUniqueViolation } from '../../store/repositories/marketLists';
import { scoresRepository } from '../../store/repositories/scores';
import {
  subscriptionsRepository,
  toSubscription,
  toSubscriptionLink,
  type SubscriptionFilter,
  type SubscriptionWithName,
} from '../../store/repositories/subscriptions';
import type { Database } from '../../store/schema';
import { ConflictError, NotFoundError } from '../errors';
import type { PortfoliosService } from '../portfolios/portfoliosService';
import type { GroupsService } from './groupsService';
import type { Caller, StrategiesService } from './strategiesService';

type Db = Kysely<Database>;

/**
 * Subscriptions (groups × strategy × timeframe) and their links to portfolios. Everything is the
 * owner's: another user's subscription, group, link or portfolio answers 404. A subscription
 * keeps the strategy version it was made with (`strategy_version`, for the record); live scoring
 * always uses the strategy's newest version and each score records the version that produced it.
 */
export function createSubscriptionsService(deps: {
  db: Db;
  groups: GroupsService;
  strategies: StrategiesService;
  portfolios: PortfoliosService;
}) {
  const { db, groups, strategies, portfolios } = deps;

  async function owned(trx: Db, userId: number, id: number): Promise<SubscriptionWithName> {
    const row = await subscriptionsRepository.findOwned(trx, userId, id);
    if (!row) throw new NotFoundError('Subscription');
    return row;
  }

  /** Rows as the contract's subscriptions: with their group ids and the last candle scored. */
  async function present(trx: Db, rows: SubscriptionWithName[]): Promise<Subscription[]> {
    const ids = rows.map((row) => row.id);
    const [groupIds, lastScored] = await Promise.all([subscriptionsRepository.groupIds(trx, ids), scoresRepository.lastScoredTimes(trx, ids)]);
    return rows.map((row) => toSubscription(row, groupIds.get(row.id) ?? [], lastScored.get(row.id) ?? null));
  }

  async function one(trx: Db, userId: number, id: number): Promise<Subscription> {
    const [subscription] = await present(trx, [await owned(trx, userId, id)]);
    return subscription!;
  }

  async function ownedLink(trx: Db, userId: number, linkId: number) {
    const link = await subscriptionsRepository.findOwnedLink(trx, userId, linkId);
    if (!link) throw new NotFoundError('Subscription link');
    return link;
  }

  return {
    async get(userId: number, id: number): Promise<Subscription> {
      return one(db, userId, id);
    },

    /** The subscriptions screen: every subscription in full with its links. */
    async ownList(userId: number): Promise<OwnSubscriptionList> {
      const rows = await subscriptionsRepository.ofOwner(db, userId);
      const [subscriptions, links] = await Promise.all([present(db, rows), subscriptionsRepository.linksOf(db, rows.map((r) => r.id))]);
      const data = subscriptions.map((s) => ({
        ...s,
        links: links.filter((link) => link.subscription_id === s.id).map(toSubscriptionLink),
      }));
      return { data, count: data.length };
    },

    /** The short form, filtered; a `portfolio_id` that is not the user's answers 404. */
    async summaries(userId: number, query: z.output<typeof SubscriptionListQuery>): Promise<SubscriptionSummaryList> {
      if (query.portfolio_id !== undefined) await portfolios.owned(userId, query.portfolio_id);
      const filter: SubscriptionFilter = {
        isActive: query.is_active,
        strategyId: query.strategy_id,
        timeframe: query.timeframe,
        portfolioId: query.portfolio_id,
      };
      const rows = await subscriptionsRepository.ofOwner(db, userId, filter);
      const data = rows.map((row) => {
        const { id, name, strategy_id, strategy_name, timeframe, listing_level, is_active } = toSubscription(row, [], null);
        return { id, name, strategy_id, strategy_name, timeframe, listing_level, is_active };
      });
      return { data, count: data.length };
    },

    /** The symbols the subscription scores: those of its groups, once each. */
    async symbols(userId: number, id: number): Promise<RelatedSymbolList> {
      const row = await owned(db, userId, id);
      const groupIds = (await subscriptionsRepository.groupIds(db, [row.id])).get(row.id) ?? [];
      return groups.symbolsOfGroups(groupIds);
    },

    /** Missing or foreign strategy or group: 404; the engine scores from the next candle close. */
    async create(caller: Caller, body: z.output<typeof SubscriptionCreate>): Promise<Subscription> {
      return db.transaction().execute(async (trx) => {
        const strategy = await strategies.usable(caller, body.strategy_id, trx);
        await groups.requireOwned(caller.id, body.group_ids, trx);
        const { id } = await subscriptionsRepository.insert(
          trx,
          caller.id,
          {
            name: body.name,
            listing_level: body.listing_level,
            confirmation_mode: body.confirmation_mode,
            is_active: body.is_active ? 1 : 0,
            strategy_id: strategy.id,
            strategy_version: strategy.version,
            timeframe: body.timeframe,
          },
          Date.now(),
        );
        await subscriptionsRepository.setGroups(trx, id, body.group_ids);
        return one(trx, caller.id, id);
      });
    },

    /** Omitted fields keep their value; `group_ids` replaces the list. */
    async update(caller: Caller, body: z.output<typeof SubscriptionUpdate>): Promise<Subscription> {
      return db.transaction().execute(async (trx) => {
        const current = await owned(trx, caller.id, body.id);
        const strategy = body.strategy_id !== undefined ? await strategies.usable(caller, body.strategy_id, trx) : undefined;
        if (body.group_ids !== undefined) await groups.requireOwned(caller.id, body.group_ids, trx);
        await subscriptionsRepository.update(trx, current.id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.listing_level !== undefined ? { listing_level: body.listing_level } : {}),
          ...(body.confirmation_mode !== undefined ? { confirmation_mode: body.confirmation_mode } : {}),
          ...(body.is_active !== undefined ? { is_active: body.is_active ? 1 : 0 } : {}),
          ...(body.timeframe !== undefined ? { timeframe: body.timeframe } : {}),
          ...(strategy && strategy.id !== current.strategy_id ? { strategy_id: strategy.id, strategy_version: strategy.version } : {}),
          updated_at: Date.now(),
        });
        if (body.group_ids !== undefined) await subscriptionsRepository.setGroups(trx, current.id, body.group_ids);
        return one(trx, caller.id, current.id);
      });
    },

    /** Deletes it with its links, scores and signals; orders it already placed stay in their portfolios. */
    async delete(userId: number, id: number): Promise<{ msg: string }> {
      await db.transaction().execute(async (trx) => {
        const row = await owned(trx, userId, id);
        await subscriptionsRepository.delete(trx, row.id);
      });
      return { msg: 'Subscription deleted' };
    },

    // ---- links

    async links(userId: number, id: number): Promise<SubscriptionLinkList> {
      const row = await owned(db, userId, id);
      const links = await subscriptionsRepository.linksOf(db, [row.id]);
      return { data: links.map(toSubscriptionLink), count: links.length };
    },

    /** Both ends must be the user's (404 otherwise); linking twice is a 409. */
    async createLink(userId: number, body: z.output<typeof SubscriptionLinkCreate>): Promise<SubscriptionLink> {
      const subscription = await owned(db, userId, body.subscription_id);
      const portfolio = await portfolios.owned(userId, body.portfolio_id);
      try {
        const row = await subscriptionsRepository.insertLink(
          db,
          { subscription_id: subscription.id, portfolio_id: portfolio.id, is_active: body.is_active, confirmation: body.confirmation },
          Date.now(),
        );
        return toSubscriptionLink(row);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ConflictError(`Subscription "${subscription.name}" is already linked to portfolio "${portfolio.name}"`);
        }
        throw error;
      }
    },

    async deleteLink(userId: number, linkId: number): Promise<{ msg: string }> {
      await db.transaction().execute(async (trx) => {
        const link = await ownedLink(trx, userId, linkId);
        await subscriptionsRepository.deleteLink(trx, link.id);
      });
      return { msg: 'Subscription link deleted' };
    },

    async setLink(userId: number, linkId: number, change: { confirmation?: boolean; is_active?: boolean }): Promise<SubscriptionLink> {
      return db.transaction().execute(async (trx) => {
        const link = await ownedLink(trx, userId, linkId);
        const row = await subscriptionsRepository.updateLink(trx, link.id, {
          ...(change.confirmation !== undefined ? { confirmation: change.confirmation ? 1 : 0 } : {}),
          ...(change.is_active !== undefined ? { is_active: change.is_active ? 1 : 0 } : {}),
          updated_at: Date.now(),
        });
        return toSubscriptionLink(row);
      });
    },

    /** The user's subscriptions narrowed by a filter, as rows (for the score reads). */
    ofOwner: (userId: number, filter: SubscriptionFilter = {}) => subscriptionsRepository.ofOwner(db, userId, filter),
    owned: (userId: number, id: number) => owned(db, userId, id),
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
