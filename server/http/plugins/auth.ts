import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Access } from '../../../contract/endpoint';
import { ForbiddenError, UnauthorizedError } from '../../domain/errors';
import { activeUser, userForAccessToken } from '../../domain/accounts/accessTokenUser';
import type { UserRow } from '../../store/schema';

/**
 * Who is calling: a bearer JWT (`Authorization: Bearer …`) or a personal API key
 * (`X-API-Key: bsk_…`). Anything present but wrong is a 401, never a silent anonymous call.
 */
async function identify(app: FastifyInstance, request: FastifyRequest): Promise<UserRow> {
  const { tokens, services, db } = app.ctx;
  const header = request.headers.authorization;
  const apiKey = request.headers['x-api-key'];
  if (typeof header === 'string' && header.length > 0) {
    const [scheme, token, ...rest] = header.trim().split(/\s+/);
    if (scheme?.toLowerCase() !== 'bearer' || !token || rest.length > 0) {
      throw new UnauthorizedError('Authorization header must be "Bearer <token>"');
    }
    return userForAccessToken({ tokens, db }, token);
  }
  if (typeof apiKey === 'string' && apiKey.length > 0) {
    const userId = await services.secrets.userIdForKey(apiKey);
    if (userId === undefined) throw new UnauthorizedError('Invalid API key');
    return activeUser(db, userId);
  }
  throw new UnauthorizedError('Not authenticated');
}

export function requireAccess(access: Access): preHandlerAsyncHookHandler {
  return async function checkAccess(this: FastifyInstance, request) {
    if (access === 'public' || access === 'code') return;
    request.user = await identify(this, request);
    if (access === 'admin' && !request.user.is_superuser) throw new ForbiddenError('Admin access required');
  };
}
