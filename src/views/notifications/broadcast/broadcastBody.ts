import { NotificationBroadcast } from '../../../../contract/notifications/schemas';
import { issuesByPath, type FieldErrors } from '../../signals/fieldErrors';

export interface BroadcastForm {
  title: string;
  body: string;
  priority: number;
  audience: 'all' | 'users';
  activeOnly: boolean;
  userIds: string;
}

export const emptyBroadcast: BroadcastForm = { title: '', body: '', priority: 20, audience: 'all', activeOnly: true, userIds: '' };

/** "3, 5 7" → [3, 5, 7]; null when any piece is not a positive whole number. */
export function parseUserIds(text: string): number[] | null {
  const pieces = text.split(/[\s,،]+/).filter(Boolean);
  const ids = pieces.map(Number);
  return ids.every((id) => Number.isInteger(id) && id > 0) ? [...new Set(ids)] : null;
}

export function toBroadcastBody(f: BroadcastForm): Record<string, unknown> {
  const audience = f.audience === 'all' ? { type: 'all', active_only: f.activeOnly } : { type: 'users', user_ids: parseUserIds(f.userIds) ?? [] };
  return { title: f.title, body: f.body, priority: f.priority, audience };
}

/** The contract's check by field path (`title`, `audience.user_ids`…); ids that are not numbers too. */
export function checkBroadcast(f: BroadcastForm): FieldErrors {
  const parsed = NotificationBroadcast.safeParse(toBroadcastBody(f));
  const errors = parsed.success ? {} : issuesByPath(parsed.error.issues);
  if (f.audience === 'users' && parseUserIds(f.userIds) === null) errors['audience.user_ids'] = ['ids'];
  return errors;
}
