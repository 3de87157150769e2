import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  Strategy,
  StrategyCreate,
  StrategyGetQuery,
  StrategyList,
  StrategyListQuery,
  StrategyUpdate,
} from '../../../contract/signals/strategies';
import type { StrategyBody } from '../../../contract/signals/strategy-body';
import { strategiesRepository, toStrategy, toStrategySummary } from '../../store/repositories/strategies';
import { subscriptionsRepository } from '../../store/repositories/subscriptions';
import type { Database, StrategyRow } from '../../store/schema';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { seedBuiltinStrategies } from './builtinStrategies';

type Db = Kysely<Database>;

/** Who is asking: strategies are per user, and admins may change the built-ins. */
export interface Caller {
  id: number;
  is_superuser: number | boolean;
}

/** Bodies compare by their canonical JSON (the parsed body, defaults filled in). */
const sameBody = (a: StrategyBody, b: StrategyBody) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Strategies: the built-ins (owner null; readable by all, changed by admins only) and each user's
 * own (another user's answers 404). A body change makes a new version; old versions stay, so a
 * score or backtest can always show the body that produced it.
 */
export function createStrategiesService(deps: { db: Db }) {
  const { db } = deps;

  /** A strategy the caller may see: a built-in or their own. */
  async function visible(trx: Db, caller: Caller, id: number): Promise<StrategyRow> {
    const row = await strategiesRepository.findById(trx, id);
    if (!row || (row.owner_id !== null && row.owner_id !== caller.id)) throw new NotFoundError('Strategy');
    return row;
  }

  /** A strategy the caller may change: their own, or a built-in for an admin (others: 403). */
  async function editable(trx: Db, caller: Caller, id: number): Promise<StrategyRow> {
    const row = await visible(trx, caller, id);
    if (row.owner_id === null && !caller.is_superuser) throw new ForbiddenError('Built-in strategies can only be changed by an admin');
    return row;
  }

  async function current(trx: Db, row: StrategyRow): Promise<StrategyBody> {
    const body = await strategiesRepository.body(trx, row.id, row.version);
    if (!body) throw new Error(`strategy ${row.id} has no body for its version ${row.version}`);
    return body;
  }

  return {
    async list(caller: Caller, query: z.output<typeof StrategyListQuery>): Promise<StrategyList> {
      const { rows, count } = await strategiesRepository.page(db, caller.id, query.scope, query.skip, query.limit);
      return { data: rows.map(toStrategySummary), count };
    },

    /** At the current version unless one is asked for (404 when there is no such version). */
    async get(caller: Caller, id: number, query: z.output<typeof StrategyGetQuery>): Promise<Strategy> {
      const row = await visible(db, caller, id);
      const version = query.version ?? row.version;
      if (version > row.version) throw new NotFoundError(`Version ${version} of the strategy`);
      if (!query.with_body) return toStrategy(row, undefined, version);
      const body = await strategiesRepository.body(db, row.id, version);
      if (!body) throw new NotFoundError(`Version ${version} of the strategy`);
      return toStrategy(row, body, version);
    },

    /** The caller's new strategy at version 1. */
    async create(caller: Caller, body: z.output<typeof StrategyCreate>): Promise<Strategy> {
      const row = await db.transaction().execute((trx) =>
        strategiesRepository.insert(trx, {
          owner_id: caller.id,
          name: body.name,
          description: body.description ?? null,
          timeframe: body.timeframe ?? null,
          body: body.body,
          now: Date.now(),
        }),
      );
      return toStrategy(row, body.body);
    },

    /** Omitted fields keep their value; a body that differs from the current one is the next version. */
    async update(caller: Caller, id: number, change: z.output<typeof StrategyUpdate>): Promise<Strategy> {
      return db.transaction().execute(async (trx) => {
        const row = await editable(trx, caller, id);
        const body = await current(trx, row);
        const newBody = change.body !== undefined && !sameBody(change.body, body) ? change.body : undefined;
        const updated = await strategiesRepository.update(trx, row, {
          ...(change.name !== undefined ? { name: change.name } : {}),
          ...(change.description !== undefined ? { description: change.description } : {}),
          ...(change.timeframe !== undefined ? { timeframe: change.timeframe } : {}),
          ...(newBody ? { body: newBody } : {}),
          now: Date.now(),
        });
        if (!updated) throw new ConflictError('The strategy was changed by someone else meanwhile; load it again and retry');
        return toStrategy(updated, newBody ?? body);
      });
    },

    /** Refused (409, naming them) while subscriptions use the strategy: delete or re-point those first. */
    async delete(caller: Caller, id: number): Promise<{ msg: string }> {
      return db.transaction().execute(async (trx) => {
        const row = await editable(trx, caller, id);
        const users = await subscriptionsRepository.usingStrategy(trx, row.id);
        if (users.length > 0) {
          const named = users.slice(0, 10).map((s) => `"${s.name}" (id ${s.id})`);
          const more = users.length > 10 ? ` and ${users.length - 10} more` : '';
          throw new ConflictError(
            `The strategy is used by ${users.length === 1 ? 'subscription' : 'subscriptions'} ${named.join(', ')}${more}; delete them or move them to another strategy first`,
          );
        }
        await strategiesRepository.delete(trx, row, Date.now());
        return { msg: 'Strategy deleted' };
      });
    },

    /** For subscriptions: the strategy if the caller may use it (built-in or own), else 404. */
    async usable(caller: Caller, id: number, trx: Db = db): Promise<StrategyRow> {
      return visible(trx, caller, id);
    },

    /** For the live engine and backtests: a version's body (the current one when omitted), any owner. */
    async bodyOf(id: number, version?: number): Promise<{ strategy: StrategyRow; version: number; body: StrategyBody }> {
      const row = await strategiesRepository.findById(db, id);
      if (!row) throw new NotFoundError('Strategy');
      const at = version ?? row.version;
      const body = await strategiesRepository.body(db, id, at);
      if (!body) throw new NotFoundError(`Version ${at} of the strategy`);
      return { strategy: row, version: at, body };
    },

    /** Seeds the built-ins on a fresh database; never touches one that exists (an admin may have edited it). */
    seed: () => seedBuiltinStrategies(db),
  };
}

export type StrategiesService = ReturnType<typeof createStrategiesService>;
