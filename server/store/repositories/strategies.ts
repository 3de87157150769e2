import type { Kysely } from 'kysely';
import type { Timeframe } from '../../../contract/codes';
import type { Strategy, StrategySummary } from '../../../contract/signals/strategies';
import type { StrategyBody } from '../../../contract/signals/strategy-body';
import type { Database, StrategyRow } from '../schema';
import { toIso } from './times';

type Db = Kysely<Database>;

export function toStrategySummary(row: StrategyRow): StrategySummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    owner_id: row.owner_id,
    is_builtin: row.owner_id === null,
    timeframe: row.timeframe as Timeframe | null,
    version: row.version,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

export function toStrategy(row: StrategyRow, body?: StrategyBody, version = row.version): Strategy {
  return { ...toStrategySummary(row), version, ...(body ? { body } : {}) };
}

/** Who sees which strategies: the built-ins (owner null) and the caller's own. */
export type StrategyScope = 'all' | 'own' | 'builtin';

export interface NewStrategy {
  owner_id: number | null;
  builtin_key?: string | null;
  name: string;
  description: string | null;
  timeframe: string | null;
  body: StrategyBody;
  now: number;
}

/** Strategies and every version of their bodies (a body change is a new row, never an overwrite). */
export const strategiesRepository = {
  findById(db: Db, id: number) {
    return db.selectFrom('strategies').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async page(db: Db, userId: number, scope: StrategyScope, skip: number, limit: number) {
    const visible = () => {
      const base = db.selectFrom('strategies');
      if (scope === 'own') return base.where('owner_id', '=', userId);
      if (scope === 'builtin') return base.where('owner_id', 'is', null);
      return base.where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', userId)]));
    };
    // Built-ins first (CASE keeps the NULLs-first order the same in both databases), then by id.
    const rows = await visible()
      .selectAll()
      .orderBy((eb) => eb.case().when('owner_id', 'is', null).then(0).else(1).end())
      .orderBy('id')
      .offset(skip)
      .limit(limit)
      .execute();
    const { count } = await visible()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return { rows, count: Number(count) };
  },

  /** The body of one version, parsed; undefined when there is no such version. */
  async body(db: Db, strategyId: number, version: number): Promise<StrategyBody | undefined> {
    const row = await db
      .selectFrom('strategy_versions')
      .select('body')
      .where('strategy_id', '=', strategyId)
      .where('version', '=', version)
      .executeTakeFirst();
    return row ? (JSON.parse(row.body) as StrategyBody) : undefined;
  },

  /** Inserts the strategy at version 1 with its body. Call inside a transaction. */
  async insert(db: Db, strategy: NewStrategy): Promise<StrategyRow> {
    const { body, now, ...fields } = strategy;
    const row = await db
      .insertInto('strategies')
      .values({ ...fields, builtin_key: fields.builtin_key ?? null, version: 1, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await db.insertInto('strategy_versions').values({ strategy_id: row.id, version: 1, body: JSON.stringify(body), created_at: now }).execute();
    return row;
  },

  /**
   * Changes the strategy's fields; with a body, stores it as the next version. The version is
   * bumped with a compare-and-set on the one the caller read, so two concurrent edits cannot both
   * claim the same number (the loser gets undefined and retries or reports a conflict).
   */
  async update(
    db: Db,
    current: StrategyRow,
    change: { name?: string; description?: string | null; timeframe?: string | null; body?: StrategyBody; now: number },
  ): Promise<StrategyRow | undefined> {
    const { body, now, ...fields } = change;
    const version = body ? current.version + 1 : current.version;
    const row = await db
      .updateTable('strategies')
      .set({ ...fields, version, updated_at: now })
      .where('id', '=', current.id)
      .where('version', '=', current.version)
      .returningAll()
      .executeTakeFirst();
    if (row && body) {
      await db.insertInto('strategy_versions').values({ strategy_id: current.id, version, body: JSON.stringify(body), created_at: now }).execute();
    }
    return row;
  },

  /** Deletes the strategy with its versions; a built-in's seed key is remembered so seeding skips it. */
  async delete(db: Db, row: StrategyRow, now: number) {
    await db.deleteFrom('strategies').where('id', '=', row.id).execute();
    if (row.builtin_key !== null) {
      await db
        .insertInto('deleted_builtin_strategies')
        .values({ builtin_key: row.builtin_key, deleted_at: now })
        .onConflict((oc) => oc.column('builtin_key').doNothing())
        .execute();
    }
  },

  /** Whether seeding should write this built-in: never written, or written and since deleted by an admin. */
  async builtinKnown(db: Db, key: string): Promise<boolean> {
    const [live, deleted] = await Promise.all([
      db.selectFrom('strategies').select('id').where('builtin_key', '=', key).executeTakeFirst(),
      db.selectFrom('deleted_builtin_strategies').select('builtin_key').where('builtin_key', '=', key).executeTakeFirst(),
    ]);
    return live !== undefined || deleted !== undefined;
  },
};
