import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AuditLogPage, AuditLogQuery } from '../../../contract/system/audit';
import type { Database } from '../../store/schema';
import { createAuditLogRepository, toAuditEntry } from '../../store/repositories/auditLog';

/** A body longer than this (as JSON) is kept as a cut preview. */
const MAX_DETAIL_CHARS = 4_000;
/** Keys whose values never reach the log, at any depth (a new user's password, a channel secret). */
const SECRET_KEY = /password|secret|token|api_key/i;

/** One admin call as the HTTP layer saw it. */
export interface AdminCall {
  user: { id: number; email: string };
  action: string;
  method: string;
  path: string;
  params: unknown;
  query: unknown;
  body: unknown;
  statusCode: number;
}

function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, SECRET_KEY.test(key) ? '***' : masked(v)]));
}

function details(call: AdminCall): unknown {
  const all = masked({ params: call.params ?? {}, query: call.query ?? {}, body: call.body ?? null });
  const text = JSON.stringify(all);
  return text.length <= MAX_DETAIL_CHARS ? all : { truncated: true, preview: text.slice(0, MAX_DETAIL_CHARS) };
}

const field = (value: unknown, key: string): string | undefined => {
  if (value === null || typeof value !== 'object') return undefined;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'string' || typeof found === 'number' ? String(found) : undefined;
};

/**
 * What the call acted on, readable in a list: `crypto/fee_rate` for a setting, `crypto/symbols/BTCUSDT`
 * for a list item, `market-feed:crypto/restart` for a service command, `market.backfill` for a task.
 */
function targetOf(call: AdminCall): string | null {
  const { params, query, body } = call;
  const market = field(params, 'market') ?? field(body, 'market');
  const parts: (string | undefined)[] = call.action.startsWith('market.')
    ? [market, field(params, 'name'), field(body, 'symbol') ?? field(body, 'name') ?? field(params, 'id')]
    : [
        field(query, 'service_name') ?? field(query, 'task_name') ?? field(query, 'task_id') ?? field(params, 'userId') ?? field(body, 'email') ?? field(query, 'email_to'),
        field(query, 'command'),
      ];
  const text = parts.filter((p): p is string => p !== undefined && p !== '').join('/');
  return text === '' ? null : text.slice(0, 300);
}

/** The audit log (issue 8): records admin calls and reads them back for the admin screen. */
export function createAuditLog(deps: { db: Kysely<Database> }) {
  const repo = createAuditLogRepository(deps.db);

  return {
    async record(call: AdminCall): Promise<void> {
      await repo.insert({
        at: Date.now(),
        user_id: call.user.id,
        user_email: call.user.email,
        action: call.action,
        method: call.method,
        path: call.path.slice(0, 2000),
        target: targetOf(call),
        details: JSON.stringify(details(call)),
        status_code: call.statusCode,
      });
    },

    async list(query: z.output<typeof AuditLogQuery>): Promise<AuditLogPage> {
      const { rows, count } = await repo.page(
        {
          ...(query.user_id !== undefined ? { user_id: query.user_id } : {}),
          ...(query.action !== undefined ? { action: query.action } : {}),
          ...(query.q !== undefined ? { text: query.q.toLowerCase() } : {}),
          ...(query.outcome !== undefined ? { outcome: query.outcome } : {}),
          ...(query.from !== undefined ? { fromMs: Date.parse(query.from) } : {}),
          ...(query.to !== undefined ? { toMs: Date.parse(query.to) } : {}),
        },
        query.offset,
        query.limit,
      );
      return { data: rows.map(toAuditEntry), count };
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
