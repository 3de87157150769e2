import type { FastifyInstance, FastifyRequest } from 'fastify';
import { liveConnection } from './connection';
import type { RawData, WebSocket } from 'ws';
import { portfolioSocket } from '../../contract/portfolio/endpoints';
import { PortfolioClientMessage, PortfolioServerMessage, PortfolioSocketQuery } from '../../contract/portfolio/socket';
import { IdParam } from '../../contract/common';
import { UnauthorizedError } from '../domain/errors';
import { portfolioTopic } from '../domain/portfolios/ledger/portfolioTopic';
import { portfoliosRepository } from '../store/repositories/portfolios';
import { parseClientFrame, receiveWhenReady } from './clientFrames';
import { authenticateSocketToken, closeAtExpiry } from './socketAuth';
import { socketRoute } from './socketRoute';

/** Close codes of the contract: 4401 log out and do not reconnect; 4403 not yours (or no such portfolio). */
const UNAUTHORIZED = 4401;
const FORBIDDEN = 4403;
const SERVER_ERROR = 1011;

/** `/api/ws/portfolio/{portfolioId}` (issue 6): balance, order and portfolio messages of one portfolio, to its owner. */
export function portfolioSocketRoute(app: FastifyInstance) {
  socketRoute(app, portfolioSocket.path, (socket, request) => serveConnection(app, socket, request));
}

function serveConnection(app: FastifyInstance, socket: WebSocket, request: FastifyRequest) {
  const { tokens, db, bus, liveClients } = app.ctx;
  const log = request.log;
  const connection = liveConnection(socket, PortfolioServerMessage, log, 'portfolio');
  const { send } = connection;


  const receive = (data: RawData, isBinary: boolean) => {
    const message = parseClientFrame(PortfolioClientMessage, data, isBinary);
    if (!message) return send({ _type: 'error', params: {}, data: { code: 'bad_message', detail: 'expected {"_type":"ping"}' } });
    send({ _type: 'pong', params: {}, data: { server_time: Date.now() } });
  };

  const close = (code: number, reason: string) => {
    socket.close(code, reason);
    return false;
  };

  async function start(): Promise<boolean> {
    const query = PortfolioSocketQuery.safeParse(request.query);
    if (!query.success) return close(UNAUTHORIZED, 'Not authenticated');
    let identity;
    try {
      identity = await authenticateSocketToken({ tokens, db }, query.data.token);
    } catch (error) {
      if (error instanceof UnauthorizedError) return close(UNAUTHORIZED, error.message);
      throw error;
    }
    if (!connection.open) return false;
    // An unknown id and another user's id close alike, so ids cannot be probed.
    const id = IdParam.safeParse((request.params as { portfolioId?: string }).portfolioId);
    const portfolio = id.success ? await portfoliosRepository.findOwned(db, identity.user.id, id.data) : undefined;
    if (!portfolio) return close(FORBIDDEN, 'Portfolio not found');
    if (!connection.open) return false;
    connection.onClose(liveClients.add('portfolio', identity.user.id));
    if (identity.expiresAt !== undefined) connection.onClose(closeAtExpiry(socket, identity.expiresAt));
    const unsubscribe = await bus.subscribe(portfolioTopic(portfolio.id), (message) => {
      send(message);
      const m = message as { _type?: string; params?: { reason?: string } };
      if (m._type === 'portfolio' && m.params?.reason === 'deleted') socket.close(1000, 'Portfolio deleted');
    });
    connection.onClose(unsubscribe);
    return connection.open;
  }

  const ready = start().catch((error: unknown) => {
    log.error({ err: error }, 'could not open the portfolio socket');
    if (connection.open) socket.close(SERVER_ERROR, 'Server error; try again');
    return false;
  });
  receiveWhenReady(socket, ready, () => connection.open, receive);
}
