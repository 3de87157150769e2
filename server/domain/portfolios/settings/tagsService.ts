import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  AllSymbolsAndTags,
  AllTags,
  SymbolTags,
  TagSymbol,
  TagSymbols,
  UntagPairs,
  UntagSymbol,
} from '../../../../contract/portfolio/settings';
import { tagsRepository } from '../../../store/repositories/tags';
import type { Database } from '../../../store/schema';
import { ConflictError } from '../../errors';
import { byCodePoint, ownedPortfolio, requireMarketSymbols } from './portfolioAccess';

type Db = Kysely<Database>;

/** Enough for any labelling scheme, small enough that a symbol's tags stay one glance. */
export const MAX_TAGS_PER_SYMBOL = 50;

/**
 * Tags on symbols within a portfolio. Tags are kept as written (trimmed), so `Long` and `long` are
 * two tags; lists come back in code-point order so both databases answer alike.
 */
export function createTagsService(deps: { db: Db }) {
  const { db } = deps;

  async function tagsOf(trx: Db, portfolioId: number, symbol: string): Promise<SymbolTags> {
    const pairs = await tagsRepository.pairs(trx, portfolioId, { symbol });
    return { portfolio_id: portfolioId, symbol, tags: pairs.map((p) => p.tag).sort(byCodePoint) };
  }

  return {
    /** Adds tags (an unknown symbol of the portfolio's market is a 422); tags it has are kept once. */
    async tagSymbol(userId: number, body: z.output<typeof TagSymbol>): Promise<SymbolTags> {
      const portfolio = await ownedPortfolio(db, userId, body.portfolio_id);
      await requireMarketSymbols(db, portfolio.market, [body.symbol], () => ['body', 'symbol']);
      return db.transaction().execute(async (trx) => {
        await tagsRepository.add(trx, body.portfolio_id, body.symbol, [...new Set(body.tags)], Date.now());
        const tags = await tagsOf(trx, body.portfolio_id, body.symbol);
        // Checked after the insert, inside the transaction, so a refusal writes nothing.
        if (tags.tags.length > MAX_TAGS_PER_SYMBOL) {
          throw new ConflictError(`a symbol can carry at most ${MAX_TAGS_PER_SYMBOL} tags; ${body.symbol} would have ${tags.tags.length}`);
        }
        return tags;
      });
    },

    async untagSymbol(userId: number, body: z.output<typeof UntagSymbol>): Promise<SymbolTags> {
      await ownedPortfolio(db, userId, body.portfolio_id);
      await tagsRepository.removeOfSymbol(db, body.portfolio_id, body.symbol, body.tags);
      return tagsOf(db, body.portfolio_id, body.symbol);
    },

    /** Removes each listed pair that exists, all in one transaction. */
    async untagPairs(userId: number, body: z.output<typeof UntagPairs>): Promise<{ removed: number }> {
      await ownedPortfolio(db, userId, body.portfolio_id);
      const bySymbol = new Map<string, Set<string>>();
      for (const { symbol, tag } of body.pairs) bySymbol.set(symbol, (bySymbol.get(symbol) ?? new Set()).add(tag));
      return db.transaction().execute(async (trx) => {
        let removed = 0;
        for (const [symbol, tags] of bySymbol) removed += await tagsRepository.removeOfSymbol(trx, body.portfolio_id, symbol, [...tags]);
        return { removed };
      });
    },

    async symbolsByTag(userId: number, portfolioId: number, tag: string): Promise<TagSymbols> {
      await ownedPortfolio(db, userId, portfolioId);
      const pairs = await tagsRepository.pairs(db, portfolioId, { tag });
      return { portfolio_id: portfolioId, tag, symbols: pairs.map((p) => p.symbol).sort(byCodePoint) };
    },

    async symbolTags(userId: number, portfolioId: number, symbol: string): Promise<SymbolTags> {
      await ownedPortfolio(db, userId, portfolioId);
      return tagsOf(db, portfolioId, symbol);
    },

    async allSymbolsAndTags(userId: number, portfolioId: number): Promise<AllSymbolsAndTags> {
      await ownedPortfolio(db, userId, portfolioId);
      const bySymbol = new Map<string, string[]>();
      for (const { symbol, tag } of await tagsRepository.pairs(db, portfolioId)) bySymbol.set(symbol, [...(bySymbol.get(symbol) ?? []), tag]);
      const data = [...bySymbol]
        .sort(([a], [b]) => byCodePoint(a, b))
        .map(([symbol, tags]) => ({ symbol, tags: tags.sort(byCodePoint) }));
      return { portfolio_id: portfolioId, data };
    },

    async allTags(userId: number, portfolioId: number): Promise<AllTags> {
      await ownedPortfolio(db, userId, portfolioId);
      const counts = new Map<string, number>();
      for (const { tag } of await tagsRepository.pairs(db, portfolioId)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      const data = [...counts].sort(([a], [b]) => byCodePoint(a, b)).map(([tag, symbol_count]) => ({ tag, symbol_count }));
      return { portfolio_id: portfolioId, data };
    },
  };
}

export type TagsService = ReturnType<typeof createTagsService>;
