import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { EndpointDef } from '../../contract/endpoint';
import { ErrorResponse } from '../../contract/errors';
import type { UserRow } from '../store/schema';
import { requireAccess } from './plugins/auth';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerInput<E extends EndpointDef> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  /** The signed-in user; present on every `user` and `admin` endpoint. */
  user: E['access'] extends 'user' | 'admin' ? UserRow : UserRow | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends EndpointDef> = (input: HandlerInput<E>) => Promise<z.input<E['response']>>;

/** `/api/quote/{id}` (contract) to `/api/quote/:id` (Fastify). */
export const toFastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 422, 429] as const;

/**
 * Serves one row of the route table: the contract's schemas validate the input, shape the
 * OpenAPI document and check the output; the access level is enforced before the handler runs.
 */
export function serve<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<NoInfer<E>>,
  options: { rateLimit?: { max: number; timeWindow: number } } = {},
) {
  const errorResponses = Object.fromEntries(ERROR_STATUSES.map((status) => [status, ErrorResponse]));
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    schema: {
      operationId: endpoint.id,
      summary: endpoint.summary,
      tags: [endpoint.area],
      ...(endpoint.access === 'user' || endpoint.access === 'admin' ? { security: [{ bearer: [] }] } : {}),
      ...(endpoint.bodyType === 'form' ? { consumes: ['application/x-www-form-urlencoded'] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response, ...errorResponses },
    },
    config: { access: endpoint.access, endpointId: endpoint.id, ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) },
    preHandler: requireAccess(endpoint.access),
    handler: async (request, reply) =>
      handler({
        params: request.params,
        query: request.query,
        body: request.body,
        user: request.user,
        request,
        reply,
      } as HandlerInput<E>),
  });
}
