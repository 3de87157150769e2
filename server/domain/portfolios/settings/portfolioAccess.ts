import type { Kysely } from 'kysely';
import type { FieldError } from '../../../../contract/errors';
import { marketListsRepository } from '../../../store/repositories/marketLists';
import { portfoliosRepository } from '../../../store/repositories/portfolios';
import type { Database, PortfolioRow } from '../../../store/schema';
import { NotFoundError, ValidationError } from '../../errors';

type Db = Kysely<Database>;

/** The portfolio if it is the user's; another user's (or a missing one) answers 404 alike. */
export async function ownedPortfolio(db: Db, userId: number, portfolioId: number): Promise<PortfolioRow> {
  const row = await portfoliosRepository.findOwned(db, userId, portfolioId);
  if (!row) throw new NotFoundError('Portfolio');
  return row;
}

/**
 * Refuses symbols that are not in the portfolio's market (active or not: a symbol the market has
 * paused is still one the user may hold and annotate), with one 422 entry per unknown symbol.
 * `locOf` says where each one sat in the request.
 */
export async function requireMarketSymbols(
  db: Db,
  market: string,
  symbols: readonly string[],
  locOf: (index: number) => (string | number)[],
): Promise<void> {
  if (symbols.length === 0) return;
  const known = new Set((await marketListsRepository.ofList(db, market, 'symbols')).map((row) => row.name));
  const errors: FieldError[] = symbols.flatMap((symbol, index) =>
    known.has(symbol)
      ? []
      : [{ loc: locOf(index), msg: `unknown symbol "${symbol}" in market "${market}"`, type: 'unknown_symbol' }],
  );
  if (errors.length > 0) throw new ValidationError(errors);
}

/** Code-point order, the same whichever database the rows came from. */
export const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
