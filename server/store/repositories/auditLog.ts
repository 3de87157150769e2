import { sql, type Kysely } from 'kysely';
import type { AuditEntry } from '../../../contract/system/audit';
import type { Database } from '../schema';
import type { AuditLogRow } from '../tables/auditTables';
import { toIso } from './times';

type Db = Kysely<Database>;

export type AuditWrite = Omit<AuditLogRow, 'id'>;

export interface AuditFilter {
  user_id?: number;
  action?: string;
  /** Lower-case text matched anywhere in the path or the target. */
  text?: string;
  outcome?: 'ok' | 'refused';
  fromMs?: number;
  toMs?: number;
}

export function toAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    at: toIso(row.at),
    user_id: row.user_id,
    user_email: row.user_email,
    action: row.action as AuditEntry['action'],
    method: row.method,
    path: row.path,
    target: row.target,
    details: JSON.parse(row.details) as AuditEntry['details'],
    status_code: row.status_code,
  };
}

/** `%` and `_` in the text match themselves, not any characters. */
const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createAuditLogRepository(db: Db) {
  const filtered = (filter: AuditFilter) => {
    let query = db.selectFrom('audit_log');
    if (filter.user_id !== undefined) query = query.where('user_id', '=', filter.user_id);
    if (filter.action !== undefined) query = query.where('action', '=', filter.action);
    if (filter.outcome === 'ok') query = query.where('status_code', '<', 400);
    if (filter.outcome === 'refused') query = query.where('status_code', '>=', 400);
    if (filter.fromMs !== undefined) query = query.where('at', '>=', filter.fromMs);
    if (filter.toMs !== undefined) query = query.where('at', '<', filter.toMs);
    if (filter.text !== undefined) {
      const pattern = likeContaining(filter.text);
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(path)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(coalesce(target, ''))`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    return query;
  };

  return {
    async insert(write: AuditWrite): Promise<void> {
      await db.insertInto('audit_log').values(write).execute();
    },

    /** Newest first, with the total of the filtered rows. */
    async page(filter: AuditFilter, offset: number, limit: number): Promise<{ rows: AuditLogRow[]; count: number }> {
      const [rows, total] = await Promise.all([
        filtered(filter).selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
        filtered(filter).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(total.n) };
    },
  };
}
