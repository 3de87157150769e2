import type { Kysely } from 'kysely';
import type { Timeframe } from '../../../contract/codes';
import type { Subscription, SubscriptionLink } from '../../../contract/signals/relations';
import type { Database, SubscriptionLinkRow, SubscriptionRow } from '../schema';
import { toBool, toIso } from './times';

type Db = Kysely<Database>;

/** A subscription row with the strategy's name joined in. */
export type SubscriptionWithName = SubscriptionRow & { strategy_name: string };

export function toSubscription(row: SubscriptionWithName, groupIds: number[], lastScoredAt: number | null): Subscription {
  return {
    id: row.id,
    name: row.name,
    listing_level: row.listing_level,
    confirmation_mode: row.confirmation_mode as Subscription['confirmation_mode'],
    is_active: toBool(row.is_active),
    strategy_id: row.strategy_id,
    strategy_name: row.strategy_name,
    timeframe: row.timeframe as Timeframe,
    group_ids: groupIds,
    last_scored_at: lastScoredAt,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

export function toSubscriptionLink(row: SubscriptionLinkRow): SubscriptionLink {
  return {
    id: row.id,
    subscription_id: row.subscription_id,
    portfolio_id: row.portfolio_id,
    is_active: toBool(row.is_active),
    confirmation: toBool(row.confirmation),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

export interface SubscriptionFilter {
  ids?: number[];
  isActive?: boolean;
  strategyId?: number;
  timeframe?: string;
  /** Only those linked to this portfolio. */
  portfolioId?: number;
}

export interface SubscriptionFields {
  name: string;
  listing_level: number;
  confirmation_mode: number;
  is_active: number;
  strategy_id: number;
  strategy_version: number;
  timeframe: string;
}

/** Subscriptions, the groups each covers (in order) and their links to portfolios. */
export const subscriptionsRepository = {
  /** The owner's subscriptions, oldest first, narrowed by the filter. */
  ofOwner(db: Db, ownerId: number, filter: SubscriptionFilter = {}): Promise<SubscriptionWithName[]> {
    let query = db
      .selectFrom('subscriptions')
      .innerJoin('strategies', 'strategies.id', 'subscriptions.strategy_id')
      .selectAll('subscriptions')
      .select('strategies.name as strategy_name')
      .where('subscriptions.owner_id', '=', ownerId);
    if (filter.ids !== undefined) query = query.where('subscriptions.id', 'in', filter.ids.length > 0 ? filter.ids : [0]);
    if (filter.isActive !== undefined) query = query.where('subscriptions.is_active', '=', filter.isActive ? 1 : 0);
    if (filter.strategyId !== undefined) query = query.where('subscriptions.strategy_id', '=', filter.strategyId);
    if (filter.timeframe !== undefined) query = query.where('subscriptions.timeframe', '=', filter.timeframe);
    if (filter.portfolioId !== undefined) {
      const portfolioId = filter.portfolioId;
      query = query.where('subscriptions.id', 'in', (eb) =>
        eb.selectFrom('subscription_links').select('subscription_id').where('portfolio_id', '=', portfolioId),
      );
    }
    return query.orderBy('subscriptions.id').execute();
  },

  async findOwned(db: Db, ownerId: number, id: number): Promise<SubscriptionWithName | undefined> {
    const [row] = await subscriptionsRepository.ofOwner(db, ownerId, { ids: [id] });
    return row;
  },

  /** Every active subscription of every owner, oldest first: what the live engine scores. */
  allActive(db: Db): Promise<SubscriptionWithName[]> {
    return db
      .selectFrom('subscriptions')
      .innerJoin('strategies', 'strategies.id', 'subscriptions.strategy_id')
      .selectAll('subscriptions')
      .select('strategies.name as strategy_name')
      .where('subscriptions.is_active', '=', 1)
      .orderBy('subscriptions.id')
      .execute();
  },

  /** Every subscription (any owner) on a strategy: what a delete of it would orphan. */
  usingStrategy(db: Db, strategyId: number) {
    return db.selectFrom('subscriptions').select(['id', 'name', 'owner_id']).where('strategy_id', '=', strategyId).orderBy('id').execute();
  },

  insert(db: Db, ownerId: number, fields: SubscriptionFields, now: number) {
    return db
      .insertInto('subscriptions')
      .values({ ...fields, owner_id: ownerId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  async update(db: Db, id: number, change: Partial<SubscriptionFields> & { updated_at: number }) {
    await db.updateTable('subscriptions').set(change).where('id', '=', id).execute();
  },

  /** Deletes the subscription with its groups, links, scores and signals (FK cascade). */
  async delete(db: Db, id: number) {
    await db.deleteFrom('subscriptions').where('id', '=', id).execute();
  },

  // ---- covered groups

  /** Group ids of each subscription, in the order they were given. */
  async groupIds(db: Db, subscriptionIds: number[]): Promise<Map<number, number[]>> {
    const map = new Map<number, number[]>(subscriptionIds.map((id) => [id, []]));
    if (subscriptionIds.length === 0) return map;
    const rows = await db
      .selectFrom('subscription_groups')
      .select(['subscription_id', 'group_id'])
      .where('subscription_id', 'in', subscriptionIds)
      .orderBy('subscription_id')
      .orderBy('position')
      .execute();
    for (const row of rows) map.get(row.subscription_id)?.push(row.group_id);
    return map;
  },

  async setGroups(db: Db, subscriptionId: number, groupIds: number[]) {
    await db.deleteFrom('subscription_groups').where('subscription_id', '=', subscriptionId).execute();
    if (groupIds.length === 0) return;
    await db
      .insertInto('subscription_groups')
      .values(groupIds.map((group_id, position) => ({ subscription_id: subscriptionId, group_id, position })))
      .execute();
  },

  // ---- links to portfolios

  linksOf(db: Db, subscriptionIds: number[]) {
    if (subscriptionIds.length === 0) return Promise.resolve([] as SubscriptionLinkRow[]);
    return db.selectFrom('subscription_links').selectAll().where('subscription_id', 'in', subscriptionIds).orderBy('id').execute();
  },

  /** A link whose subscription the owner owns. */
  findOwnedLink(db: Db, ownerId: number, linkId: number) {
    return db
      .selectFrom('subscription_links')
      .innerJoin('subscriptions', 'subscriptions.id', 'subscription_links.subscription_id')
      .selectAll('subscription_links')
      .where('subscription_links.id', '=', linkId)
      .where('subscriptions.owner_id', '=', ownerId)
      .executeTakeFirst();
  },

  /** Throws a unique violation when the subscription is already linked to the portfolio. */
  insertLink(db: Db, link: { subscription_id: number; portfolio_id: number; is_active: boolean; confirmation: boolean }, now: number) {
    return db
      .insertInto('subscription_links')
      .values({
        subscription_id: link.subscription_id,
        portfolio_id: link.portfolio_id,
        is_active: link.is_active ? 1 : 0,
        confirmation: link.confirmation ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  updateLink(db: Db, linkId: number, change: { is_active?: number; confirmation?: number; updated_at: number }) {
    return db.updateTable('subscription_links').set(change).where('id', '=', linkId).returningAll().executeTakeFirstOrThrow();
  },

  async deleteLink(db: Db, linkId: number) {
    await db.deleteFrom('subscription_links').where('id', '=', linkId).execute();
  },
};
