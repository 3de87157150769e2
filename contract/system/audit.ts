import { z } from 'zod';
import { Id, IsoDateTime, JsonValue, OffsetLimitQuery } from '../common';

/**
 * The admin calls the audit log records: market administration (issue 8 asks for these) and the
 * other calls by which an admin runs the system (tasks, services, users, broadcasts).
 */
export const AUDITED_ACTIONS = [
  'market.setSetting',
  'market.createListItem',
  'market.updateListItem',
  'market.setListItem',
  'market.initNewSymbol',
  'market.dataUpdate',
  'tasks.start',
  'tasks.revoke',
  'services.sendCommand',
  'utility.testCelery',
  'utility.testEmail',
  'accounts.create',
  'accounts.update',
  'notifications.broadcast',
] as const;
export const AuditAction = z.enum(AUDITED_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

/**
 * The admin audit log (issue 8): every admin call that changes market data or settings
 * (`settings/{name}`, list writes, `set_item`, `init_new_symbol`, `data_update`), and every other
 * call of AUDITED_ACTIONS, is recorded with who made it, when, and what it asked for, whether it
 * succeeded or was refused. A call refused before its caller is known (401, or a 422 from
 * request validation, which runs before authentication) changes nothing and is not recorded.
 */
export const AuditEntry = z.object({
  id: Id,
  at: IsoDateTime,
  user_id: Id.nullable(),
  /** Kept even after the user is deleted or renamed. */
  user_email: z.string(),
  /** The route table id of the call, e.g. `market.setSetting`. */
  action: AuditAction,
  method: z.string(),
  /** The path as called, e.g. `/api/core/market/settings/fee_rate`. */
  path: z.string(),
  /** What the call acted on, e.g. `crypto/fee_rate` or `symbols/BTCUSDT`; null when it names nothing. */
  target: z.string().nullable(),
  /** The call's path parameters, query and body (long bodies cut, passwords and secrets masked), as JSON. */
  details: JsonValue,
  /** The answer's status: 2xx done, 4xx refused (nothing changed). */
  status_code: z.number().int(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditLogQuery = OffsetLimitQuery.extend({
  /** Only this admin's calls. */
  user_id: z.coerce.number().int().positive().optional(),
  /** Only this action (route id), e.g. `market.dataUpdate`. */
  action: AuditAction.optional(),
  /** Free text matched against the path and target. */
  q: z.string().trim().min(1).max(100).optional(),
  /** Only refused (4xx) or only successful calls. */
  outcome: z.enum(['ok', 'refused']).optional(),
  /** Half-open [from, to) bounds on `at`. */
  from: IsoDateTime.optional(),
  to: IsoDateTime.optional(),
});
export type AuditLogQuery = z.input<typeof AuditLogQuery>;

export const AuditLogPage = z.object({
  /** Newest first. */
  data: z.array(AuditEntry),
  count: z.number().int().nonnegative(),
});
export type AuditLogPage = z.infer<typeof AuditLogPage>;
