import type { Kysely } from 'kysely';
import { ConfirmationMode } from '../../../contract/codes';
import type { Database } from '../../store/schema';
import { usersRepository } from '../../store/repositories/users';
import type { PortfoliosService } from '../portfolios/portfoliosService';
import { RSI_REVERSION } from './strategy/builtins';
import type { GroupsService } from './groupsService';
import type { SubscriptionsService } from './subscriptionsService';

const DEMO_SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'BNBUSDT', 'SOLUSDT', 'XRPUSDT', 'DOGEUSDT'];

/**
 * What a fresh install shows its first admin, so the product does something at once: a watchlist
 * of six crypto majors, the RSI-reversion built-in subscribed on 1m (on a simulated random walk it
 * crosses 30/70 within minutes), asking for confirmation of each order in a paper portfolio.
 * Runs once, right after that admin is created; names are Persian, the product's first language.
 */
export async function seedDemo(
  deps: { db: Kysely<Database>; groups: GroupsService; subscriptions: SubscriptionsService; portfolios: PortfoliosService },
  adminEmail: string,
): Promise<void> {
  const { db } = deps;
  const admin = await usersRepository.findByEmail(db, adminEmail);
  const strategy = await db.selectFrom('strategies').select('id').where('builtin_key', '=', RSI_REVERSION.key).executeTakeFirst();
  if (!admin || !strategy) return;
  const caller = { id: admin.id, is_superuser: true };
  const group = await deps.groups.create(admin.id, {
    name: 'نمونه: رمزارزهای بزرگ',
    node_id: null,
    symbols: DEMO_SYMBOLS.map((symbol) => ({ market: 'crypto', symbol })),
  });
  const portfolio = await deps.portfolios.create(admin.id, { name: 'سبد آزمایشی', market: 'crypto', account_type: 10 });
  const subscription = await deps.subscriptions.create(caller, {
    name: 'نمونه: RSI بازگشتی (۱ دقیقه)',
    listing_level: 50,
    confirmation_mode: ConfirmationMode.ask,
    is_active: true,
    strategy_id: strategy.id,
    timeframe: '1m',
    group_ids: [group.id],
  });
  await deps.subscriptions.createLink(admin.id, { subscription_id: subscription.id, portfolio_id: portfolio.id, is_active: true, confirmation: true });
}
