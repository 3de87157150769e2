import type { LedgerTables } from './tables/ledgerTables';
import type { ChannelTables } from './tables/channelTables';
import type { TaskTables } from './tables/taskTables';
import type { AuditTables } from './tables/auditTables';
import type { PortfolioExtrasTables } from './tables/portfolioExtrasTables';
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

export interface GroupsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** The parent group (folder); null at the top. */
  node_id: number | null;
  /** Order among the groups of the same parent, from 0. */
  position: number;
  created_at: number;
  updated_at: number;
}

export interface GroupSymbolsTable {
  group_id: number;
  market: string;
  symbol: string;
  position: number;
  added_at: number;
}

export interface StrategiesTable {
  id: Generated<number>;
  /** null: a built-in strategy. */
  owner_id: number | null;
  /** Built-ins only: the seed's stable key. */
  builtin_key: string | null;
  name: string;
  description: string | null;
  timeframe: string | null;
  /** The current version (its body is in strategy_versions). */
  version: number;
  created_at: number;
  updated_at: number;
}

export interface DeletedBuiltinStrategiesTable {
  builtin_key: string;
  deleted_at: number;
}

export interface StrategyVersionsTable {
  strategy_id: number;
  version: number;
  /** JSON: the validated body. */
  body: string;
  created_at: number;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  listing_level: number;
  confirmation_mode: number;
  is_active: number;
  strategy_id: number;
  /** The strategy's version when the subscription was made or pointed at it. */
  strategy_version: number;
  timeframe: string;
  created_at: number;
  updated_at: number;
}

export interface SubscriptionGroupsTable {
  subscription_id: number;
  group_id: number;
  position: number;
}

export interface ScoresTable {
  subscription_id: number;
  market: string;
  symbol: string;
  timestamp: number;
  timeframe: string;
  strategy_id: number;
  strategy_version: number;
  strategy_timeframe: string;
  /** The total score; null when a batch held only rule scores for this candle. */
  total: number | null;
  /** JSON object: rule name → the score it contributed (0 when it did not hold). */
  rules: string;
}

/** Same columns as scores; one row per (subscription, market, symbol, timeframe): the newest. */
export type LatestScoresTable = ScoresTable;

export interface SignalsTable {
  id: Generated<number>;
  user_id: number;
  subscription_id: number;
  strategy_id: number;
  strategy_version: number;
  market: string;
  symbol: string;
  timeframe: string;
  side: string;
  score: number;
  level: number;
  price: string;
  timestamp: number;
  notification_id: number | null;
  /** JSON: SignalOrder[]. */
  orders: string;
  created_at: number;
}

export interface PortfoliosTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  description: string | null;
  market: string;
  currency: number;
  status: number;
  account_type: number;
  broker_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface OrdersTable {
  id: Generated<number>;
  portfolio_id: number;
  market: string;
  symbol: string;
  main_symbol: string;
  quote_symbol: string;
  side: string;
  order_type: number;
  status: number;
  timeframe: string | null;
  price: string | null;
  amount: string;
  filled: string;
  average_fill_price: string | null;
  fee: string;
  fee_symbol: string | null;
  /** `manual` or `signal`. */
  source_type: string;
  link_id: number | null;
  subscription_id: number | null;
  strategy_id: number | null;
  signal_score: number | null;
  signal_timestamp: number | null;
  /** JSON: rule names. */
  rule_flags: string;
  reject_reason: string | null;
  note: string | null;
  client_order_id: string | null;
  timestamp: number;
  filled_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface SubscriptionLinksTable {
  id: Generated<number>;
  subscription_id: number;
  portfolio_id: number;
  is_active: number;
  confirmation: number;
  created_at: number;
  updated_at: number;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  body: string;
  status: number;
  priority: number;
  category: string;
  sub_category: string | null;
  portfolio_id: number | null;
  market: string | null;
  broker_id: string | null;
  symbol: string | null;
  /** JSON object or null. */
  data: string | null;
  created_at: number;
  updated_at: number;
  expires_at: number | null;
}

export interface Database extends LedgerTables, PortfolioExtrasTables, ChannelTables, TaskTables, AuditTables {
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
  groups: GroupsTable;
  group_symbols: GroupSymbolsTable;
  strategies: StrategiesTable;
  strategy_versions: StrategyVersionsTable;
  deleted_builtin_strategies: DeletedBuiltinStrategiesTable;
  subscriptions: SubscriptionsTable;
  subscription_groups: SubscriptionGroupsTable;
  scores: ScoresTable;
  latest_scores: LatestScoresTable;
  signals: SignalsTable;
  portfolios: PortfoliosTable;
  orders: OrdersTable;
  subscription_links: SubscriptionLinksTable;
  notifications: NotificationsTable;
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
export type GroupRow = Selectable<GroupsTable>;
export type GroupSymbolRow = Selectable<GroupSymbolsTable>;
export type StrategyRow = Selectable<StrategiesTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type StoredScoreRow = Selectable<ScoresTable>;
/** One score as the reads speak of it (a total or one rule's), unpacked from a stored row. */
export type ScoreRow = Omit<StoredScoreRow, 'total' | 'rules'> & { score_type: string; value: number };
export type SignalRow = Selectable<SignalsTable>;
export type PortfolioRow = Selectable<PortfoliosTable>;
export type OrderRow = Selectable<OrdersTable>;
export type SubscriptionLinkRow = Selectable<SubscriptionLinksTable>;
export type NotificationRow = Selectable<NotificationsTable>;
