import type { FastifyInstance } from 'fastify';
import { pick } from '../../../contract/endpoint';
import { serviceEndpoints } from '../../../contract/system/endpoints';
import { serve } from '../route';

const endpoint = <I extends (typeof serviceEndpoints)[number]['id']>(id: I) => pick(serviceEndpoints, id);

/** /service_manager/* rows (issue 8): the admin's view and control of the background services. */
export function serviceRoutes(app: FastifyInstance) {
  const manager = app.ctx.services.serviceManager;

  serve(app, endpoint('services.list'), async ({ query }) => {
    const data = await manager.list(query.include_service_data ?? false);
    return { data, count: data.length };
  });

  serve(app, endpoint('services.status'), async ({ query }) => manager.info(query.service_name));

  serve(app, endpoint('services.data'), async ({ query }) => manager.data(query.service_name));

  // Its own scope, so the hook below touches this route only.
  void app.register(async (scoped) => {
    // "No body" (the usual start/stop/restart) reaches validation as null; it means no arguments.
    scoped.addHook('preValidation', async (request) => {
      request.body ??= {};
    });
    serve(scoped, endpoint('services.sendCommand'), async ({ query, body }) => {
      const { result, service } = await manager.command(query.service_name, query.command, body ?? {});
      return { command: query.command, service, result, msg: `${query.command} sent to ${service.name}; it is ${service.status}` };
    });
  });
}
