import type { FastifyInstance } from 'fastify';
import { authEndpoints } from '../../../contract/accounts/endpoints';
import { pick } from '../../../contract/endpoint';
import { toUser } from '../../store/repositories/users';
import { credentialRateLimit } from '../plugins/rateLimit';
import { serve } from '../route';

export function authRoutes(app: FastifyInstance) {
  const { services, tokens, config } = app.ctx;
  const limited = { rateLimit: credentialRateLimit(config) };

  serve(
    app,
    pick(authEndpoints, 'auth.login'),
    async ({ body }) => {
      const row = await services.accounts.authenticate(body.username, body.password);
      const issued = await tokens.issueAccess(row.id, config.accessTokenExpireMinutes);
      return { access_token: issued.token, token_type: 'bearer' as const, expires_at: issued.expiresAt, user: toUser(row) };
    },
    limited,
  );

  serve(app, pick(authEndpoints, 'auth.testToken'), async ({ user }) => toUser(user));

  serve(
    app,
    pick(authEndpoints, 'auth.passwordRecovery'),
    async ({ params }) => ({ msg: await services.recovery.requestRecovery(params.email) }),
    limited,
  );

  serve(
    app,
    pick(authEndpoints, 'auth.resetPassword'),
    async ({ body }) => {
      await services.recovery.resetPassword(body.token, body.new_password);
      return { msg: 'Password updated; sign in with the new password' };
    },
    limited,
  );
}
