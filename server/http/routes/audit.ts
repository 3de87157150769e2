import type { FastifyInstance } from 'fastify';
import { pick } from '../../../contract/endpoint';
import { extensionEndpoints } from '../../../contract/system/endpoints';
import { serve } from '../route';

/** The audit log's read (recording happens in plugins/auditTrail.ts for every audited call). */
export function auditRoutes(app: FastifyInstance) {
  const { audit } = app.ctx.services;
  serve(app, pick(extensionEndpoints, 'audit.list'), async ({ query }) => audit.list(query));
}
