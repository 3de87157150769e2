import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Ruleset, RulesetSet, RulesetStatus } from '../../../../contract/portfolio/rules';
import { rulesetsRepository, toRuleset, type StoredRules } from '../../../store/repositories/rulesets';
import type { Database } from '../../../store/schema';
import { ownedPortfolio, requireMarketSymbols } from '../settings/portfolioAccess';
import { violationsNow } from './evaluate';
import { marketSymbols, openOrders, rulesContext } from './rulesContext';

type Db = Kysely<Database>;

/** The rules switched on, as stored: null or omitted rules are left out; allowed symbols once each. */
function storedRules(body: z.output<typeof RulesetSet>): StoredRules {
  const rules: StoredRules = {};
  if (body.max_position_pct) rules.max_position_pct = body.max_position_pct;
  if (body.stop_loss_pct) rules.stop_loss_pct = body.stop_loss_pct;
  if (body.take_profit_pct) rules.take_profit_pct = body.take_profit_pct;
  if (body.max_open_orders) rules.max_open_orders = body.max_open_orders;
  if (body.allowed_symbols) rules.allowed_symbols = { ...body.allowed_symbols, value: [...new Set(body.allowed_symbols.value)] };
  return rules;
}

/** A portfolio's risk rules: replaced whole, removed, and checked against what it holds now. */
/** How many rules of a portfolio's ruleset are broken now (0 without a ruleset): the summary's `violations_count`. */
export async function countViolations(db: Db, portfolio: { id: number; market: string }): Promise<number> {
  const row = await rulesetsRepository.find(db, portfolio.id);
  if (!row) return 0;
  const ctx = await rulesContext(db, portfolio.id, await marketSymbols(db, portfolio.market));
  return violationsNow(JSON.parse(row.rules) as StoredRules, ctx, await openOrders(db, portfolio.id)).length;
}

export function createRulesetsService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async set(userId: number, body: z.output<typeof RulesetSet>): Promise<Ruleset> {
      const portfolio = await ownedPortfolio(db, userId, body.portfolio_id);
      const allowed = body.allowed_symbols?.value ?? [];
      await requireMarketSymbols(db, portfolio.market, allowed, (i) => ['body', 'allowed_symbols', 'value', i]);
      const row = { portfolio_id: body.portfolio_id, rules: JSON.stringify(storedRules(body)), updated_at: Date.now() };
      await rulesetsRepository.save(db, row);
      return toRuleset(row);
    },

    async remove(userId: number, portfolioId: number): Promise<{ removed: number }> {
      await ownedPortfolio(db, userId, portfolioId);
      return { removed: await rulesetsRepository.remove(db, portfolioId) };
    },

    /** The ruleset and what breaks it now, read in one transaction so the figures agree. */
    async status(userId: number, portfolioId: number): Promise<RulesetStatus> {
      const portfolio = await ownedPortfolio(db, userId, portfolioId);
      return db.transaction().execute(async (trx) => {
        const row = await rulesetsRepository.find(trx, portfolioId);
        const checkedAt = Date.now();
        if (!row) return { portfolio_id: portfolioId, ruleset: null, violations: [], checked_at: checkedAt };
        const ctx = await rulesContext(trx, portfolioId, await marketSymbols(trx, portfolio.market));
        const violations = violationsNow(JSON.parse(row.rules) as StoredRules, ctx, await openOrders(trx, portfolioId));
        return { portfolio_id: portfolioId, ruleset: toRuleset(row), violations, checked_at: checkedAt };
      });
    },
  };
}

export type RulesetsService = ReturnType<typeof createRulesetsService>;
