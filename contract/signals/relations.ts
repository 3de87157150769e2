import { z } from 'zod';
import { csvList, EpochMs, Id, IdParam, IsoDateTime, Name, QueryBool } from '../common';
import { ConfirmationMode, ConfirmationModeCode, MarketName, SymbolName, Timeframe } from '../codes';

/**
 * Groups (watchlists), subscriptions (groups × strategy × timeframe) and subscription links
 * (subscription → portfolio). Convention of the `/relations/*` calls: GET and DELETE take their
 * arguments in the query string; POST and PUT take a JSON body, ids included.
 */

/** Groups and subscriptions a user may own; enough for any watchlist tree, small enough to list whole. */
export const MAX_GROUPS_PER_USER = 500;
export const MAX_SYMBOLS_PER_GROUP = 1000;
export const MAX_GROUPS_PER_SUBSCRIPTION = 50;

/** A symbol is named within its market (`crypto` + `BTCUSDT`); a group may mix markets. */
export const MarketSymbol = z.strictObject({ market: MarketName, symbol: SymbolName });
export type MarketSymbol = z.infer<typeof MarketSymbol>;

/** Symbols to put in a group, in display order; repeats are ignored, an unknown symbol is refused by name (422). */
export const GroupSymbolsInput = z.array(MarketSymbol).max(MAX_SYMBOLS_PER_GROUP);

export const GroupSymbol = z.object({
  market: z.string(),
  symbol: z.string(),
  /** Display order within the group, from 0. */
  position: z.number().int().nonnegative(),
  added_at: IsoDateTime,
});
export type GroupSymbol = z.infer<typeof GroupSymbol>;

export const Group = z.object({
  id: Id,
  name: z.string(),
  /** The parent group (a folder), null at the top of the tree. */
  node_id: Id.nullable(),
  /** Order among the groups of the same parent. */
  position: z.number().int().nonnegative(),
  symbol_count: z.number().int().nonnegative(),
  /** Present when asked for (`include_symbols`) and in the answers of the calls that change symbols. */
  symbols: z.array(GroupSymbol).optional(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});
export type Group = z.infer<typeof Group>;

export const GroupList = z.object({ data: z.array(Group), count: z.number().int().nonnegative() });
export type GroupList = z.infer<typeof GroupList>;

export const GroupSymbolList = z.object({ data: z.array(GroupSymbol), count: z.number().int().nonnegative() });
export type GroupSymbolList = z.infer<typeof GroupSymbolList>;

export const GroupCreate = z.strictObject({
  name: Name,
  node_id: Id.nullable().default(null),
  /** Omitted: after the last group of the same parent. */
  position: z.number().int().min(0).max(MAX_GROUPS_PER_USER).optional(),
  symbols: GroupSymbolsInput.default([]),
});
export type GroupCreate = z.input<typeof GroupCreate>;

/** Rename, move (a `node_id` under the group itself or its descendants is refused) or reorder. */
export const GroupUpdate = z.strictObject({
  id: Id,
  name: Name.optional(),
  node_id: Id.nullable().optional(),
  position: z.number().int().min(0).max(MAX_GROUPS_PER_USER).optional(),
});
export type GroupUpdate = z.input<typeof GroupUpdate>;

export const GroupIdQuery = z.object({ group_id: IdParam });

export const GroupSymbolsBody = z.strictObject({ symbols: GroupSymbolsInput.min(1) });
export type GroupSymbolsBody = z.input<typeof GroupSymbolsBody>;

/** Replacing may empty a group. */
export const GroupSymbolsReplaceBody = z.strictObject({ symbols: GroupSymbolsInput });
export type GroupSymbolsReplaceBody = z.input<typeof GroupSymbolsReplaceBody>;

/** `symbols` is comma-separated (`BTCUSDT,ETHUSDT`), all of one market; symbol names never contain commas. */
export const GroupSymbolsDeleteQuery = z.object({
  group_id: IdParam,
  market: MarketName,
  symbols: csvList(SymbolName, MAX_SYMBOLS_PER_GROUP, { maxChars: 20_000, unique: true }),
});

export const GroupDeleteQuery = z.object({
  group_id: IdParam,
  /** false (default): child groups move up to the deleted group's parent; true: they are deleted too. */
  recursive: QueryBool.default(false),
});

export const ListGroupsQuery = z.object({ include_symbols: QueryBool.default(false) });

/** A symbol of the user's groups, with the groups that hold it. */
export const RelatedSymbol = z.object({
  market: z.string(),
  symbol: z.string(),
  group_ids: z.array(Id),
});
export type RelatedSymbol = z.infer<typeof RelatedSymbol>;

export const RelatedSymbolList = z.object({ data: z.array(RelatedSymbol), count: z.number().int().nonnegative() });
export type RelatedSymbolList = z.infer<typeof RelatedSymbolList>;

export const ListSymbolsQuery = z.object({ market: MarketName.optional() });

// ---------------------------------------------------------------- subscriptions

/** A symbol is listed (on the signals board, as a signal) once |score| reaches it. */
export const ListingLevel = z.number().int().min(0).max(100);

export const SubscriptionLink = z.object({
  id: Id,
  subscription_id: Id,
  portfolio_id: Id,
  is_active: z.boolean(),
  /** true: every order from a signal waits for the user's yes, whatever the subscription's mode. */
  confirmation: z.boolean(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});
export type SubscriptionLink = z.infer<typeof SubscriptionLink>;

export const SubscriptionLinkList = z.object({
  data: z.array(SubscriptionLink),
  count: z.number().int().nonnegative(),
});
export type SubscriptionLinkList = z.infer<typeof SubscriptionLinkList>;

export const Subscription = z.object({
  id: Id,
  name: z.string(),
  listing_level: ListingLevel,
  confirmation_mode: ConfirmationModeCode,
  is_active: z.boolean(),
  /** Scores follow the strategy's newest version; each score records the version that produced it. */
  strategy_id: Id,
  strategy_name: z.string(),
  timeframe: Timeframe,
  group_ids: z.array(Id),
  /** Close time of the last candle scored, ms; scoring resumes after it on a restart. */
  last_scored_at: EpochMs.nullable(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});
export type Subscription = z.infer<typeof Subscription>;

/** The subscriptions screen's row: the subscription with its portfolio links. */
export const SubscriptionWithLinks = Subscription.extend({ links: z.array(SubscriptionLink) });
export type SubscriptionWithLinks = z.infer<typeof SubscriptionWithLinks>;

export const OwnSubscriptionList = z.object({
  data: z.array(SubscriptionWithLinks),
  count: z.number().int().nonnegative(),
});
export type OwnSubscriptionList = z.infer<typeof OwnSubscriptionList>;

/** The short form for pickers and the app's market info. */
export const SubscriptionSummary = Subscription.pick({
  id: true,
  name: true,
  strategy_id: true,
  strategy_name: true,
  timeframe: true,
  listing_level: true,
  is_active: true,
});
export type SubscriptionSummary = z.infer<typeof SubscriptionSummary>;

export const SubscriptionSummaryList = z.object({
  data: z.array(SubscriptionSummary),
  count: z.number().int().nonnegative(),
});
export type SubscriptionSummaryList = z.infer<typeof SubscriptionSummaryList>;

export const SubscriptionListQuery = z.object({
  /** Only the subscriptions linked to this portfolio (404 if it is not yours). */
  portfolio_id: IdParam.optional(),
  is_active: QueryBool.optional(),
  strategy_id: IdParam.optional(),
  timeframe: Timeframe.optional(),
});

const GroupIds = z
  .array(Id)
  .min(1)
  .max(MAX_GROUPS_PER_SUBSCRIPTION)
  .refine((ids) => new Set(ids).size === ids.length, 'each group once');

/** Another user's group or strategy answers 404, as if it did not exist. */
export const SubscriptionCreate = z.strictObject({
  name: Name,
  listing_level: ListingLevel.default(50),
  confirmation_mode: ConfirmationModeCode.default(ConfirmationMode.ask),
  is_active: z.boolean().default(true),
  strategy_id: Id,
  timeframe: Timeframe,
  group_ids: GroupIds,
});
export type SubscriptionCreate = z.input<typeof SubscriptionCreate>;

export const SubscriptionUpdate = z.strictObject({
  id: Id,
  name: Name.optional(),
  listing_level: ListingLevel.optional(),
  confirmation_mode: ConfirmationModeCode.optional(),
  is_active: z.boolean().optional(),
  strategy_id: Id.optional(),
  timeframe: Timeframe.optional(),
  /** Replaces the whole list. */
  group_ids: GroupIds.optional(),
});
export type SubscriptionUpdate = z.input<typeof SubscriptionUpdate>;

export const SubscriptionIdQuery = z.object({ subscription_id: IdParam });

/** Linking a subscription to a portfolio twice is refused (409). */
export const SubscriptionLinkCreate = z.strictObject({
  subscription_id: Id,
  portfolio_id: Id,
  is_active: z.boolean().default(true),
  /** On by default: orders from signals wait for a yes until the user turns this off. */
  confirmation: z.boolean().default(true),
});
export type SubscriptionLinkCreate = z.input<typeof SubscriptionLinkCreate>;

export const LinkIdQuery = z.object({ link_id: IdParam });

export const SubscriptionLinkConfirmation = z.strictObject({ link_id: Id, confirmation: z.boolean() });
export type SubscriptionLinkConfirmation = z.input<typeof SubscriptionLinkConfirmation>;

export const SubscriptionLinkActiveStatus = z.strictObject({ link_id: Id, is_active: z.boolean() });
export type SubscriptionLinkActiveStatus = z.input<typeof SubscriptionLinkActiveStatus>;
