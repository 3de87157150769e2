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

/** RFC 6455 "service restart": the client reconnects later (the ws-hub service is stopped). */
export const SERVICE_RESTART = 1012;
export const HUB_STOPPED_REASON = 'Live updates are stopped for maintenance; reconnect shortly';

/**
 * Registers one of the contract's websockets at `path` (`{name}` placeholders as in the contract).
 * OpenAPI cannot describe a websocket, so the route is hidden there; a plain HTTP GET is told
 * (426) to upgrade. Every socket passes the `ws-hub` gate here: refused (1012) while the hub is
 * stopped, otherwise tracked so stopping the hub closes it.
 */
export function socketRoute(app: FastifyInstance, path: string, serve: (socket: WebSocket, request: FastifyRequest) => void) {
  app.route({
    method: 'GET',
    url: path.replace(/\{(\w+)\}/g, ':$1'),
    schema: { hide: true },
    logSerializers: { req: withoutToken },
    handler: async (_request, reply) =>
      reply.code(426).header('upgrade', 'websocket').send({ detail: `${path} is a websocket; connect with ws:// or wss://` }),
    wsHandler: (socket, request) => {
      const registry = app.ctx.liveClients;
      if (!registry.accepting()) {
        socket.close(SERVICE_RESTART, HUB_STOPPED_REASON);
        return;
      }
      socket.once('close', registry.track(socket));
      serve(socket, request);
    },
  });
}
