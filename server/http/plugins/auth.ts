import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Access } from '../../../contract/endpoint';
import { ForbiddenError, UnauthorizedError } from '../../domain/errors';
import { usersRepository } from '../../store/repositories/users';
import type { UserRow } from '../../store/schema';

/**
 * Who is calling: a bearer JWT (`Authorization: Bearer …`) or a personal API key
 * (`X-API-Key: bsk_…`). Anything present but wrong is a 401, never a silent anonymous call.
 */
async function identify(app: FastifyInstance, request: FastifyRequest): Promise<UserRow> {
  const { tokens, services, db } = app.ctx;
  const header = request.headers.authorization;
  const apiKey = request.headers['x-api-key'];
  let userId: number | undefined;
  if (typeof header === 'string' && header.length > 0) {
    const [scheme, token, ...rest] = header.trim().split(/\s+/);
    if (scheme?.toLowerCase() !== 'bearer' || !token || rest.length > 0) {
      throw new UnauthorizedError('Authorization header must be "Bearer <token>"');
    }
    userId = (await tokens.verifyAccess(token)).userId;
  } else if (typeof apiKey === 'string' && apiKey.length > 0) {
    userId = await services.secrets.userIdForKey(apiKey);
    if (userId === undefined) throw new UnauthorizedError('Invalid API key');
  } else {
    throw new UnauthorizedError('Not authenticated');
  }
  const user = await usersRepository.findById(db, userId);
  if (!user) throw new UnauthorizedError();
  // 401 rather than 403: a disabled account's session must end, and clients log out on 401.
  if (!user.is_active) throw new UnauthorizedError('This account is disabled');
  return user;
}

export function requireAccess(access: Access): preHandlerAsyncHookHandler {
  return async function checkAccess(this: FastifyInstance, request) {
    if (access === 'public' || access === 'code') return;
    request.user = await identify(this, request);
    if (access === 'admin' && !request.user.is_superuser) throw new ForbiddenError('Admin access required');
  };
}
