import { decodeJwt } from 'jose';
import type { Kysely } from 'kysely';
import { userForAccessToken } from '../domain/accounts/accessTokenUser';
import type { TokenService } from '../domain/accounts/tokens';
import type { WebSocket } from 'ws';
import type { Database, UserRow } from '../store/schema';

export interface SocketIdentity {
  user: UserRow;
  /** When the token stops being valid (epoch ms), so a long-lived socket can end with it. */
  expiresAt: number | undefined;
}

/**
 * The `?token=` of a websocket, checked by the same rules as bearer auth (http/plugins/auth.ts):
 * a valid, unexpired access token of an existing, active user. Throws UnauthorizedError, which
 * the sockets turn into close code 4401 (the app logs out and does not reconnect). Browsers
 * cannot set headers on a websocket, hence the query, and no API key here.
 */
export async function authenticateSocketToken(
  deps: { tokens: TokenService; db: Kysely<Database> },
  token: string,
): Promise<SocketIdentity> {
  const user = await userForAccessToken(deps, token);
  // Already verified above, so decoding (not verifying again) is enough to read `exp`.
  const { exp } = decodeJwt(token);
  return { user, expiresAt: typeof exp === 'number' ? exp * 1000 : undefined };
}

/** The contract's close code for "log out, do not reconnect". */
const UNAUTHORIZED = 4401;
/** setTimeout fires at once for more than 2^31-1 ms; long token lifetimes re-arm in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Bearer calls are checked one by one; a socket outlives its token unless it is ended here. */
export function closeAtExpiry(socket: WebSocket, expiresAt: number): () => void {
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    const left = expiresAt - Date.now();
    if (left <= 0) return socket.close(UNAUTHORIZED, 'Token has expired');
    timer = setTimeout(check, Math.min(left, MAX_TIMER_MS));
    timer.unref();
  };
  check();
  return () => clearTimeout(timer);
}
