import type { FastifyInstance } from 'fastify';
import { pick } from '../../../contract/endpoint';
import { taskEndpoints, utilityEndpoints } from '../../../contract/system/endpoints';
import { TASK_RECENT_WINDOW_HOURS, type TaskInfo } from '../../../contract/system/tasks';
import { NotFoundError } from '../../domain/errors';
import { sendTestEmail } from '../../domain/tasks/testEmail';
import { serve } from '../route';

const HOUR = 3_600_000;

/** `result` travels only when asked for (it can be large: a backtest). */
const withoutResult = (info: TaskInfo): TaskInfo => ({ ...info, result: null });

/** The /task/* rows and the utility rows test-celery and test-email (issue 8). */
export function taskRoutes(app: FastifyInstance) {
  const { services, config, mailer } = app.ctx;
  const { tasks } = services;

  const found = async (id: string) => {
    const info = await tasks.find(id);
    if (!info) throw new NotFoundError(`Task ${id}`);
    return info;
  };

  serve(app, pick(taskEndpoints, 'tasks.start'), async ({ query, user }) =>
    tasks.start(query.task_name, query.args ?? {}, { userId: user.id, preventConcurrent: query.prevent_concurrent ?? false }),
  );

  serve(app, pick(taskEndpoints, 'tasks.state'), async ({ query }) => {
    const info = await found(query.task_id);
    // Answer first, then forget: a task not finished is refused (409) and stays.
    if (query.forget) await tasks.forget(info.id);
    return query.get_result ? info : withoutResult(info);
  });

  serve(app, pick(taskEndpoints, 'tasks.revoke'), async ({ query }) => {
    const info = await tasks.revoke(query.task_id, query.terminate ?? false);
    if (!info) throw new NotFoundError(`Task ${query.task_id}`);
    return withoutResult(info);
  });

  serve(app, pick(taskEndpoints, 'tasks.report'), async ({ query }) => {
    const store = tasks.store();
    const since = query.report_all ? null : Date.now() - TASK_RECENT_WINDOW_HOURS * HOUR;
    const filter = { since, state: query.state, name: query.name };
    const [counts, running, data] = await Promise.all([
      store.counts(filter),
      store.running({ name: query.name }),
      store.page(filter, query.offset, query.limit),
    ]);
    const count = Object.values(counts).reduce((a, b) => a + b, 0);
    return {
      counts,
      running: running.map(withoutResult),
      data: data.map(withoutResult),
      count,
      since: since === null ? null : new Date(since).toISOString(),
    };
  });

  serve(app, pick(utilityEndpoints, 'utility.testCelery'), async ({ user }) => tasks.start('system.test', {}, { userId: user.id }));

  serve(app, pick(utilityEndpoints, 'utility.testEmail'), async ({ query }) =>
    sendTestEmail({ mailer, smtpUrl: config.smtpUrl, from: config.smtpFrom }, query.email_to),
  );
}
