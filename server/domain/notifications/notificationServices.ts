import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Bus } from '../../live/bus';
import type { Database } from '../../store/schema';
import type { Mailer } from '../mail/mailer';
import type { TaskRunner } from '../tasks/taskRunner';
import { createChannelsService } from './channels/channelsService';
import { createChannelDelivery } from './channels/delivery';
import { createSenders } from './channels/senders';
import { createExpiry } from './expiry';
import { createNotificationsService } from './notificationsService';
import type { Notifier } from './notifier';
import { notificationSettings } from './settings';

/** The notifications area's services (list, statuses, broadcast, channels, delivery, expiry); built by createServices. */
export function createNotificationServices(deps: {
  db: Kysely<Database>;
  bus: Bus;
  notifier: Notifier;
  mailer: Mailer;
  tasks: TaskRunner;
  config: Config;
  log?: { warn(obj: object, msg: string): void };
}) {
  const { db, notifier, mailer, tasks, config } = deps;
  const settings = () => notificationSettings(config);
  const senders = createSenders({ mailer, smtpUrl: config.smtpUrl, smtpFrom: config.smtpFrom, timeoutMs: () => settings().deliveryTimeoutMs });
  // Listens to the notifier from here on: every stored notification goes to its matching channels.
  const delivery = createChannelDelivery({ db, notifier, tasks, senders, settings, ...(deps.log ? { log: deps.log } : {}) });
  const expiry = createExpiry({ db, notifier, tasks, intervalMs: () => settings().expireIntervalMs, ...(deps.log ? { log: deps.log } : {}) });
  return {
    notifications: createNotificationsService({ db, notifier }),
    channels: createChannelsService({ db, delivery, settings }),
    /** Background work: the expiry timer (start) and delivery tasks (stopped with it). */
    notificationJobs: {
      start: () => {
        delivery.start();
        expiry.start();
      },
      async stop() {
        await expiry.stop();
        await delivery.stop();
      },
      expireNow: expiry.expireNow,
      deliveriesIdle: delivery.idle,
    },
  };
}
