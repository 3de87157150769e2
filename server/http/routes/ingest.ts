import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pick } from '../../../contract/endpoint';
import { ingestEndpoints } from '../../../contract/market/endpoints';
import { checkAuthCode } from '../../feeds/irproxy/authCode';
import { createIrproxyIngest } from '../../feeds/irproxy/irproxyIngest';
import { serve } from '../route';

/**
 * A full batch (INGEST_MAX_KLINES candles of ~110–200 bytes of JSON each) is 1–2 MiB, over the
 * server's general body limit; this route alone accepts up to 4 MiB.
 */
const INGEST_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * `/irproxy/simple_cache_receive/`: batches pushed by the relay. The auth_code is checked before
 * the body is validated, so a caller without the secret learns nothing about the batch format
 * from 422s, and a wrong code stores nothing whatever it sent.
 */
export function ingestRoutes(app: FastifyInstance) {
  const { config, services } = app.ctx;
  const ingest = createIrproxyIngest({ markets: services.markets, klines: services.klines });

  void app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit = Math.max(route.bodyLimit ?? 0, config.bodyLimitBytes, INGEST_BODY_LIMIT);
    });
    scope.addHook('preValidation', async (request: FastifyRequest) => {
      checkAuthCode(config.irproxyAuthCode, (request.query as Record<string, unknown> | undefined)?.auth_code);
    });
    serve(scope, pick(ingestEndpoints, 'ingest.simpleCacheReceive'), async ({ body }) => ingest.receive(body));
  });
}
