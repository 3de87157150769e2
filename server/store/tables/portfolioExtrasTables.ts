import type { Generated } from 'kysely';

/**
 * Tables of portfolio and symbol settings, tags, markers and rulesets (migration 009). Every row
 * hangs off its portfolio (FK cascade), so deleting a portfolio takes them with it.
 */

/** One key of a portfolio; `value` is JSON text. */
export interface PortfolioSettingsTable {
  portfolio_id: number;
  field: string;
  value: string;
  updated_at: number;
}

/** One key of a symbol within a portfolio; `value` is JSON text. */
export interface SymbolSettingsTable {
  portfolio_id: number;
  symbol: string;
  field: string;
  value: string;
  updated_at: number;
}

/** One symbol–tag pair of a portfolio. */
export interface PortfolioTagsTable {
  portfolio_id: number;
  symbol: string;
  tag: string;
  created_at: number;
}

/** A price line or a note on a symbol's chart. Prices are decimal strings. */
export interface PortfolioMarkersTable {
  id: Generated<number>;
  portfolio_id: number;
  symbol: string;
  kind: string;
  price: string | null;
  time: number | null;
  text: string | null;
  color: string | null;
  created_at: number;
  updated_at: number;
}

/** At most one per portfolio; `rules` is JSON: the contract's rules, null ones left out. */
export interface PortfolioRulesetsTable {
  portfolio_id: number;
  rules: string;
  updated_at: number;
}

export interface PortfolioExtrasTables {
  portfolio_settings: PortfolioSettingsTable;
  symbol_settings: SymbolSettingsTable;
  portfolio_tags: PortfolioTagsTable;
  portfolio_markers: PortfolioMarkersTable;
  portfolio_rulesets: PortfolioRulesetsTable;
}
