import type { Kysely } from 'kysely';
import type { FieldError } from '../../../contract/errors';
import type { MarketSymbol } from '../../../contract/signals/relations';
import { marketListsRepository } from '../../store/repositories/marketLists';
import { marketsRepository } from '../../store/repositories/markets';
import type { Database } from '../../store/schema';
import { ValidationError } from '../errors';

/** Repeats dropped, first occurrence kept: the order the user gave is the display order. */
export function uniqueSymbols(symbols: readonly MarketSymbol[]): MarketSymbol[] {
  const seen = new Set<string>();
  return symbols.filter((s) => {
    const key = `${s.market}\u0000${s.symbol}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Refuses, by name, every symbol its market does not list (inactive symbols are still symbols
 * of the market and pass). One 422 names all of them, each at its place in the body:
 * `body.symbols.3.symbol: unknown symbol "BTCUSD" in market "crypto"`.
 */
export async function checkSymbolsExist(db: Kysely<Database>, symbols: readonly MarketSymbol[], loc: (string | number)[]) {
  const markets = [...new Set(symbols.map((s) => s.market))];
  const known = new Map<string, Set<string> | null>();
  for (const market of markets) {
    const rows = await marketListsRepository.ofList(db, market, 'symbols');
    // An unknown market lists nothing; tell it apart so the message names the market instead.
    const exists = rows.length > 0 || (await marketsRepository.findByName(db, market)) !== undefined;
    known.set(market, exists ? new Set(rows.map((row) => row.name)) : null);
  }
  const errors: FieldError[] = [];
  symbols.forEach((s, i) => {
    const names = known.get(s.market);
    if (names === null) {
      errors.push({ loc: [...loc, i, 'market'], msg: `unknown market "${s.market}"`, type: 'unknown_market' });
    } else if (!names?.has(s.symbol)) {
      errors.push({ loc: [...loc, i, 'symbol'], msg: `unknown symbol "${s.symbol}" in market "${s.market}"`, type: 'unknown_symbol' });
    }
  });
  if (errors.length > 0) throw new ValidationError(errors);
}
