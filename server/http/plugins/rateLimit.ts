import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { DomainError } from '../../domain/errors';

/** Off by default; the routes that guess at credentials (login, recovery, sign-up) turn it on. */
export async function registerRateLimit(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new DomainError(429, `Too many requests; try again in ${context.after}`),
  });
}

/** Per-client-address limit for the credential routes. */
export const credentialRateLimit = (config: Config) => ({
  max: config.authRateLimitPerMinute,
  timeWindow: 60_000,
});
