import { fromCallback } from 'xstate';
import type { TransportEvent, TransportInput } from '../machines/socketMachine';
import { openTransport } from '../services/socketTransport';

/**
 * The websocket behind every socket machine (the app socket, a market's live prices, a chart's),
 * reporting what happens on it. The machine's transport must never throw: a connection that
 * cannot even be opened is reported as an error and a 1006 close, like a dropped one.
 */
export const websocketTransport = fromCallback<TransportEvent, TransportInput>(({ input, sendBack, receive }) => {
  let transport;
  try {
    transport = openTransport(input.href, (event) => sendBack(event));
  } catch {
    sendBack({ type: 'socket.error' });
    sendBack({ type: 'socket.closed', code: 1006 });
    return () => undefined;
  }
  const open = transport;
  receive((event) => open.send(event.message));
  return () => open.close();
});
