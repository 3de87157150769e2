import { z } from 'zod';
import { Id, IsoDateTime, JsonValue } from '../common';
import { SymbolName } from '../codes';
import { csvList, PortfolioIdQuery, SettingKey, SettingValue, TagName } from './primitives';

/**
 * Settings are free key/value pairs the app keeps per portfolio and per symbol within it (chart
 * layout, alert thresholds, display choices). Values are any JSON up to 10 000 characters.
 */

const MAX_SETTINGS = 100;
const SettingsRecord = z
  .record(SettingKey, SettingValue)
  .refine((r) => {
    const n = Object.keys(r).length;
    return n >= 1 && n <= MAX_SETTINGS;
  }, `give 1 to ${MAX_SETTINGS} settings`);
/** Comma-separated setting keys. */
const FieldList = csvList(SettingKey, MAX_SETTINGS);
const SettingsMap = z.record(z.string(), JsonValue);

// ---- portfolio settings -------------------------------------------------------------------

export const PortfolioSetting = z.object({
  portfolio_id: Id,
  field: z.string(),
  value: JsonValue,
  updated_at: IsoDateTime,
});
export type PortfolioSetting = z.infer<typeof PortfolioSetting>;

export const PortfolioSettings = z.object({ portfolio_id: Id, settings: SettingsMap });
export type PortfolioSettings = z.infer<typeof PortfolioSettings>;

/** A key that was never set answers 404. */
export const PortfolioSettingQuery = PortfolioIdQuery.extend({ field: SettingKey });
/** `fields` omitted: every setting of the portfolio. */
export const PortfolioSettingsQuery = PortfolioIdQuery.extend({ fields: FieldList.optional() });
export const PortfolioSettingsRemoveQuery = PortfolioIdQuery.extend({ fields: FieldList });

export const PortfolioSettingSet = z.strictObject({ portfolio_id: Id, field: SettingKey, value: SettingValue });
export type PortfolioSettingSet = z.input<typeof PortfolioSettingSet>;

/** Merges: the keys given are written, the others kept. */
export const PortfolioSettingsSet = z.strictObject({ portfolio_id: Id, settings: SettingsRecord });
export type PortfolioSettingsSet = z.input<typeof PortfolioSettingsSet>;

// ---- symbol settings ----------------------------------------------------------------------

export const SymbolSetting = z.object({
  portfolio_id: Id,
  symbol: SymbolName,
  field: z.string(),
  value: JsonValue,
  updated_at: IsoDateTime,
});
export type SymbolSetting = z.infer<typeof SymbolSetting>;

export const SymbolSettings = z.object({ portfolio_id: Id, symbol: SymbolName, settings: SettingsMap });
export type SymbolSettings = z.infer<typeof SymbolSettings>;

/** One entry per symbol that has settings (at most one with the `symbol` filter). */
export const SymbolSettingsList = z.object({ portfolio_id: Id, data: z.array(SymbolSettings) });
export type SymbolSettingsList = z.infer<typeof SymbolSettingsList>;

export const SymbolSettingQuery = PortfolioIdQuery.extend({ symbol: SymbolName, field: SettingKey });
export const SymbolSettingsQuery = PortfolioIdQuery.extend({
  symbol: SymbolName.optional(),
  fields: FieldList.optional(),
});
export const SymbolSettingsRemoveQuery = PortfolioIdQuery.extend({ symbol: SymbolName, fields: FieldList });

export const SymbolSettingSet = z.strictObject({
  portfolio_id: Id,
  symbol: SymbolName,
  field: SettingKey,
  value: SettingValue,
});
export type SymbolSettingSet = z.input<typeof SymbolSettingSet>;

export const SymbolSettingsSet = z.strictObject({ portfolio_id: Id, symbol: SymbolName, settings: SettingsRecord });
export type SymbolSettingsSet = z.input<typeof SymbolSettingsSet>;

// ---- bulk deletes -------------------------------------------------------------------------

/**
 * What `delete_portfolio_data` / `delete_symbol_data` may clear. The ledger (transactions,
 * balances) and orders are never among them: they are history, and the balances are only right
 * while every transaction is kept. Deleting the portfolio is the way to drop those.
 */
export const PortfolioDataKind = z.enum(['settings', 'symbol_settings', 'tags', 'markers', 'ruleset']);
export const SymbolDataKind = z.enum(['settings', 'tags', 'markers']);

/** `kinds` omitted: all of them. */
export const PortfolioDataDeleteQuery = PortfolioIdQuery.extend({ kinds: csvList(PortfolioDataKind, 5).optional() });
export const SymbolDataDeleteQuery = PortfolioIdQuery.extend({
  symbol: SymbolName,
  kinds: csvList(SymbolDataKind, 3).optional(),
});

const Count = z.number().int().nonnegative();

export const PortfolioDataDeleted = z.object({
  portfolio_id: Id,
  deleted: z.object({ settings: Count, symbol_settings: Count, tags: Count, markers: Count, ruleset: Count }),
});
export type PortfolioDataDeleted = z.infer<typeof PortfolioDataDeleted>;

export const SymbolDataDeleted = z.object({
  portfolio_id: Id,
  symbol: SymbolName,
  deleted: z.object({ settings: Count, tags: Count, markers: Count }),
});
export type SymbolDataDeleted = z.infer<typeof SymbolDataDeleted>;

// ---- tags ---------------------------------------------------------------------------------

const TagArray = z.array(TagName).max(20);

export const SymbolTags = z.object({ portfolio_id: Id, symbol: SymbolName, tags: z.array(z.string()) });
export type SymbolTags = z.infer<typeof SymbolTags>;

/** Adds tags to a symbol; tags it already has are kept, not duplicated. */
export const TagSymbol = z.strictObject({ portfolio_id: Id, symbol: SymbolName, tags: TagArray.min(1) });
export type TagSymbol = z.input<typeof TagSymbol>;

/** `tags` omitted: every tag of the symbol is removed. */
export const UntagSymbol = z.strictObject({ portfolio_id: Id, symbol: SymbolName, tags: TagArray.min(1).optional() });
export type UntagSymbol = z.input<typeof UntagSymbol>;

/** Removes many symbol–tag pairs at once (multi-select in the tags table). */
export const UntagPairs = z.strictObject({
  portfolio_id: Id,
  pairs: z.array(z.strictObject({ symbol: SymbolName, tag: TagName })).min(1).max(500),
});
export type UntagPairs = z.input<typeof UntagPairs>;

export const SymbolsByTagQuery = PortfolioIdQuery.extend({ tag: TagName });
export const SymbolTagsQuery = PortfolioIdQuery.extend({ symbol: SymbolName });

export const TagSymbols = z.object({ portfolio_id: Id, tag: z.string(), symbols: z.array(SymbolName) });
export type TagSymbols = z.infer<typeof TagSymbols>;

/** Every tagged symbol of the portfolio with its tags. */
export const AllSymbolsAndTags = z.object({
  portfolio_id: Id,
  data: z.array(z.object({ symbol: SymbolName, tags: z.array(z.string()) })),
});
export type AllSymbolsAndTags = z.infer<typeof AllSymbolsAndTags>;

export const AllTags = z.object({
  portfolio_id: Id,
  data: z.array(z.object({ tag: z.string(), symbol_count: Count })),
});
export type AllTags = z.infer<typeof AllTags>;
