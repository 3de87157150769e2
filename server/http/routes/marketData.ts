import type { FastifyInstance } from 'fastify';
import { pick } from '../../../contract/endpoint';
import { marketEndpoints } from '../../../contract/market/endpoints';
import type { TaskInfo } from '../../../contract/system/tasks';
import { serve } from '../route';

const started = (task: TaskInfo) => ({ task_id: task.id, task_name: task.name, state: task.state });

/** `init_new_symbol` and `data_update`: start back-fill and update tasks (issue 4). */
export function marketDataRoutes(app: FastifyInstance) {
  const { services } = app.ctx;

  serve(app, pick(marketEndpoints, 'market.initNewSymbol'), async ({ params, body, user }) =>
    started(await services.feeds.initNewSymbol(params.market, body, user.id)),
  );
  serve(app, pick(marketEndpoints, 'market.dataUpdate'), async ({ params, body, user }) =>
    started(await services.feeds.dataUpdate(params.market, body, user.id)),
  );
}
