import { z } from 'zod';
import { Id, IdParam, IsoDateTime, LocalizedText, QueryBool } from '../common';
import { DataSourceName, MarketListName, MarketName, SymbolName, Timeframe } from '../codes';
import { NonNegativeDecimal, Precision, Slug, TitleInput } from './primitives';

/**
 * The four lists of a market (`/core/market/list/{name}`). The `{name}` path segment picks the item
 * type; responses carry it back as `list` so a typed caller can narrow the union.
 */

export const MarketSymbol = z.object({
  id: Id,
  market: MarketName,
  /** `BTCUSDT`, `FOLD1`, or a Persian ticker of the Tehran exchange. */
  name: SymbolName,
  title: LocalizedText,
  /** The traded asset (`BTC`) and what it is priced in (`USDT`, `IRR`). */
  main_symbol: z.string(),
  quote_symbol: z.string(),
  sub_market: z.string().nullable(),
  category: z.string().nullable(),
  is_active: z.boolean(),
  /** Decimals shown and accepted in prices. */
  price_precision: Precision,
  /** Smallest order amount, in the main symbol. */
  min_order_size: NonNegativeDecimal,
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});
export type MarketSymbol = z.infer<typeof MarketSymbol>;

/** Sub-markets (e.g. `main`, `otc` on the Tehran exchange) and categories (e.g. `defi`, `banks`) share a shape. */
export const SubMarket = z.object({
  id: Id,
  market: MarketName,
  name: z.string(),
  title: LocalizedText,
  is_active: z.boolean(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});
export type SubMarket = z.infer<typeof SubMarket>;
export const Category = SubMarket;
export type Category = SubMarket;

export const MarketSource = z.object({
  id: Id,
  market: MarketName,
  name: DataSourceName,
  is_active: z.boolean(),
  /** Lower is preferred: the active source with the lowest priority is the market's default. */
  priority: z.number().int(),
  /** The finest timeframe the source stores; coarser ones are aggregated from it. */
  base_timeframe: Timeframe,
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});
export type MarketSource = z.infer<typeof MarketSource>;

// ---- requests ----

export const MarketListParams = z.object({ name: MarketListName });
export const MarketListItemParams = z.object({ name: MarketListName, id: IdParam });

/**
 * Lists are paged with a higher ceiling than usual: the markets screen loads a whole market
 * (hundreds to a few thousand symbols) in one or two calls.
 */
export const MarketListQuery = z.object({
  market: MarketName,
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
  is_active: QueryBool.optional(),
  /** Symbols only (ignored for other lists): keep those of this sub-market / category. */
  sub_market: Slug.optional(),
  category: Slug.optional(),
  /** Case-insensitive match on the name and on both titles. */
  search: z.string().trim().min(1).max(64).optional(),
});
export type MarketListQuery = z.input<typeof MarketListQuery>;

export const SymbolCreate = z.strictObject({
  market: MarketName,
  name: SymbolName,
  title: TitleInput,
  main_symbol: SymbolName,
  quote_symbol: SymbolName,
  sub_market: Slug.nullable().default(null),
  category: Slug.nullable().default(null),
  is_active: z.boolean().default(true),
  price_precision: Precision.default(8),
  min_order_size: NonNegativeDecimal.default('0'),
});
export type SymbolCreate = z.input<typeof SymbolCreate>;

/** `market` and `name` identify the symbol (its candles are keyed by them), so they never change. */
export const SymbolUpdate = z.strictObject({
  title: TitleInput.optional(),
  main_symbol: SymbolName.optional(),
  quote_symbol: SymbolName.optional(),
  sub_market: Slug.nullable().optional(),
  category: Slug.nullable().optional(),
  is_active: z.boolean().optional(),
  price_precision: Precision.optional(),
  min_order_size: NonNegativeDecimal.optional(),
});
export type SymbolUpdate = z.input<typeof SymbolUpdate>;

export const SubMarketCreate = z.strictObject({
  market: MarketName,
  name: Slug,
  title: TitleInput,
  is_active: z.boolean().default(true),
});
export type SubMarketCreate = z.input<typeof SubMarketCreate>;
export const SubMarketUpdate = z.strictObject({
  title: TitleInput.optional(),
  is_active: z.boolean().optional(),
});
export type SubMarketUpdate = z.input<typeof SubMarketUpdate>;
export const CategoryCreate = SubMarketCreate;
export const CategoryUpdate = SubMarketUpdate;

export const SourceCreate = z.strictObject({
  market: MarketName,
  name: DataSourceName,
  is_active: z.boolean().default(true),
  priority: z.number().int().min(0).max(1000).default(100),
  base_timeframe: Timeframe.default('1m'),
});
export type SourceCreate = z.input<typeof SourceCreate>;
export const SourceUpdate = z.strictObject({
  is_active: z.boolean().optional(),
  priority: z.number().int().min(0).max(1000).optional(),
  base_timeframe: Timeframe.optional(),
});
export type SourceUpdate = z.input<typeof SourceUpdate>;

/**
 * The body schema for each list. An endpoint declares the union (for the docs and the typed
 * caller); the server then validates against the one its `{name}` picks, so a category body sent
 * to `symbols` is a 422, never a half-filled symbol.
 */
export const marketListCreateBodies = {
  symbols: SymbolCreate,
  sub_markets: SubMarketCreate,
  categories: CategoryCreate,
  sources: SourceCreate,
} as const satisfies Record<MarketListName, z.ZodType>;
export const marketListUpdateBodies = {
  symbols: SymbolUpdate,
  sub_markets: SubMarketUpdate,
  categories: CategoryUpdate,
  sources: SourceUpdate,
} as const satisfies Record<MarketListName, z.ZodType>;

export const MarketListItemCreate = z.union([SymbolCreate, SubMarketCreate, SourceCreate]);
export type MarketListItemCreate = z.input<typeof MarketListItemCreate>;
export const MarketListItemUpdate = z.union([SymbolUpdate, SubMarketUpdate, SourceUpdate]);
export type MarketListItemUpdate = z.input<typeof MarketListItemUpdate>;

// ---- responses ----

const count = z.number().int().nonnegative();

/** `count` is the total matching the filters, before `skip`/`limit`. */
export const MarketListPage = z.discriminatedUnion('list', [
  z.object({ list: z.literal('symbols'), data: z.array(MarketSymbol), count }),
  z.object({ list: z.literal('sub_markets'), data: z.array(SubMarket), count }),
  z.object({ list: z.literal('categories'), data: z.array(Category), count }),
  z.object({ list: z.literal('sources'), data: z.array(MarketSource), count }),
]);
export type MarketListPage = z.infer<typeof MarketListPage>;

export const MarketListItem = z.discriminatedUnion('list', [
  z.object({ list: z.literal('symbols'), data: MarketSymbol }),
  z.object({ list: z.literal('sub_markets'), data: SubMarket }),
  z.object({ list: z.literal('categories'), data: Category }),
  z.object({ list: z.literal('sources'), data: MarketSource }),
]);
export type MarketListItem = z.infer<typeof MarketListItem>;

/** `set_item` upserts by (market, name); `created` tells whether the item was new. */
export const MarketListSetResult = z.discriminatedUnion('list', [
  z.object({ list: z.literal('symbols'), data: MarketSymbol, created: z.boolean() }),
  z.object({ list: z.literal('sub_markets'), data: SubMarket, created: z.boolean() }),
  z.object({ list: z.literal('categories'), data: Category, created: z.boolean() }),
  z.object({ list: z.literal('sources'), data: MarketSource, created: z.boolean() }),
]);
export type MarketListSetResult = z.infer<typeof MarketListSetResult>;
