import type { FastifyInstance } from 'fastify';
import { profileEndpoints } from '../../../contract/accounts/endpoints';
import { pick } from '../../../contract/endpoint';
import { serve } from '../route';

export function profileRoutes(app: FastifyInstance) {
  const { profiles } = app.ctx.services;
  serve(app, pick(profileEndpoints, 'profile.get'), async ({ user }) => profiles.get(user.id));
  serve(app, pick(profileEndpoints, 'profile.update'), async ({ user, body }) => profiles.update(user.id, body));
}
