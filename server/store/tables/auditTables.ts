import type { Generated, Selectable } from 'kysely';

/** One recorded admin call (migration 012). `details` is JSON text; times are epoch ms. */
export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  user_id: number | null;
  user_email: string;
  action: string;
  method: string;
  path: string;
  target: string | null;
  details: string;
  status_code: number;
}
export type AuditLogRow = Selectable<AuditLogTable>;

export interface AuditTables {
  audit_log: AuditLogTable;
}
