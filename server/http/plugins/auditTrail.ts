import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUDITED_ACTIONS } from '../../../contract/system/audit';

const AUDITED = new Set<string>(AUDITED_ACTIONS);

/**
 * Records every audited admin call in the audit log before its answer leaves (onSend), so a
 * client that reads the log right after its call finds it. Refused calls are recorded too, once
 * the caller is known; a failure to record is logged and never changes the answer.
 */
export function registerAuditTrail(app: FastifyInstance) {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const action = request.routeOptions.config?.endpointId;
    if (typeof action !== 'string' || !AUDITED.has(action) || !request.user) return payload;
    try {
      await app.ctx.services.audit.record({
        user: { id: request.user.id, email: request.user.email },
        action,
        method: request.method,
        path: request.url.split('?')[0] ?? request.url,
        params: request.params,
        query: request.query,
        body: request.body,
        statusCode: reply.statusCode,
      });
    } catch (err) {
      request.log.error({ err, action }, 'an admin call could not be written to the audit log');
    }
    return payload;
  });
}
