import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

/** The request log line of a socket: the access token travels in the query, so it is redacted. */
function withoutToken(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(/([?&]token=)[^&]*/gi, '$1[redacted]'),
    remoteAddress: request.ip,
  };
}

/**
 * Registers one of the contract's websockets at `path` (`{name}` placeholders as in the contract).
 * OpenAPI cannot describe a websocket, so the route is hidden there; a plain HTTP GET is told
 * (426) to upgrade.
 */
export function socketRoute(app: FastifyInstance, path: string, serve: (socket: WebSocket, request: FastifyRequest) => void) {
  app.route({
    method: 'GET',
    url: path.replace(/\{(\w+)\}/g, ':$1'),
    schema: { hide: true },
    logSerializers: { req: withoutToken },
    handler: async (_request, reply) =>
      reply.code(426).header('upgrade', 'websocket').send({ detail: `${path} is a websocket; connect with ws:// or wss://` }),
    wsHandler: serve,
  });
}
