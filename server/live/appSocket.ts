import type { FastifyInstance, FastifyRequest } from 'fastify';
import { liveConnection } from './connection';
import type { Kysely } from 'kysely';
import type { RawData, WebSocket } from 'ws';
import { AppClientMessage, AppServerMessage, AppSocketQuery, appSocket } from '../../contract/live/appSocket';
import type { TokenService } from '../domain/accounts/tokens';
import { UnauthorizedError } from '../domain/errors';
import type { Database } from '../store/schema';
import { topics, type Bus } from './bus';
import type { ClientRegistry } from './registry';
import { parseClientFrame, receiveWhenReady } from './clientFrames';
import { authenticateSocketToken, closeAtExpiry } from './socketAuth';
import { socketRoute } from './socketRoute';

/** What the socket needs; the app context has all of it. */
export interface AppSocketDeps {
  tokens: TokenService;
  db: Kysely<Database>;
  bus: Bus;
  liveClients: ClientRegistry;
}

/** Close codes: 4401 is DOMAIN.md's "log out, do not reconnect"; 1011 lets the app retry. */
const UNAUTHORIZED = 4401;
const SERVER_ERROR = 1011;

/** `/api/ws/app`: the signed-in user's live channel (contract/live/appSocket.ts). */
export function appSocketRoute(app: FastifyInstance, deps: AppSocketDeps) {
  socketRoute(app, appSocket.path, (socket, request) => serveConnection(deps, socket, request));
}

function serveConnection(deps: AppSocketDeps, socket: WebSocket, request: FastifyRequest) {
  const log = request.log;
  const connection = liveConnection(socket, AppServerMessage, log, '/api/ws/app');
  const { send } = connection;


  const receive = (data: RawData, isBinary: boolean) => {
    const message = parseClientFrame(AppClientMessage, data, isBinary);
    // Junk is the client's bug, not a reason to drop its live channel: note it and carry on.
    if (!message) return log.debug('ignored a malformed /api/ws/app message');
    if (message._type === 'ping') send({ _type: 'pong', data: { server_time: Date.now() } });
    // `resume` is accepted; notification catch-up after a reconnect arrives with notifications.
    else log.debug({ last_notification_id: message.params.last_notification_id }, 'resume on /api/ws/app');
  };

  async function start(): Promise<boolean> {
    const query = AppSocketQuery.safeParse(request.query);
    if (!query.success) {
      // Same words as bearer auth: no token at all, or one that cannot be a token (empty, repeated, huge).
      const given = typeof request.query === 'object' && request.query !== null && 'token' in request.query;
      return refuse(given ? new UnauthorizedError() : new UnauthorizedError('Not authenticated'));
    }
    let identity;
    try {
      identity = await authenticateSocketToken(deps, query.data.token);
    } catch (error) {
      if (error instanceof UnauthorizedError) return refuse(error);
      throw error;
    }
    if (!connection.open) return false;
    connection.onClose(deps.liveClients.add('app', identity.user.id));
    if (identity.expiresAt !== undefined) connection.onClose(closeAtExpiry(socket, identity.expiresAt));
    const ownTopics = [topics.user(identity.user.id), topics.everyone];
    if (identity.user.is_superuser) ownTopics.push(topics.admins);
    for (const topic of ownTopics) {
      const unsubscribe = await deps.bus.subscribe(topic, send);
      // Closed while subscribing: onClose undoes it at once.
      connection.onClose(unsubscribe);
    }
    return connection.open;
  }

  const refuse = (error: UnauthorizedError) => {
    socket.close(UNAUTHORIZED, error.message);
    return false;
  };

  // Handlers are attached before any await, so messages sent while the token is being checked
  // wait for it (in order) instead of being lost.
  const ready = start().catch((error: unknown) => {
    log.error({ err: error }, 'could not open /api/ws/app');
    if (connection.open) socket.close(SERVER_ERROR, 'Server error; try again');
    return false;
  });
  receiveWhenReady(socket, ready, () => connection.open, receive);
}
