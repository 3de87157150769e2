import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Bus } from '../../live/bus';
import type { Database } from '../../store/schema';
import type { Mailer } from '../mail/mailer';
import type { TaskRunner } from '../tasks/taskRunner';
import type { Notifier } from './notifier';

/** The notifications area's services (list, statuses, broadcast, channels, delivery, expiry); built by createServices. */
export function createNotificationServices(_deps: { db: Kysely<Database>; bus: Bus; notifier: Notifier; mailer: Mailer; tasks: TaskRunner; config: Config }) {
  return {};
}
