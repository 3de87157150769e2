import { setTimeout as sleep } from 'node:timers/promises';
import type { Mailer } from '../mail/mailer';
import type { TaskRunner } from './taskRunner';

/**
 * The runner's own tasks: `system.test` (what test-celery starts: counts steps with progress, so
 * an admin sees the runner work end to end) and `email.send` (one mail through the mailer).
 */
export function defineSystemTasks(deps: { tasks: TaskRunner; mailer: Pick<Mailer, 'send' | 'usesSmtp'> }) {
  const { tasks, mailer } = deps;

  tasks.define('system.test', {
    retrySafe: false,
    async run({ steps, step_ms, fail }, ctx) {
      for (let step = 1; step <= steps; step++) {
        await sleep(step_ms, undefined, { signal: ctx.signal });
        ctx.progress(step, steps, `step ${step} of ${steps}`);
      }
      if (fail) throw new Error(`system.test failed on purpose after ${steps} step(s) (fail=true)`);
      return { steps, step_ms };
    },
  });

  tasks.define('email.send', {
    // Sending twice after a crash would send the mail twice.
    retrySafe: false,
    async run({ to, subject, text }) {
      const row = await mailer.send({ to, subject, text });
      return { mail_id: row.id, transport: mailer.usesSmtp ? 'smtp' : 'outbox' };
    },
  });
}
