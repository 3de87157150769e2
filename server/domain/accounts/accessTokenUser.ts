import type { Kysely } from 'kysely';
import { usersRepository } from '../../store/repositories/users';
import type { Database, UserRow } from '../../store/schema';
import { UnauthorizedError } from '../errors';
import type { TokenService } from './tokens';

/**
 * The user behind an access token: valid, unexpired, of the access purpose, and an existing,
 * active account. Anything else is UnauthorizedError — 401 over HTTP, close 4401 on a socket —
 * so a disabled account's sessions end and clients log out.
 */
export async function userForAccessToken(deps: { tokens: TokenService; db: Kysely<Database> }, token: string): Promise<UserRow> {
  const { userId } = await deps.tokens.verifyAccess(token);
  return activeUser(deps.db, userId);
}

export async function activeUser(db: Kysely<Database>, userId: number): Promise<UserRow> {
  const user = await usersRepository.findById(db, userId);
  if (!user) throw new UnauthorizedError();
  if (!user.is_active) throw new UnauthorizedError('This account is disabled');
  return user;
}
