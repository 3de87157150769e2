import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { AccountType, PortfolioStatus } from '../../../contract/codes';
import type {
  PortfolioCreate,
  PortfolioDetail,
  PortfolioList,
  PortfolioListQuery,
  PortfolioUpdate,
} from '../../../contract/portfolio/portfolios';
import { ordersRepository } from '../../store/repositories/orders';
import { portfoliosRepository, toPortfolio } from '../../store/repositories/portfolios';
import type { Database, PortfolioRow } from '../../store/schema';
import { DomainError, NotFoundError, ValidationError } from '../errors';
import type { MarketsService } from '../markets/marketsService';
import { summaryFromOrders, type LedgerFigures } from './portfolioSummary';
import { countViolations } from './rules/rulesetsService';

/** The ledger's figures of one portfolio (value, cost, PnL, day change), plugged in by the ledger's routes. */
export type Valuation = (portfolio: PortfolioRow, now: number) => Promise<LedgerFigures>;

type Db = Kysely<Database>;

const BROKER_ONLY_LIVE = 'only live portfolios have a broker; leave it out for paper and watch-only ones';

/**
 * Portfolios (the base of issue 6): CRUD for their owner only; another user's portfolio answers
 * 404 as if it did not exist. Market, currency and account type are fixed at creation.
 */
export function createPortfoliosService(deps: { db: Db; markets: MarketsService }) {
  const { db, markets } = deps;
  let valuation: Valuation | undefined;

  async function owned(trx: Db, userId: number, id: number): Promise<PortfolioRow> {
    const row = await portfoliosRepository.findOwned(trx, userId, id);
    if (!row) throw new NotFoundError('Portfolio');
    return row;
  }

  async function details(rows: PortfolioRow[], withSummary: boolean): Promise<PortfolioDetail[]> {
    if (!withSummary) return rows.map((row) => ({ ...toPortfolio(row), summary: null }));
    const counts = await ordersRepository.statusCounts(db, rows.map((row) => row.id));
    const now = Date.now();
    const out: PortfolioDetail[] = [];
    for (const row of rows) {
      const figures = valuation ? await valuation(row, now) : undefined;
      const violations = await countViolations(db, row);
      out.push({ ...toPortfolio(row), summary: summaryFromOrders(counts.get(row.id) ?? new Map(), now, figures, violations) });
    }
    return out;
  }

  async function get(userId: number, id: number, withSummary: boolean): Promise<PortfolioDetail> {
    const [detail] = await details([await owned(db, userId, id)], withSummary);
    return detail!;
  }

  return {
    async list(userId: number, query: z.output<typeof PortfolioListQuery>): Promise<PortfolioList> {
      const filter = { market: query.market, status: query.status, accountType: query.account_type };
      const { rows, count } = await portfoliosRepository.page(db, userId, filter, query.skip, query.limit);
      return { data: await details(rows, query.with_summary), count };
    },

    get,

    /** Paper by default, in the market's own currency unless another is named. */
    async create(userId: number, body: z.output<typeof PortfolioCreate>): Promise<PortfolioDetail> {
      const market = await markets.getMarket(body.market).catch((error: unknown) => {
        if (error instanceof DomainError && error.status === 404) {
          throw ValidationError.field(['body', 'market'], `unknown market "${body.market}"`, 'unknown_market');
        }
        throw error;
      });
      const brokerId = body.broker_id ?? null;
      if (brokerId !== null && body.account_type !== AccountType.live) {
        throw ValidationError.field(['body', 'broker_id'], BROKER_ONLY_LIVE);
      }
      const row = await portfoliosRepository.insert(
        db,
        userId,
        {
          name: body.name,
          description: body.description ?? null,
          market: market.name,
          currency: body.currency ?? market.currency,
          status: body.status ?? PortfolioStatus.active,
          account_type: body.account_type,
          broker_id: brokerId,
        },
        Date.now(),
      );
      return get(userId, row.id, true);
    },

    /** Rename, describe, pause, archive or re-broker (live portfolios only). */
    async update(userId: number, id: number, change: z.output<typeof PortfolioUpdate>): Promise<PortfolioDetail> {
      await db.transaction().execute(async (trx) => {
        const row = await owned(trx, userId, id);
        if (change.broker_id !== undefined) {
          if (row.account_type !== AccountType.live && change.broker_id !== null) {
            throw ValidationError.field(['body', 'broker_id'], BROKER_ONLY_LIVE);
          }
          if (row.account_type === AccountType.live && change.broker_id === null) {
            throw ValidationError.field(['body', 'broker_id'], 'a live portfolio needs a broker_id');
          }
        }
        await portfoliosRepository.update(trx, row.id, {
          ...(change.name !== undefined ? { name: change.name } : {}),
          ...(change.description !== undefined ? { description: change.description } : {}),
          ...(change.status !== undefined ? { status: change.status } : {}),
          ...(change.broker_id !== undefined ? { broker_id: change.broker_id } : {}),
          updated_at: Date.now(),
        });
      });
      return get(userId, id, true);
    },

    /** Deletes the portfolio with everything under it: orders, subscription links, and (issue 6) its ledger. */
    async delete(userId: number, id: number): Promise<{ msg: string }> {
      await db.transaction().execute(async (trx) => {
        const row = await owned(trx, userId, id);
        await portfoliosRepository.delete(trx, userId, row.id);
      });
      return { msg: 'Portfolio deleted' };
    },

    /** Where summaries get their value figures from (the ledger); without it they are zeros. */
    useValuation(fn: Valuation) {
      valuation = fn;
    },

    /** The portfolio if it is the user's, else NotFoundError: the check every portfolio call starts with. */
    owned: (userId: number, id: number, trx: Db = db) => owned(trx, userId, id),
  };
}

export type PortfoliosService = ReturnType<typeof createPortfoliosService>;
