import type { Kysely } from 'kysely';
import type { Ruleset } from '../../../contract/portfolio/rules';
import type { Database } from '../schema';
import type { PortfolioRulesetsTable } from '../tables/portfolioExtrasTables';
import { toIso } from './times';

type Db = Kysely<Database>;

/** The rules as stored: the contract's rule objects, each present only when switched on. */
export type StoredRules = Partial<Omit<Ruleset, 'portfolio_id' | 'updated_at'>>;

export function toRuleset(row: PortfolioRulesetsTable): Ruleset {
  const rules = JSON.parse(row.rules) as StoredRules;
  return {
    portfolio_id: row.portfolio_id,
    max_position_pct: rules.max_position_pct ?? null,
    stop_loss_pct: rules.stop_loss_pct ?? null,
    take_profit_pct: rules.take_profit_pct ?? null,
    max_open_orders: rules.max_open_orders ?? null,
    allowed_symbols: rules.allowed_symbols ?? null,
    updated_at: toIso(row.updated_at),
  };
}

/** One ruleset per portfolio, its rules kept as one JSON document (they are read and written whole). */
export const rulesetsRepository = {
  find(db: Db, portfolioId: number) {
    return db.selectFrom('portfolio_rulesets').selectAll().where('portfolio_id', '=', portfolioId).executeTakeFirst();
  },

  /** Creates or replaces the portfolio's ruleset. */
  async save(db: Db, row: PortfolioRulesetsTable) {
    await db
      .insertInto('portfolio_rulesets')
      .values(row)
      .onConflict((oc) => oc.column('portfolio_id').doUpdateSet({ rules: row.rules, updated_at: row.updated_at }))
      .execute();
  },

  async remove(db: Db, portfolioId: number): Promise<number> {
    const result = await db.deleteFrom('portfolio_rulesets').where('portfolio_id', '=', portfolioId).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
