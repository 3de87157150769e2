import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MarketListName } from '../../../contract/codes';
import { pick } from '../../../contract/endpoint';
import type { FieldError } from '../../../contract/errors';
import { marketEndpoints } from '../../../contract/market/endpoints';
import { marketListCreateBodies, marketListUpdateBodies } from '../../../contract/market/lists';
import type { ListCreateBody, ListUpdateBody } from '../../domain/markets/marketLists';
import { ValidationError } from '../../domain/errors';
import { serve } from '../route';

const endpoint = <I extends (typeof marketEndpoints)[number]['id']>(id: I) => pick(marketEndpoints, id);

/** The list bodies each write validates against, chosen by the `{name}` of its path. */
const BODY_SCHEMAS: Record<string, Record<MarketListName, z.ZodType>> = {
  'market.createListItem': marketListCreateBodies,
  'market.setListItem': marketListCreateBodies,
  'market.updateListItem': marketListUpdateBodies,
};

/** Zod issues of a body as the FastAPI-style field errors the error handler sends. */
function bodyErrors(issues: z.core.$ZodIssue[]): FieldError[] {
  return issues.flatMap((issue) => {
    const path = issue.path.map((part) => (typeof part === 'number' ? part : String(part)));
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ loc: ['body', ...path, key], msg: 'unknown field', type: 'unrecognized_keys' }));
    }
    return [{ loc: ['body', ...path], msg: issue.message, type: issue.code }];
  });
}

/** The body parsed by its list's own schema, or a 422 naming each bad field. */
function parseListBody<T>(schemas: Record<MarketListName, z.ZodType>, list: MarketListName, body: unknown): T {
  const result = schemas[list].safeParse(body);
  if (!result.success) throw new ValidationError(bodyErrors(result.error.issues));
  return result.data as T;
}

/**
 * The contract declares each write's body as the union of the four lists' shapes; a body that fits
 * none would fail that union with one unhelpful error at `body`. Checking it first against the
 * shape its `{name}` picks names the bad field instead (and refuses a category sent to `symbols`).
 */
async function checkListBody(request: FastifyRequest) {
  const schemas = BODY_SCHEMAS[String(request.routeOptions.config.endpointId)];
  const list = MarketListName.safeParse((request.params as { name?: unknown }).name);
  if (schemas && list.success) parseListBody(schemas, list.data, request.body);
}

/** The `market` rows of the route table, except the two task starters (routes/marketData.ts). */
export function marketRoutes(app: FastifyInstance) {
  // A scope of its own, so the body check above runs on these routes only.
  void app.register(async (scope) => {
    const { markets } = scope.ctx.services;
    scope.addHook('preValidation', checkListBody);

    serve(scope, endpoint('market.getSettings'), async ({ query }) => markets.settings.all(query.market));
    serve(scope, endpoint('market.setSetting'), async ({ params, body }) =>
      markets.settings.set(body.market, params.name, body.value),
    );

    serve(scope, endpoint('market.listMarkets'), async () => {
      const data = await markets.listMarkets();
      return { data, count: data.length };
    });

    serve(scope, endpoint('market.getList'), async ({ params, query }) => markets.lists.page(params.name, query));
    serve(scope, endpoint('market.getListItem'), async ({ params }) => markets.lists.get(params.name, params.id));

    serve(scope, endpoint('market.createListItem'), async ({ params, body }) =>
      markets.lists.create(params.name, parseListBody<ListCreateBody>(marketListCreateBodies, params.name, body)),
    );
    serve(scope, endpoint('market.updateListItem'), async ({ params, body }) =>
      markets.lists.update(params.name, params.id, parseListBody<ListUpdateBody>(marketListUpdateBodies, params.name, body)),
    );
    serve(scope, endpoint('market.setListItem'), async ({ params, body }) =>
      markets.lists.set(params.name, parseListBody<ListCreateBody>(marketListCreateBodies, params.name, body)),
    );
  });
}
