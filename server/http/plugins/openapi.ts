import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const DESCRIPTION = `The API of Bazaar Signal, generated from the shared zod contract.

Errors always have the shape \`{ "detail": … }\`: a sentence, or for 422 a list of
\`{ loc, msg, type }\` field errors.

Live data flows over websockets, which OpenAPI cannot describe: \`/api/ws/app\`,
\`/api/ws/market/{market}/live_price\` and \`/api/ws/portfolio/{portfolioId}\`, each authenticated
with \`?token=<access token>\` and carrying JSON messages \`{ "_type", "params", "data" }\`.`;

/** The OpenAPI document (`/api/openapi.json`) and interactive docs (`/api/docs`), from the contract. */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Bazaar Signal API', version, description: DESCRIPTION },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // No staticCSP: its default policy upgrades to https and blocks Swagger UI's own inline
    // styles; the app-wide helmet policy (scripts from self only) already fits these pages.
    uiConfig: { docExpansion: 'list', deepLinking: true, persistAuthorization: true },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
