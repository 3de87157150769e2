import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * The tables as Kysely sees them. Booleans are stored as 0/1 integers and times as epoch
 * milliseconds (BIGINT) so that SQLite and PostgreSQL hold exactly the same values;
 * repositories turn rows into contract shapes.
 */

export interface UsersTable {
  id: Generated<number>;
  email: string;
  hashed_password: string;
  full_name: string | null;
  is_active: number;
  is_superuser: number;
  created_at: number;
  updated_at: number;
}

export interface ProfilesTable {
  user_id: number;
  display_name: string | null;
  language: string;
  theme: string;
  timezone: string;
  default_market: string | null;
  default_portfolio_id: number | null;
  updated_at: number;
}

export interface AccountSecretsTable {
  user_id: number;
  api_key: string;
  created_at: number;
}

export interface PasswordResetTokensTable {
  jti: string;
  user_id: number;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** `outbox` (kept here, no SMTP configured), `sent` or `failed`. */
  status: string;
  error: string | null;
  created_at: number;
}

export interface QuotesTable {
  id: Generated<number>;
  text_fa: string;
  text_en: string;
  author_fa: string | null;
  author_en: string | null;
}

export interface MarketsTable {
  id: Generated<number>;
  name: string;
  title_fa: string;
  title_en: string;
  currency: number;
  timezone: string;
  /** JSON: TradingSession[] or null. */
  trading_hours: string | null;
  /** JSON: source names, preferred first. */
  sources: string;
  is_active: number;
  created_at: number;
  updated_at: number;
}

export interface MarketListItemsTable {
  id: Generated<number>;
  market: string;
  /** `symbols`, `sub_markets`, `categories` or `sources`. */
  list: string;
  name: string;
  /** JSON: the list's own fields (titles, precision…), shaped by the contract. */
  data: string;
  is_active: number;
  created_at: number;
  updated_at: number;
}

export interface MarketSettingsTable {
  market: string;
  name: string;
  /** JSON value. */
  value: string;
  updated_at: number;
}

export interface KlinesTable {
  market: string;
  symbol: string;
  source: string;
  timeframe: string;
  open_time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface Database {
  users: UsersTable;
  profiles: ProfilesTable;
  account_secrets: AccountSecretsTable;
  password_reset_tokens: PasswordResetTokensTable;
  mail_outbox: MailOutboxTable;
  quotes: QuotesTable;
  markets: MarketsTable;
  market_list_items: MarketListItemsTable;
  market_settings: MarketSettingsTable;
  klines: KlinesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserRowUpdate = Updateable<UsersTable>;
export type ProfileRow = Selectable<ProfilesTable>;
export type MailRow = Selectable<MailOutboxTable>;
export type QuoteRow = Selectable<QuotesTable>;
export type MarketRow = Selectable<MarketsTable>;
export type MarketListItemRow = Selectable<MarketListItemsTable>;
export type KlineRow = Selectable<KlinesTable>;
