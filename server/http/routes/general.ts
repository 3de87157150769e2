import type { FastifyInstance } from 'fastify';
import { configEndpoints, quoteEndpoints, timeEndpoints } from '../../../contract/general/endpoints';
import { pick } from '../../../contract/endpoint';
import { MARKETS, TIMEFRAMES } from '../../../contract/codes';
import { APP_VERSION } from '../../version';
import { serve } from '../route';

/** How often the app refreshes config and market info: one day, per the spec. */
const APP_REFRESH_MS = 86_400_000;

export function generalRoutes(app: FastifyInstance) {
  const { config, services } = app.ctx;

  serve(app, pick(configEndpoints, 'config.get'), async () => ({
    app_name: { fa: 'سیگنال بازار', en: 'Bazaar Signal' },
    version: APP_VERSION,
    open_registration: config.openRegistration,
    default_language: 'fa-IR' as const,
    languages: ['fa-IR' as const, 'en-US' as const],
    default_theme: 'light' as const,
    timeframes: [...TIMEFRAMES],
    markets: [...MARKETS],
    refresh_interval_ms: APP_REFRESH_MS,
    server_time: new Date().toISOString(),
  }));

  serve(app, pick(timeEndpoints, 'utility.getTime'), async ({ query }) => {
    const now = Date.now();
    const timestamp = query.rounded ? Math.floor(now / 1000) * 1000 : now;
    return { timestamp, iso: new Date(timestamp).toISOString(), timezone: 'UTC' as const };
  });

  serve(app, pick(quoteEndpoints, 'quotes.random'), async () => services.quotes.random());
  serve(app, pick(quoteEndpoints, 'quotes.get'), async ({ params }) => services.quotes.get(params.id));
}
