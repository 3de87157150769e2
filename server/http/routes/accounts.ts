import type { FastifyInstance } from 'fastify';
import { accountEndpoints } from '../../../contract/accounts/endpoints';
import { pick } from '../../../contract/endpoint';
import type { UserRow } from '../../store/schema';
import { toUser } from '../../store/repositories/users';
import { credentialRateLimit } from '../plugins/rateLimit';
import { serve } from '../route';

const actorOf = (user: UserRow) => ({ id: user.id, isSuperuser: user.is_superuser === 1 });

export function accountRoutes(app: FastifyInstance) {
  const { services, config } = app.ctx;

  serve(app, pick(accountEndpoints, 'accounts.list'), async ({ query }) => services.accounts.list(query));
  serve(app, pick(accountEndpoints, 'accounts.create'), async ({ body }) => services.accounts.create(body));
  serve(app, pick(accountEndpoints, 'accounts.me'), async ({ user }) => toUser(user));
  serve(app, pick(accountEndpoints, 'accounts.meLegacy'), async ({ user }) => toUser(user));
  serve(app, pick(accountEndpoints, 'accounts.secret'), async ({ user }) => services.secrets.getOrCreate(user.id));
  serve(app, pick(accountEndpoints, 'accounts.open'), async ({ body }) => services.accounts.register(body), {
    rateLimit: credentialRateLimit(config),
  });
  serve(app, pick(accountEndpoints, 'accounts.get'), async ({ user, params }) =>
    services.accounts.get(actorOf(user), params.userId),
  );
  serve(app, pick(accountEndpoints, 'accounts.update'), async ({ user, params, body }) =>
    services.accounts.update(actorOf(user), params.userId, body),
  );
}
