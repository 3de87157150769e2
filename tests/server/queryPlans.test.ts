import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../server/store/database';
import { createAuditLogRepository } from '../../server/store/repositories/auditLog';
import { createKlinesRepository } from '../../server/store/repositories/klines';
import { notificationsRepository } from '../../server/store/repositories/notifications';
import { scoresRepository } from '../../server/store/repositories/scores';
import type { Database } from '../../server/store/schema';
import { startTestServer, type TestServer } from './support/testServer';

/*
 * The hot reads run on an index on both databases (issue 9: "the indexes and query plans that
 * make klines and notifications fast there too"). The queries are the repositories' own: they run
 * through a Kysely (or, for SQLite's klines, a better-sqlite3 handle) that records every statement,
 * and each recorded statement is then explained. On PostgreSQL the tables first get realistic
 * volumes and statistics, since its planner rightly prefers a sequential scan of a tiny table.
 */

const SYMBOLS = 20;
const CANDLES = 10_000;
/** The series a chart reads holds more than one read's worth, as a real one does after weeks of 1m candles. */
const LONG_SERIES = 'SYM7';
const LONG_CANDLES = 40_000;
const USERS = 20;
const NOTIFICATIONS_PER_USER = 5_000;
const T0 = Date.UTC(2026, 0, 1);
/** A user holding notifications on PostgreSQL (seeded users are 1000…1019); on SQLite only the plan matters. */
const USER = 1003;

interface Recorded {
  sql: string;
  parameters: readonly unknown[];
}

/** What the planner does with one statement, reduced to what the assertions need. */
interface Plan {
  /** e.g. `Index Scan klines_pk`, `Seq Scan notifications`, `SEARCH klines USING PRIMARY KEY (…)`. */
  steps: string[];
  text: string;
}

describe('query plans of the hot reads', () => {
  let t: TestServer;
  let recorded: Recorded[] = [];
  let db: Kysely<Database>;
  let store: Store;
  let explain: (query: Recorded) => Promise<Plan>;
  let closeAll: () => Promise<void>;

  /** Runs `read` and explains the one statement it sends that reads `table`. */
  const planOf = async (table: string, read: () => Promise<unknown>): Promise<Plan> => {
    recorded = [];
    await read();
    const statement = recorded.find((q) => new RegExp(`^select .* from "?${table}"?\\b`, 'is').test(q.sql.trim()));
    expect(statement, `a select from ${table}`).toBeDefined();
    return explain(statement!);
  };

  const expectIndexed = (plan: Plan, table: string, index: RegExp) => {
    const onTable = plan.steps.filter((step) => step.includes(table));
    expect(onTable.length, plan.text).toBeGreaterThan(0);
    // A full scan of the table (or of one of its indexes, on SQLite) is what an index avoids.
    expect(onTable.filter((step) => /^(Seq Scan|SCAN )/.test(step)), plan.text).toEqual([]);
    expect(onTable.some((step) => index.test(step)), plan.text).toBe(true);
  };

  beforeAll(async () => {
    t = await startTestServer();
    const log = (event: LogEvent) => {
      if (event.level === 'query') recorded.push({ sql: event.query.sql, parameters: event.query.parameters });
    };
    if (t.dialect === 'postgres') {
      const pool = new pg.Pool({ connectionString: t.config.databaseUrl, max: 2 });
      db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
      store = { db, dialect: 'postgres', close: () => db.destroy() };
      await seedPostgres(db);
      explain = async (query) => {
        const result = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
          CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
        );
        const [root] = result.rows[0]!['QUERY PLAN'] as [{ Plan: PgNode }];
        const steps: string[] = [];
        walk(root.Plan, steps);
        return { steps, text: JSON.stringify(root.Plan) };
      };
      closeAll = () => db.destroy();
    } else {
      const file = join(t.config.dataDir, 'bazaar.sqlite3');
      const sqlite = new SQLite(file);
      // SQLite's klines reads are prepared statements on the raw handle: record what is prepared.
      const recording = new Proxy(sqlite, {
        get(target, key) {
          if (key === 'prepare') {
            return (sql: string) => {
              recorded.push({ sql, parameters: [] });
              return target.prepare(sql);
            };
          }
          const value = Reflect.get(target, key, target) as unknown;
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
      db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log });
      store = { db, dialect: 'sqlite', sqlite: recording, close: () => db.destroy() };
      explain = async (query) => {
        const statement = sqlite.prepare(`explain query plan ${query.sql}`);
        // A prepared statement's text carries `?` placeholders and no values: any value plans the same.
        const placeholders = query.sql.split('?').length - 1;
        const parameters = query.parameters.length > 0 ? query.parameters : Array.from({ length: placeholders }, () => 0);
        const rows = statement.all(...(parameters as unknown[])) as { detail: string }[];
        const steps = rows.map((row) => row.detail);
        return { steps, text: steps.join('\n') };
      };
      closeAll = () => db.destroy();
    }
  }, 120_000);
  afterAll(async () => {
    await closeAll?.();
    await t?.close();
  });

  it('klines: a chart read (the newest 10,000 candles of one series) seeks the series key', async () => {
    const repo = createKlinesRepository(store);
    const key = { market: 'crypto', symbol: LONG_SERIES, source: 'simulated', timeframe: '1m' as const };
    recorded = [];
    // SQLite prepares every klines statement on the first read, so both reads run before explaining.
    for (const order of ['desc', 'asc'] as const) await repo.readRange(key, { from: 0, to: T0 + LONG_CANDLES * 60_000, order, limit: 10_000 });
    const reads = [...recorded];
    for (const order of ['desc', 'asc'] as const) {
      const statement = reads.find((q) => new RegExp(`from "?klines"? .*order by "?open_time"? ${order} limit`, 'is').test(q.sql));
      expect(statement, `the ${order} read`).toBeDefined();
      const plan = await explain(statement!);
      expectIndexed(plan, 'klines', /klines_pk|PRIMARY KEY/);
      // Rows come in key order: no sort of the whole range.
      expect(plan.steps.filter((s) => /^Sort|TEMP B-TREE/.test(s)), plan.text).toEqual([]);
    }
  });

  it('notifications: a user\'s page by status, by symbol and the catch-up after a reconnect use the user\'s indexes', async () => {
    const page = { offset: 0, limit: 50, order: 'desc' as const };
    const byStatus = await planOf('notifications', () => notificationsRepository.list(db, { userId: USER, status: [10] }, page));
    expectIndexed(byStatus, 'notifications', /notifications_user_status/);
    expect(byStatus.steps.filter((s) => /^Sort|TEMP B-TREE/.test(s)), byStatus.text).toEqual([]);
    const bySymbol = await planOf('notifications', () => notificationsRepository.list(db, { userId: USER, symbol: 'SYM2' }, page));
    expectIndexed(bySymbol, 'notifications', /notifications_user/);
    const catchUp = await planOf('notifications', () => notificationsRepository.list(db, { userId: USER, updated_after: T0 + 4_000 * 60_000 }, page));
    expectIndexed(catchUp, 'notifications', /notifications_user/);
  });

  it('scores: read_last_scores and a symbol\'s score history read by key', async () => {
    const latest = await planOf('latest_scores', () => scoresRepository.latest(db, { subscriptionIds: [1, 2], market: 'crypto' }));
    expectIndexed(latest, 'latest_scores', /latest_scores_pk|PRIMARY KEY/);
    const history = await planOf('scores', () =>
      scoresRepository.history(db, { subscriptionId: 1, market: 'crypto', symbol: 'SYM4' }, { limit: 500 }),
    );
    expectIndexed(history, 'scores', /scores_pk|PRIMARY KEY/);
  });

  it('audit log: a page filtered by action walks its index newest first', async () => {
    const repo = createAuditLogRepository(db);
    const plan = await planOf('audit_log', () => repo.page({ action: 'market.dataUpdate' }, 0, 50));
    expectIndexed(plan, 'audit_log', /audit_log_action/);
  });
});

interface PgNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PgNode[];
}

/** `Index Scan on klines using klines_pk` style steps, depth first. */
function walk(node: PgNode, steps: string[]) {
  const on = node['Relation Name'] ? ` ${node['Relation Name']}` : '';
  const using = node['Index Name'] ? ` ${node['Index Name']}` : '';
  // A bitmap index scan names only its index; the heap scan above it names the table.
  const table = !on && node['Index Name'] ? ` ${node['Index Name'].replace(/_(pk|[a-z]+)$/, '')}` : '';
  steps.push(`${node['Node Type']}${on}${table}${using}`);
  for (const child of node.Plans ?? []) walk(child, steps);
}

/** Realistic volumes: 19 series × 10,000 1m candles and one of 40,000, 20 users × 5,000 notifications, 2 × 20 × 2,000 scores, 20,000 audit entries (1 % data updates). */
async function seedPostgres(db: Kysely<Database>) {
  await db.connection().execute(async (conn) => {
    const run = (sql: string) => conn.executeQuery(CompiledQuery.raw(sql));
    // Parents (users, subscriptions) are not the point here: skip the foreign-key checks.
    await run('set session_replication_role = replica');
    await run(`insert into klines (market, symbol, source, timeframe, open_time, open, high, low, close, volume)
      select 'crypto', 'SYM' || s, 'simulated', '1m', ${T0} + i::bigint * 60000, 100, 101, 99, 100, 5
      from generate_series(0, ${SYMBOLS - 1}) s, generate_series(0, ${CANDLES - 1}) i
      where 'SYM' || s <> '${LONG_SERIES}'`);
    await run(`insert into klines (market, symbol, source, timeframe, open_time, open, high, low, close, volume)
      select 'crypto', '${LONG_SERIES}', 'simulated', '1m', ${T0} + i::bigint * 60000, 100, 101, 99, 100, 5
      from generate_series(0, ${LONG_CANDLES - 1}) i`);
    await run(`insert into notifications (user_id, title, body, status, priority, category, symbol, created_at, updated_at)
      select 1000 + u, 'n', '', (array[10, 20, 30])[1 + i % 3], 20, 'signal', 'SYM' || (i % ${SYMBOLS}), ${T0} + i * 60000, ${T0} + i * 60000
      from generate_series(0, ${USERS - 1}) u, generate_series(0, ${NOTIFICATIONS_PER_USER - 1}) i`);
    await run(`insert into scores (subscription_id, market, symbol, timestamp, timeframe, strategy_id, strategy_version, strategy_timeframe, total, rules)
      select sub, 'crypto', 'SYM' || s, ${T0} + i * 60000, '1m', 1, 1, '1m', 0.5, '{}'
      from generate_series(1, 2) sub, generate_series(0, ${SYMBOLS - 1}) s, generate_series(0, 1999) i`);
    await run(`insert into latest_scores (subscription_id, market, symbol, timeframe, timestamp, strategy_id, strategy_version, strategy_timeframe, total, rules)
      select sub, 'crypto', 'SYM' || s, '1m', ${T0}, 1, 1, '1m', 0.5, '{}'
      from generate_series(1, 200) sub, generate_series(0, ${SYMBOLS - 1}) s`);
    await run(`insert into audit_log (at, user_id, user_email, action, method, path, target, details, status_code)
      select ${T0} + i, 1, 'a@b.test',
        case when i % 100 = 0 then 'market.dataUpdate' else (array['market.setSetting', 'tasks.start', 'services.sendCommand'])[1 + i % 3] end,
        'POST', '/api/x', null, '{}', 200
      from generate_series(0, 19999) i`);
    await run('set session_replication_role = default');
    await run('analyze');
  });
}
