import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  PortfolioSetting,
  PortfolioSettings,
  PortfolioSettingSet,
  PortfolioSettingsSet,
  SymbolSetting,
  SymbolSettingSet,
  SymbolSettings,
  SymbolSettingsList,
  SymbolSettingsSet,
} from '../../../../contract/portfolio/settings';
import { portfolioSettingsRepository, toPortfolioSetting } from '../../../store/repositories/portfolioSettings';
import { symbolSettingsRepository, toSymbolSetting } from '../../../store/repositories/symbolSettings';
import type { Database } from '../../../store/schema';
import { NotFoundError } from '../../errors';
import { ownedPortfolio, requireMarketSymbols } from './portfolioAccess';

type Db = Kysely<Database>;

const asMap = (rows: { field: string; value: string }[]) =>
  Object.fromEntries(rows.map((row) => [row.field, JSON.parse(row.value) as unknown]));

/**
 * Free key/value settings of a portfolio and of symbols within it. Writes merge (keys not given
 * are kept); a symbol must be one of the portfolio's market to get settings; removing what is not
 * there is not an error.
 */
export function createSettingsService(deps: { db: Db }) {
  const { db } = deps;

  async function symbolSettings(portfolioId: number, symbol: string, fields?: string[]): Promise<SymbolSettings> {
    const rows = await symbolSettingsRepository.list(db, portfolioId, { symbol, ...(fields ? { fields } : {}) });
    return { portfolio_id: portfolioId, symbol, settings: asMap(rows) };
  }

  return {
    async getPortfolioSetting(userId: number, portfolioId: number, field: string): Promise<PortfolioSetting> {
      await ownedPortfolio(db, userId, portfolioId);
      const row = await portfolioSettingsRepository.find(db, portfolioId, field);
      if (!row) throw new NotFoundError('Setting');
      return toPortfolioSetting(row);
    },

    async getPortfolioSettings(userId: number, portfolioId: number, fields?: string[]): Promise<PortfolioSettings> {
      await ownedPortfolio(db, userId, portfolioId);
      return { portfolio_id: portfolioId, settings: asMap(await portfolioSettingsRepository.list(db, portfolioId, fields)) };
    },

    async setPortfolioSetting(userId: number, body: z.output<typeof PortfolioSettingSet>): Promise<PortfolioSetting> {
      await ownedPortfolio(db, userId, body.portfolio_id);
      const row = { portfolio_id: body.portfolio_id, field: body.field, value: JSON.stringify(body.value), updated_at: Date.now() };
      await portfolioSettingsRepository.save(db, [row]);
      return toPortfolioSetting(row);
    },

    async setPortfolioSettings(userId: number, body: z.output<typeof PortfolioSettingsSet>): Promise<PortfolioSettings> {
      await ownedPortfolio(db, userId, body.portfolio_id);
      const now = Date.now();
      const rows = Object.entries(body.settings).map(([field, value]) => ({
        portfolio_id: body.portfolio_id,
        field,
        value: JSON.stringify(value),
        updated_at: now,
      }));
      await portfolioSettingsRepository.save(db, rows);
      return { portfolio_id: body.portfolio_id, settings: asMap(await portfolioSettingsRepository.list(db, body.portfolio_id)) };
    },

    async removePortfolioSettings(userId: number, portfolioId: number, fields: string[]): Promise<{ removed: number }> {
      await ownedPortfolio(db, userId, portfolioId);
      return { removed: await portfolioSettingsRepository.remove(db, portfolioId, fields) };
    },

    async getSymbolSetting(userId: number, portfolioId: number, symbol: string, field: string): Promise<SymbolSetting> {
      await ownedPortfolio(db, userId, portfolioId);
      const row = await symbolSettingsRepository.find(db, portfolioId, symbol, field);
      if (!row) throw new NotFoundError('Setting');
      return toSymbolSetting(row);
    },

    /** One entry per symbol that has (some of the asked) settings, in symbol order. */
    async getSymbolSettings(
      userId: number,
      portfolioId: number,
      filter: { symbol?: string; fields?: string[] },
    ): Promise<SymbolSettingsList> {
      await ownedPortfolio(db, userId, portfolioId);
      const rows = await symbolSettingsRepository.list(db, portfolioId, filter);
      const bySymbol = new Map<string, Record<string, unknown>>();
      for (const row of rows) {
        const settings = bySymbol.get(row.symbol) ?? {};
        settings[row.field] = JSON.parse(row.value) as unknown;
        bySymbol.set(row.symbol, settings);
      }
      const data = [...bySymbol].map(([symbol, settings]) => ({ portfolio_id: portfolioId, symbol, settings }));
      return { portfolio_id: portfolioId, data };
    },

    async setSymbolSetting(userId: number, body: z.output<typeof SymbolSettingSet>): Promise<SymbolSetting> {
      const portfolio = await ownedPortfolio(db, userId, body.portfolio_id);
      await requireMarketSymbols(db, portfolio.market, [body.symbol], () => ['body', 'symbol']);
      const row = {
        portfolio_id: body.portfolio_id,
        symbol: body.symbol,
        field: body.field,
        value: JSON.stringify(body.value),
        updated_at: Date.now(),
      };
      await symbolSettingsRepository.save(db, [row]);
      return toSymbolSetting(row);
    },

    async setSymbolSettings(userId: number, body: z.output<typeof SymbolSettingsSet>): Promise<SymbolSettings> {
      const portfolio = await ownedPortfolio(db, userId, body.portfolio_id);
      await requireMarketSymbols(db, portfolio.market, [body.symbol], () => ['body', 'symbol']);
      const now = Date.now();
      const rows = Object.entries(body.settings).map(([field, value]) => ({
        portfolio_id: body.portfolio_id,
        symbol: body.symbol,
        field,
        value: JSON.stringify(value),
        updated_at: now,
      }));
      await symbolSettingsRepository.save(db, rows);
      return symbolSettings(body.portfolio_id, body.symbol);
    },

    async removeSymbolSettings(userId: number, portfolioId: number, symbol: string, fields: string[]): Promise<{ removed: number }> {
      await ownedPortfolio(db, userId, portfolioId);
      return { removed: await symbolSettingsRepository.remove(db, portfolioId, { symbol, fields }) };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
