import type { FastifyInstance, FastifyRequest } from 'fastify';
import { liveConnection } from './connection';
import type { RawData, WebSocket } from 'ws';
import type { DataSourceName } from '../../contract/codes';
import { livePriceSocket } from '../../contract/market/endpoints';
import {
  LIVE_MAX_SYMBOLS,
  LivePriceClientMessage,
  LivePriceQuery,
  LivePriceServerMessage,
  type LiveErrorCode,
} from '../../contract/market/live';
import { MarketName } from '../../contract/codes';
import { NotFoundError, UnauthorizedError } from '../domain/errors';
import type { HubSocket } from '../feeds/priceHub';
import { parseClientFrame, receiveWhenReady } from './clientFrames';
import { authenticateSocketToken, closeAtExpiry } from './socketAuth';
import { socketRoute } from './socketRoute';

/** Close codes of the contract: 4401 log out and do not reconnect; 4404 no such market. */
const UNAUTHORIZED = 4401;
const UNKNOWN_MARKET = 4404;
const BAD_REQUEST = 1008;
const SERVER_ERROR = 1011;

/** `/api/ws/market/{market}/live_price` (issue 4): a snapshot, then coalesced price batches. */
export function livePriceRoute(app: FastifyInstance) {
  socketRoute(app, livePriceSocket.path, (socket, request) => serveConnection(app, socket, request));
}

function serveConnection(app: FastifyInstance, socket: WebSocket, request: FastifyRequest) {
  const { services, tokens, db } = app.ctx;
  const log = request.log;
  const connection = liveConnection(socket, LivePriceServerMessage, log, 'live_price');
  const { send } = connection;

  let market = '';
  let source: DataSourceName = 'simulated';
  let known = new Set<string>();
  /** Followed symbols; null = the whole market. */
  let following: Set<string> | null = null;
  /** Until the snapshot is out, the hub sees a "full" socket and coalesces prices for later. */
  let holding = true;
  const hubSocket: HubSocket = {
    send: (data) => socket.send(data),
    get bufferedAmount() {
      return holding ? Number.POSITIVE_INFINITY : socket.bufferedAmount;
    },
    get readyState() {
      return socket.readyState;
    },
  };

  const params = () => ({ market, source, timestamp: Date.now() });
  const sendError = (code: LiveErrorCode, message: string) => send({ _type: 'error', params: params(), data: { code, message } });

  async function start(): Promise<boolean> {
    const query = LivePriceQuery.safeParse(request.query);
    const raw = (request.query ?? {}) as Record<string, unknown>;
    if (typeof raw.token !== 'string' || raw.token === '') return close(UNAUTHORIZED, 'Not authenticated');
    let identity;
    try {
      identity = await authenticateSocketToken({ tokens, db }, raw.token);
    } catch (error) {
      if (error instanceof UnauthorizedError) return close(UNAUTHORIZED, error.message);
      throw error;
    }
    if (!connection.open) return false;
    connection.onClose(app.ctx.liveClients.add('market', identity.user.id));
    if (identity.expiresAt !== undefined) connection.onClose(closeAtExpiry(socket, identity.expiresAt));
    if (!query.success) {
      const issue = query.error.issues[0];
      return close(BAD_REQUEST, `${issue?.path.join('.') ?? 'query'}: ${issue?.message ?? 'invalid'}`.slice(0, 120));
    }
    const name = (request.params as { market?: string }).market ?? '';
    if (!MarketName.safeParse(name).success) return close(UNKNOWN_MARKET, 'Market not found');
    try {
      market = (await services.markets.getMarket(name)).name;
      known = new Set((await services.markets.activeSymbols(market)).map((s) => s.name));
    } catch (error) {
      if (error instanceof NotFoundError) return close(UNKNOWN_MARKET, error.message);
      throw error;
    }
    source = query.data.source ?? (await services.feeds.sourceOf(market));
    if (!connection.open) return false;
    const hub = services.feeds.hub(market);
    const remove = await hub.add({ socket: hubSocket, source, symbols: null });
    connection.onClose(remove);
    if (!connection.open) return false;
    if (query.data.initialize_market) {
      const data = await services.feeds.snapshot(market, [...known]);
      send({ _type: 'snapshot', params: params(), data });
    }
    holding = false;
    return connection.open;
  }

  const close = (code: number, reason: string) => {
    socket.close(code, reason);
    return false;
  };

  const receive = (data: RawData, isBinary: boolean) => {
    const message = parseClientFrame(LivePriceClientMessage, data, isBinary);
    if (!message) return sendError('bad_message', 'expected {"_type":"ping"|"subscribe"|"unsubscribe", …}');
    if (message._type === 'ping') return send({ _type: 'pong', params: params(), data: { server_time: Date.now() } });
    const names = message.data.symbols.map((s) => s.trim());
    const unknown = names.filter((n) => !known.has(n));
    if (unknown.length > 0) return sendError('unknown_symbol', `not symbols of ${market}: ${unknown.slice(0, 10).join(', ')}`);
    if (message._type === 'subscribe') {
      const next = new Set(following ?? []);
      for (const n of names) next.add(n);
      if (next.size > LIVE_MAX_SYMBOLS) return sendError('too_many_symbols', `at most ${LIVE_MAX_SYMBOLS} symbols`);
      following = next;
    } else {
      const next = new Set(following ?? known);
      for (const n of names) next.delete(n);
      following = next;
    }
    services.feeds.hub(market).setSymbols(hubSocket, following);
    send({ _type: 'subscription', params: params(), data: { symbols: following ? [...following] : null } });
  };

  const ready = start().catch((error: unknown) => {
    log.error({ err: error }, 'could not open live_price');
    if (connection.open) socket.close(SERVER_ERROR, 'Server error; try again');
    return false;
  });
  receiveWhenReady(socket, ready, () => connection.open, receive);
}
