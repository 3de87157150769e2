import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { FieldError } from '../../../contract/errors';
import { DomainError, ValidationError } from '../../domain/errors';

const PART_NAMES: Record<string, string> = { querystring: 'query', params: 'path', body: 'body', headers: 'header' };

/** Zod issues as FastAPI-style field errors: `{ loc: ["body", "email"], msg, type }`. */
function toFieldErrors(
  part: string,
  issues: { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> }[],
): FieldError[] {
  const prefix = PART_NAMES[part] ?? part;
  return issues.flatMap((issue) => {
    const path = issue.instancePath
      .split('/')
      .filter(Boolean)
      .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      return issue.params.keys.map((key) => ({
        loc: [prefix, ...path, String(key)],
        msg: 'unknown field',
        type: 'unrecognized_keys',
      }));
    }
    return [{ loc: [prefix, ...path], msg: issue.message ?? 'invalid value', type: issue.keyword }];
  });
}

/** Fastify's own client errors (bad JSON, wrong content type…), in words a client can act on. */
const FASTIFY_CLIENT_ERRORS: Record<string, (error: FastifyError) => [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => [400, 'Malformed JSON in the request body'],
  FST_ERR_CTP_EMPTY_JSON_BODY: () => [400, 'The request body is empty but its content type says JSON'],
  FST_ERR_CTP_BODY_TOO_LARGE: (e) => [413, e.message.replace(/^Request body is too large$/, 'The request body is too large')],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (e) => [415, `Unsupported content type: ${e.message.replace(/^Unsupported Media Type:\s*/, '')}`],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => [400, 'The Content-Length header does not match the body'],
};

/**
 * The one error handler: every failure leaves as `{ detail }` with the status a client expects.
 * 5xx details are logged, never sent.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const detail = toFieldErrors(error.validationContext ?? 'body', error.validation);
      return reply.code(422).send({ detail });
    }
    if (error instanceof ValidationError) {
      return reply.code(422).send({ detail: error.fieldErrors });
    }
    if (error instanceof DomainError) {
      if (error.status === 401) reply.header('www-authenticate', 'Bearer');
      return reply.code(error.status).send({ detail: error.message });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      const [status, detail] = known(error);
      return reply.code(status).send({ detail });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response did not match its contract');
      return reply.code(500).send({ detail: 'Internal Server Error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message || 'Bad Request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal Server Error' });
  });
}

/** Errors the router raises before any route runs (bad percent-encoding, over-long parameters). */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.code(414).send({ detail: 'A path parameter is too long' });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.code(400).send({ detail: 'The URL is not valid: "%" must start an escape such as %20' });
  }
  return reply.code(error.statusCode ?? 400).send({ detail: error.message || 'Bad Request' });
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request line or headers are too large'],
};

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (a 20 KB query string, a broken
 * request line). Fastify writes its own body shape there; this keeps ours: `{ "detail": … }`.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, detail] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Bad Request', 'The request is malformed'];
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
