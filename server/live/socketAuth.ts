import { decodeJwt } from 'jose';
import type { Kysely } from 'kysely';
import { userForAccessToken } from '../domain/accounts/accessTokenUser';
import type { TokenService } from '../domain/accounts/tokens';
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
