import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { pick } from '../../../contract/endpoint';
import { strategyEndpoints } from '../../../contract/signals/endpoints';
import { StrategyCreate, StrategyUpdate } from '../../../contract/signals/strategies';
import { ValidationError } from '../../domain/errors';
import { toFieldErrors } from '../../domain/signals/bodyIssues';
import { serve } from '../route';

const endpoint = <I extends (typeof strategyEndpoints)[number]['id']>(id: I) => pick(strategyEndpoints, id);

const BODIES: Record<string, z.ZodType> = { 'strategy.create': StrategyCreate, 'strategy.update': StrategyUpdate };

/**
 * Checks a strategy body before the route's own validation, to answer with the precise error a
 * nested expression deserves (see bodyIssues.ts): the strategy editor shows each beside its field.
 */
async function checkStrategyBody(request: FastifyRequest) {
  const schema = BODIES[String(request.routeOptions.config.endpointId)];
  if (!schema) return;
  const result = schema.safeParse(request.body);
  if (!result.success) throw new ValidationError(toFieldErrors(result.error.issues, ['body']));
}

/** The `strategy` rows; a backtest starts a task (domain/signals/backtestTask.ts). */
export function strategyRoutes(app: FastifyInstance) {
  void app.register(async (scope) => {
    const { strategies, backtests } = scope.ctx.services;
    scope.addHook('preValidation', checkStrategyBody);

    serve(scope, endpoint('strategy.list'), async ({ user, query }) => strategies.list(user, query));
    serve(scope, endpoint('strategy.create'), async ({ user, body }) => strategies.create(user, body));
    serve(scope, endpoint('strategy.get'), async ({ user, params, query }) => strategies.get(user, params.id, query));
    serve(scope, endpoint('strategy.update'), async ({ user, params, body }) => strategies.update(user, params.id, body));
    serve(scope, endpoint('strategy.delete'), async ({ user, params }) => strategies.delete(user, params.id));
    serve(scope, endpoint('strategy.backtest'), async ({ user, params, body }) => backtests.start(user, params.strategyId, body));
  });
}
