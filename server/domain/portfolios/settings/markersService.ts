import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { FieldError } from '../../../../contract/errors';
import type { MarkerInput, MarkerPage, SymbolMarkers, SymbolMarkersSet } from '../../../../contract/portfolio/rules';
import { markersRepository, toMarker, type MarkerFields, type MarkerRow } from '../../../store/repositories/markers';
import type { Database } from '../../../store/schema';
import { ValidationError } from '../../errors';
import { ownedPortfolio, requireMarketSymbols } from './portfolioAccess';

type Db = Kysely<Database>;

const fieldsOf = (input: z.output<typeof MarkerInput>): MarkerFields => ({
  kind: input.kind,
  price: input.price ?? null,
  time: input.time ?? null,
  text: input.text === undefined || input.text === '' ? null : input.text,
  color: input.color ?? null,
});

const sameFields = (row: MarkerRow, fields: MarkerFields) =>
  row.kind === fields.kind &&
  row.price === fields.price &&
  (row.time === null ? null : Number(row.time)) === fields.time &&
  row.text === fields.text &&
  row.color === fields.color;

/**
 * A user's chart markers (price lines and notes) on symbols of a portfolio. The chart saves a
 * symbol's markers whole, so the write replaces the symbol's list in one transaction: listed ids
 * are updated (updated_at moves only when something changed), new ones created, the rest removed.
 */
export function createMarkersService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async page(userId: number, portfolioId: number, symbol: string | undefined, skip: number, limit: number): Promise<MarkerPage> {
      await ownedPortfolio(db, userId, portfolioId);
      const { rows, count } = await markersRepository.page(db, portfolioId, symbol, skip, limit);
      return { data: rows.map(toMarker), count };
    },

    async setSymbolMarkers(userId: number, body: z.output<typeof SymbolMarkersSet>): Promise<SymbolMarkers> {
      const portfolio = await ownedPortfolio(db, userId, body.portfolio_id);
      // Clearing a symbol's markers works even after the market dropped the symbol.
      if (body.markers.length > 0) await requireMarketSymbols(db, portfolio.market, [body.symbol], () => ['body', 'symbol']);
      return db.transaction().execute(async (trx) => {
        const existing = new Map((await markersRepository.ofSymbol(trx, body.portfolio_id, body.symbol)).map((row) => [row.id, row]));
        const errors: FieldError[] = [];
        const seen = new Set<number>();
        body.markers.forEach((marker, index) => {
          if (marker.id === undefined) return;
          const loc = ['body', 'markers', index, 'id'];
          if (!existing.has(marker.id)) errors.push({ loc, msg: `no marker ${marker.id} on ${body.symbol} in this portfolio`, type: 'unknown_marker' });
          else if (seen.has(marker.id)) errors.push({ loc, msg: `marker ${marker.id} is listed twice`, type: 'duplicate_marker' });
          seen.add(marker.id);
        });
        if (errors.length > 0) throw new ValidationError(errors);

        const now = Date.now();
        const dropped = [...existing.keys()].filter((id) => !seen.has(id));
        await markersRepository.remove(trx, body.portfolio_id, { ids: dropped });
        for (const marker of body.markers) {
          const fields = fieldsOf(marker);
          if (marker.id === undefined) await markersRepository.insert(trx, body.portfolio_id, body.symbol, fields, now);
          else if (!sameFields(existing.get(marker.id)!, fields)) await markersRepository.update(trx, marker.id, fields, now);
        }
        const rows = await markersRepository.ofSymbol(trx, body.portfolio_id, body.symbol);
        return { portfolio_id: body.portfolio_id, symbol: body.symbol, markers: rows.map(toMarker) };
      });
    },
  };
}

export type MarkersService = ReturnType<typeof createMarkersService>;
