import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  PortfolioDataDeleted,
  PortfolioDataKind,
  SymbolDataDeleted,
  SymbolDataKind,
} from '../../../../contract/portfolio/settings';
import { markersRepository } from '../../../store/repositories/markers';
import { portfolioSettingsRepository } from '../../../store/repositories/portfolioSettings';
import { rulesetsRepository } from '../../../store/repositories/rulesets';
import { symbolSettingsRepository } from '../../../store/repositories/symbolSettings';
import { tagsRepository } from '../../../store/repositories/tags';
import type { Database } from '../../../store/schema';
import { ownedPortfolio } from './portfolioAccess';

type Db = Kysely<Database>;
type PortfolioKind = z.output<typeof PortfolioDataKind>;
type SymbolKind = z.output<typeof SymbolDataKind>;

const ALL_PORTFOLIO_KINDS: PortfolioKind[] = ['settings', 'symbol_settings', 'tags', 'markers', 'ruleset'];
const ALL_SYMBOL_KINDS: SymbolKind[] = ['settings', 'tags', 'markers'];

/**
 * The bulk clears. "Data" is what the user put on top of the ledger: settings, symbol settings,
 * tags, markers and the ruleset. Transactions, balances and orders are never touched: they are
 * history, and the balances are only right while every transaction is kept. One transaction, so
 * a clear is all or nothing.
 */
export function createPortfolioDataService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async deletePortfolioData(userId: number, portfolioId: number, kinds: PortfolioKind[] = ALL_PORTFOLIO_KINDS): Promise<PortfolioDataDeleted> {
      await ownedPortfolio(db, userId, portfolioId);
      const wanted = new Set(kinds);
      const deleted = await db.transaction().execute(async (trx) => ({
        settings: wanted.has('settings') ? await portfolioSettingsRepository.remove(trx, portfolioId) : 0,
        symbol_settings: wanted.has('symbol_settings') ? await symbolSettingsRepository.remove(trx, portfolioId) : 0,
        tags: wanted.has('tags') ? await tagsRepository.removeAll(trx, portfolioId) : 0,
        markers: wanted.has('markers') ? await markersRepository.remove(trx, portfolioId) : 0,
        ruleset: wanted.has('ruleset') ? await rulesetsRepository.remove(trx, portfolioId) : 0,
      }));
      return { portfolio_id: portfolioId, deleted };
    },

    /** A symbol's settings, tags and markers; its ledger, orders and the ruleset stay. */
    async deleteSymbolData(userId: number, portfolioId: number, symbol: string, kinds: SymbolKind[] = ALL_SYMBOL_KINDS): Promise<SymbolDataDeleted> {
      await ownedPortfolio(db, userId, portfolioId);
      const wanted = new Set(kinds);
      const deleted = await db.transaction().execute(async (trx) => ({
        settings: wanted.has('settings') ? await symbolSettingsRepository.remove(trx, portfolioId, { symbol }) : 0,
        tags: wanted.has('tags') ? await tagsRepository.removeOfSymbol(trx, portfolioId, symbol) : 0,
        markers: wanted.has('markers') ? await markersRepository.remove(trx, portfolioId, { symbol }) : 0,
      }));
      return { portfolio_id: portfolioId, symbol, deleted };
    },
  };
}

export type PortfolioDataService = ReturnType<typeof createPortfolioDataService>;
